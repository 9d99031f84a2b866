# trident_add_plugin(NAME SOURCES... [OUTPUT_DIRECTORY dir] [DEPENDS tgt...])
#
# Builds a Trident plugin: a shared library linked against libTridentCore.so
# (which holds the one copy of MLIR and LLVM in the process), with hidden
# visibility so that only the TRIDENT_PLUGIN_EXPORT entry point is exported.
# Used in the tree and, through find_package(Trident), by out-of-tree plugins.
function(trident_add_plugin name)
  cmake_parse_arguments(ARG "" "OUTPUT_DIRECTORY" "DEPENDS" ${ARGN})
  add_library(${name} MODULE ${ARG_UNPARSED_ARGUMENTS})
  target_link_libraries(${name} PRIVATE Trident::TridentCore)
  set_target_properties(${name} PROPERTIES
    PREFIX "lib"
    CXX_VISIBILITY_PRESET hidden
    VISIBILITY_INLINES_HIDDEN ON
    CXX_STANDARD 17)
  if(ARG_OUTPUT_DIRECTORY)
    set_target_properties(${name} PROPERTIES
      LIBRARY_OUTPUT_DIRECTORY ${ARG_OUTPUT_DIRECTORY})
  endif()
  if(ARG_DEPENDS)
    add_dependencies(${name} ${ARG_DEPENDS})
  endif()
  # A plugin must not carry MLIR of its own: every MLIR/LLVM symbol it uses
  # resolves to libTridentCore.so.
  target_link_options(${name} PRIVATE "LINKER:-z,defs")
endfunction()

# trident_tablegen(OUTPUT TD_FILE ARGS...): runs mlir-tblgen on TD_FILE with
# ARGS (e.g. -gen-pass-decls) into ${CMAKE_CURRENT_BINARY_DIR}/OUTPUT, with
# the MLIR include path. List OUTPUT among the plugin's sources (or in a
# custom target it depends on) so that it is generated first. Out-of-tree
# plugins use it instead of MLIR's own CMake, which would link MLIR again.
function(trident_tablegen output td)
  if(NOT TRIDENT_TABLEGEN_EXE)
    set(TRIDENT_TABLEGEN_EXE /usr/lib/llvm-22/bin/mlir-tblgen)
  endif()
  get_filename_component(td_abs ${td} ABSOLUTE)
  get_filename_component(td_dir ${td_abs} DIRECTORY)
  set(includes -I ${td_dir})
  foreach(dir ${TRIDENT_MLIR_INCLUDE_DIR} ${TRIDENT_INCLUDE_DIRS})
    list(APPEND includes -I ${dir})
  endforeach()
  add_custom_command(
    OUTPUT ${CMAKE_CURRENT_BINARY_DIR}/${output}
    COMMAND ${TRIDENT_TABLEGEN_EXE} ${ARGN} ${includes} ${td_abs}
            -o ${CMAKE_CURRENT_BINARY_DIR}/${output}
    DEPENDS ${td_abs}
    COMMENT "mlir-tblgen ${output}")
endfunction()
