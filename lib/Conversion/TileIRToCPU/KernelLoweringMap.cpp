//===- KernelLoweringMap.cpp - tir.map_elementwise -------------------------===//
//
// The region runs once per `pack` consecutive elements in row-major order:
// one loop over the elements whose body is the region, inlined on the
// operands' elements (`pack` of each operand, in order), writing the
// `pack` values it returns for each result into that result's buffer. On
// scalars the region is inlined once.
//
//===----------------------------------------------------------------------===//
#include "KernelLowering.h"

using namespace mlir;

namespace trident::cpu {

LogicalResult KernelLowering::lowerMapElementwise(tir::MapElementwiseOp op) {
  Location opLoc = curLoc;
  auto tile = dyn_cast<RankedTensorType>(op.getArgs().front().getType());
  return lowerPacked(
      op.getArgs(), op.getResults(), tile, op.getPack(),
      [&](ArrayRef<Value> inputs) -> FailureOr<SmallVector<Value>> {
        FailureOr<SmallVector<Value>> outputs =
            inlineScalarRegion(op.getBody(), inputs);
        curLoc = opLoc;
        return outputs;
      });
}

} // namespace trident::cpu
