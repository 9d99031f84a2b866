//===- LayoutOps.td - A test op that requires layouts ------*- tablegen -*-===//
#ifndef TEST_LAYOUT_OPS
#define TEST_LAYOUT_OPS

include "mlir/IR/OpBase.td"
include "mlir/Interfaces/SideEffectInterfaces.td"
include "trident/Dialect/GPUIR/IR/GPUIRInterfaces.td"

def TestLayout_Dialect : Dialect {
  let name = "testlayout";
  let cppNamespace = "::test_layout";
  let summary = "Test dialect: an op that requires the wgmma layout";
}

def TestLayout_AccumulateOp : Op<TestLayout_Dialect, "accumulate", [Pure,
    AllTypesMatch<["acc", "result"]>,
    DeclareOpInterfaceMethods<GPUIR_LayoutConstrained>]> {
  let summary = "acc + x, with acc and the result in the wgmma layout";
  let description = [{
    Stands in for an asynchronous warpgroup dot: its accumulator operand
    and result must have the core's wgmma accumulator layout; `x` is free.
  }];
  let arguments = (ins AnyRankedTensor:$acc, AnyRankedTensor:$x);
  let results = (outs AnyRankedTensor:$result);
  let assemblyFormat = [{
    $acc `,` $x attr-dict `:` type($acc) `,` type($x)
  }];
}

#endif
