//===- GpuxOps.td - The gpux example dialect ----------------*- tablegen -*-===//
//
// Two GPU-level ops that lower to LLVM/NVVM through the core's seams (see
// README.md).
//
//===----------------------------------------------------------------------===//
#ifndef GPUX_PLUGIN_OPS
#define GPUX_PLUGIN_OPS

include "mlir/IR/OpBase.td"
include "mlir/Interfaces/InferTypeOpInterface.td"
include "mlir/Interfaces/SideEffectInterfaces.td"
include "trident/Analysis/AxisInfoInterface.td"
include "trident/Dialect/GPUIR/IR/GPUIRInterfaces.td"

def Gpux_Dialect : Dialect {
  let name = "gpux";
  let cppNamespace = "::gpux_plugin";
  let summary = "Example plugin dialect: ops lowered by the plugin itself";
  let description = [{
    `gpux.range` (an arithmetic sequence whose contiguity the axis-info
    analysis learns from the op) and `gpux.reverse` (a 1-D tile reversed
    through shared memory), both lowered to LLVM/NVVM by the plugin's own
    patterns, given to convert-gir-to-llvm through
    GPUIRToLLVMPatternInterface, and `gpux.scratchpad`, a shared-memory
    buffer that the core's allocator places.
  }];
  let dependentDialects = ["::mlir::LLVM::LLVMDialect"];
}

class Gpux_Op<string mnemonic, list<Trait> traits = []>
    : Op<Gpux_Dialect, mnemonic, traits>;

def Gpux_RangeOp : Gpux_Op<"range", [Pure,
    DeclareOpInterfaceMethods<AxisInfoOpInterface>]> {
  let summary = "start + step * i for i in [0, N)";
  let description = [{
    A 1-D i32 tile whose element i is `start + step * i`. With step 1 it is
    contiguous (and the axis-info analysis knows it through the op's
    AxisInfoOpInterface, so that loads through it are vectorized); with
    step 0 it is constant.
  }];
  let arguments = (ins I32Attr:$start, I32Attr:$step);
  let results = (outs 1DTensorOf<[I32]>:$result);
  let assemblyFormat = "attr-dict `:` type($result)";
  let hasVerifier = 1;
}

def Gpux_ReverseOp : Gpux_Op<"reverse", [Pure,
    AllTypesMatch<["src", "result"]>,
    DeclareOpInterfaceMethods<GPUIR_SharedMemoryScratch>]> {
  let summary = "Reverse a 1-D tile";
  let description = [{
    Element i of the result is element N-1-i of the operand. The lowering
    stages the tile in shared memory: in scratch that it declares
    (SharedMemoryScratchOpInterface: gir-allocate-shared-memory places it
    with the core's), or in `staging` (a `gpux.scratchpad` of at least the
    tile's bytes). Each thread writes its elements at their reversed index
    and, after a barrier, reads its own.

    ```mlir
    %r = gpux.reverse %x : tensor<1024xf32>
    %s = gpux.reverse %x staged in %pad : !llvm.ptr<3> : tensor<1024xf32>
    ```
  }];
  let arguments = (ins AnyRankedTensor:$src, Optional<AnyType>:$staging);
  let results = (outs AnyRankedTensor:$result);
  let assemblyFormat = [{
    $src (`staged` `in` $staging^ `:` type($staging))? attr-dict `:`
    type($result)
  }];
  let hasVerifier = 1;
}

def Gpux_ScratchpadOp : Gpux_Op<"scratchpad", [
    MemoryEffects<[MemAlloc<DefaultResource>]>,
    DeclareOpInterfaceMethods<GPUIR_SharedMemoryBuffer>]> {
  let summary = "A shared-memory buffer placed by the core's allocator";
  let description = [{
    `bytes` bytes of shared memory aligned to `alignment`, as a pointer in
    address space 3. The op implements SharedMemoryBufferOpInterface, so
    gir-allocate-shared-memory gives it its offset (and counts it in the
    kernel's limit) with the core's buffers; its lowering is the pointer at
    that offset.

    ```mlir
    %pad = gpux.scratchpad {bytes = 4096 : i64, alignment = 16 : i64} : !llvm.ptr<3>
    ```
  }];
  let arguments = (ins I64Attr:$bytes, I64Attr:$alignment);
  let results = (outs AnyType:$result);
  let assemblyFormat = "attr-dict `:` type($result)";
  let hasVerifier = 1;
}

#endif
