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

def Gpux_Dialect : Dialect {
  let name = "gpux";
  let cppNamespace = "::gpux_plugin";
  let summary = "Example plugin dialect: ops lowered by the plugin itself";
  let description = [{
    `gpux.range` (an arithmetic sequence whose contiguity the axis-info
    analysis learns from the op) and `gpux.reverse` (a 1-D tile reversed
    through shared memory), both lowered to LLVM/NVVM by the plugin's own
    patterns, given to convert-gir-to-llvm through
    GPUIRToLLVMPatternInterface.
  }];
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

def Gpux_ReverseOp : Gpux_Op<"reverse", [Pure, SameOperandsAndResultType]> {
  let summary = "Reverse a 1-D tile";
  let description = [{
    Element i of the result is element N-1-i of the operand. The lowering
    stages the tile in shared-memory scratch that it asks the core's
    allocator for: each thread writes its elements at their reversed
    index, and, after a barrier, reads its own.
  }];
  let arguments = (ins AnyRankedTensor:$src);
  let results = (outs AnyRankedTensor:$result);
  let assemblyFormat = "$src attr-dict `:` type($result)";
  let hasVerifier = 1;
}

#endif
