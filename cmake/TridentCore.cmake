# Helpers that assemble libTridentCore.so: Trident's own objects plus MLIR and
# LLVM linked statically inside it, with their symbols exported, so that the
# tools, the Python layer and every plugin share exactly one copy of MLIR.

set(MLIR_TABLEGEN_EXE /usr/lib/llvm-22/bin/mlir-tblgen CACHE FILEPATH "" FORCE)
set(MLIR_TABLEGEN_TARGET "" CACHE STRING "" FORCE)

# trident_add_component(NAME SOURCES... [DEPENDS tgt...])
# An object library whose objects go into libTridentCore.so.
function(trident_add_component name)
  cmake_parse_arguments(ARG "" "" "DEPENDS" ${ARGN})
  add_library(${name} OBJECT ${ARG_UNPARSED_ARGUMENTS})
  if(ARG_DEPENDS)
    add_dependencies(${name} ${ARG_DEPENDS})
  endif()
  set_property(GLOBAL APPEND PROPERTY TRIDENT_CORE_COMPONENTS ${name})
endfunction()

# The MLIR and LLVM archives the core is linked from. Archives are scanned as
# one group, so only what is referenced is pulled in; the whole-archive set
# below is pulled in entirely because plugins may use any of it.
set(TRIDENT_LLVM_LIBDIR /usr/lib/llvm-22/lib)
file(GLOB TRIDENT_MLIR_ARCHIVES ${TRIDENT_LLVM_LIBDIR}/libMLIR*.a)
list(FILTER TRIDENT_MLIR_ARCHIVES EXCLUDE REGEX
     "libMLIR(CAPI|Test|ExecutionEngineShared|TblgenLib|TableGen|LspServer|PDLL|QueryLib|ReduceLib|MlirOptMain|SparseTensorRuntime|TargetIRDLToCpp|SPIRV|Tosa|Shard|MPI|ArmSME|XeGPU|XeVM|WasmSSA|TargetWasm|OpenACC|OpenMP|EmitC|TargetCpp|SMT|ExportSMTLIB|Async|Quant|MLProgram|VCIX)")
set(TRIDENT_LLVM_COMPONENTS
    core support irreader irprinter passes target analysis asmparser
    bitreader bitwriter linker transformutils instcombine scalaropts ipo
    frontendopenmp frontendoffloading
    nvptxcodegen nvptxdesc nvptxinfo
    amdgpucodegen amdgpuasmparser amdgpudesc amdgpuinfo
    x86codegen x86asmparser x86desc x86info
    orcjit executionengine mcjit)
execute_process(
  COMMAND /usr/lib/llvm-22/bin/llvm-config --link-static --libfiles ${TRIDENT_LLVM_COMPONENTS}
  OUTPUT_VARIABLE TRIDENT_LLVM_ARCHIVES OUTPUT_STRIP_TRAILING_WHITESPACE
  COMMAND_ERROR_IS_FATAL ANY)
separate_arguments(TRIDENT_LLVM_ARCHIVES UNIX_COMMAND "${TRIDENT_LLVM_ARCHIVES}")

set(TRIDENT_WHOLE_ARCHIVES)
foreach(lib
    # LLVMSupport is not taken whole: its Z3 solver would drag in libz3.
    MLIRSupport MLIRIR MLIRPass MLIRParser MLIRAsmParser MLIRBytecodeReader
    MLIRBytecodeWriter MLIRBytecodeOpInterface MLIRRewrite MLIRTransformUtils
    MLIRTransforms MLIRAnalysis MLIRDialect MLIRDialectUtils
    MLIRSideEffectInterfaces MLIRControlFlowInterfaces MLIRCallInterfaces
    MLIRFunctionInterfaces MLIRInferTypeOpInterface MLIRLoopLikeInterface
    MLIRCastInterfaces MLIRMemorySlotInterfaces MLIRInferIntRangeInterface
    MLIRArithDialect MLIRMathDialect MLIRSCFDialect MLIRFuncDialect
    MLIRControlFlowDialect MLIRUBDialect MLIRPtrDialect)
  list(APPEND TRIDENT_WHOLE_ARCHIVES ${TRIDENT_LLVM_LIBDIR}/lib${lib}.a)
endforeach()
list(REMOVE_ITEM TRIDENT_MLIR_ARCHIVES ${TRIDENT_WHOLE_ARCHIVES})
list(REMOVE_ITEM TRIDENT_LLVM_ARCHIVES ${TRIDENT_WHOLE_ARCHIVES})

# trident_link_core(target): link the shared core from its components.
function(trident_link_core target)
  get_property(components GLOBAL PROPERTY TRIDENT_CORE_COMPONENTS)
  foreach(c ${components})
    target_sources(${target} PRIVATE $<TARGET_OBJECTS:${c}>)
    add_dependencies(${target} ${c})
  endforeach()
  string(REPLACE ";" "," whole "${TRIDENT_WHOLE_ARCHIVES}")
  target_link_options(${target} PRIVATE
    "LINKER:--whole-archive" ${TRIDENT_WHOLE_ARCHIVES} "LINKER:--no-whole-archive"
    "LINKER:--start-group" ${TRIDENT_MLIR_ARCHIVES} ${TRIDENT_LLVM_ARCHIVES}
    "LINKER:--end-group"
    "LINKER:--exclude-libs=libz.a:libzstd.a"
    # Calls inside the core bind to the core, whatever other LLVM copies
    # (Triton's, a driver's) the process holds.
    "LINKER:-Bsymbolic-functions")
  # Every symbol resolved at link time; not under AddressSanitizer, whose
  # runtime lives in the executable and leaves a shared library's
  # __asan_* references to it.
  if(NOT TRIDENT_ENABLE_FUZZER)
    target_link_options(${target} PRIVATE "LINKER:-z,defs")
  endif()
  target_link_libraries(${target} PRIVATE z zstd rt dl m pthread)
endfunction()
