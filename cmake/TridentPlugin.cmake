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

# trident_add_lit_tests(NAME TEST_DIR PLUGINS target...)
# A lit suite for plugins, run by ctest as test NAME: the .mlir and .test
# files of TEST_DIR, whose RUN lines have trident-opt, trident-compile and
# the other installed tools, FileCheck and not on PATH, and %plugin_<target>
# for each plugin's library:
#   // RUN: trident-compile --load-plugin=%plugin_my-plugin --print-pipeline | FileCheck %s
function(trident_add_lit_tests name test_dir)
  cmake_parse_arguments(ARG "" "" "PLUGINS" ${ARGN})
  set(llvm_tools "${TRIDENT_LLVM_TOOLS_DIR}")
  if(NOT llvm_tools)
    set(llvm_tools /usr/lib/llvm-22/bin)
  endif()
  find_program(TRIDENT_LIT_EXE NAMES lit llvm-lit HINTS ${llvm_tools} REQUIRED)
  get_filename_component(source_root ${test_dir} ABSOLUTE)
  set(exec_root ${CMAKE_CURRENT_BINARY_DIR}/${name})
  set(tools_dir "${TRIDENT_TOOLS_DIR}")
  if(NOT tools_dir AND TARGET trident-opt) # in Trident's own tree
    set(tools_dir $<TARGET_FILE_DIR:trident-opt>)
  endif()
  set(subs "")
  foreach(p ${ARG_PLUGINS})
    string(APPEND subs
      "config.substitutions.append(('%plugin_${p}', '$<TARGET_FILE:${p}>'))\n")
  endforeach()
  file(GENERATE OUTPUT ${exec_root}/lit.cfg.py CONTENT
"import os
import lit.formats
config.name = '${name}'
config.test_format = lit.formats.ShTest(True)
config.suffixes = ['.mlir', '.test']
config.test_source_root = '${source_root}'
config.test_exec_root = '${exec_root}'
config.environment['PATH'] = os.pathsep.join(
    ['${tools_dir}', '${llvm_tools}', config.environment.get('PATH', '')])
${subs}")
  add_test(NAME ${name} COMMAND ${TRIDENT_LIT_EXE} -sv ${exec_root})
endfunction()
