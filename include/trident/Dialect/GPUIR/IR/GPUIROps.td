//===- GPUIROps.td - GPU IR operations ---------------------*- tablegen -*-===//
#ifndef TRIDENT_GPUIR_OPS
#define TRIDENT_GPUIR_OPS

include "trident/Dialect/GPUIR/IR/GPUIRDialect.td"
include "trident/Dialect/GPUIR/IR/GPUIRAttrs.td"
include "mlir/Interfaces/SideEffectInterfaces.td"

def GPUIR_ConvertLayoutOp : GPUIR_Op<"convert_layout",
    [Pure, SameOperandsAndResultShape, SameOperandsAndResultElementType]> {
  let summary = "move a tile's elements into another layout";
  let description = [{
    Returns the same tile with another encoding. Depending on the two
    layouts this is free, a permutation of registers, a warp shuffle or a
    round trip through shared memory; the lowering decides.

    ```mlir
    %1 = gir.convert_layout %0 : tensor<128xf32, #a> -> tensor<128xf32, #b>
    ```
  }];
  let arguments = (ins AnyRankedTensor:$src);
  let results = (outs AnyRankedTensor:$result);
  let assemblyFormat = "$src attr-dict `:` type($src) `->` type($result)";
  let hasVerifier = 1;
  let hasFolder = 1;
}

#endif // TRIDENT_GPUIR_OPS
