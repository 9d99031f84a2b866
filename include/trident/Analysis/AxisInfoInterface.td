//===- AxisInfoInterface.td - Axis info of an op's results --*- tablegen -*-===//
#ifndef TRIDENT_ANALYSIS_AXISINFOINTERFACE
#define TRIDENT_ANALYSIS_AXISINFOINTERFACE

include "mlir/IR/OpBase.td"

def AxisInfoOpInterface : OpInterface<"AxisInfoOpInterface"> {
  let cppNamespace = "::trident";
  let description = [{
    An op that states the contiguity, divisibility and constancy of its
    results (trident::AxisInfo, AxisInfo.h) for the axis-info analysis,
    which otherwise knows only the core's ops (and that equal inputs give
    equal outputs for elementwise ones). A plugin's op implements it to let
    memory accesses through its results be coalesced and vectorized. The
    analysis asks only when every operand is known, and applies the front
    end's axis hints to the answer as to its own.
  }];
  let methods = [
    InterfaceMethod<[{
        The info of result `resultIndex`, from the info of each operand
        (one per operand, in order; rank 0 for scalars). Return
        `AxisInfo::getPessimistic(rank)` for what the op cannot promise.
      }],
      "::trident::AxisInfo", "inferAxisInfo",
      (ins "::llvm::ArrayRef<const ::trident::AxisInfo *>":$operands,
           "unsigned":$resultIndex)>,
  ];
}

#endif
