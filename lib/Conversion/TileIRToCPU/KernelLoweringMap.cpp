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
  int64_t pack = op.getPack();
  Location opLoc = curLoc;
  auto tile = dyn_cast<RankedTensorType>(op.getArgs().front().getType());
  if (!tile) {
    SmallVector<Value> inputs;
    for (Value v : op.getArgs())
      inputs.push_back(scalar(v));
    FailureOr<SmallVector<Value>> outputs =
        inlineScalarRegion(op.getBody(), inputs);
    curLoc = opLoc;
    if (failed(outputs))
      return failure();
    for (auto [r, out] : llvm::zip(op.getResults(), *outputs))
      scalars.map(r, out);
    return success();
  }

  SmallVector<Value> outBufs;
  for (Value r : op.getResults()) {
    Value buf = allocBuffer(cast<RankedTensorType>(r.getType()));
    buffers[r] = buf;
    outBufs.push_back(buf);
  }
  ArrayRef<int64_t> shape = tile.getShape();
  OpBuilder::InsertionGuard guard(b);
  auto loop = scf::ForOp::create(b, curLoc, indexConst(0),
                                 indexConst(tile.getNumElements()),
                                 indexConst(pack));
  b.setInsertionPoint(loop.getBody()->getTerminator());
  pushScope();
  // The row-major indices of elements iv .. iv + pack - 1.
  SmallVector<SmallVector<Value>> idx(pack);
  for (int64_t k = 0; k < pack; ++k) {
    Value linear = loop.getInductionVar();
    if (k != 0)
      linear = arith::AddIOp::create(b, curLoc, linear, indexConst(k));
    idx[k].resize(shape.size());
    for (int d = shape.size() - 1; d >= 0; --d) {
      if (d == 0) {
        idx[k][d] = linear;
        break;
      }
      Value size = indexConst(shape[d]);
      idx[k][d] = arith::RemUIOp::create(b, curLoc, linear, size);
      linear = arith::DivUIOp::create(b, curLoc, linear, size);
    }
  }
  SmallVector<Value> inputs;
  for (Value v : op.getArgs())
    for (int64_t k = 0; k < pack; ++k)
      inputs.push_back(element(v, idx[k]));
  FailureOr<SmallVector<Value>> outputs =
      inlineScalarRegion(op.getBody(), inputs);
  curLoc = opLoc;
  if (failed(outputs)) {
    popScope();
    return failure();
  }
  for (auto [i, buf] : llvm::enumerate(outBufs))
    for (int64_t k = 0; k < pack; ++k)
      storeElement(buf, idx[k], (*outputs)[i * pack + k]);
  popScope();
  return success();
}

} // namespace trident::cpu
