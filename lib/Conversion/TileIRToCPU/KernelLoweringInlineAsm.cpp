//===- KernelLoweringInlineAsm.cpp - tir.inline_asm_elementwise -----------===//
//
// The assembly (x86, AT&T syntax: the user's) runs once per `pack`
// consecutive elements in row-major order, each element its own asm
// operand: the outputs are, per result, its `pack` elements; the inputs,
// per operand, its `pack` elements. Tile results are written into buffers
// by one loop over the elements (lowerPacked, which tir.map_elementwise
// shares: KernelLoweringMap.cpp).
//
//===----------------------------------------------------------------------===//
#include "KernelLowering.h"
#include "../LLVMInlineAsm.h"

using namespace mlir;

namespace trident::cpu {

LogicalResult KernelLowering::lowerInlineAsm(tir::InlineAsmElementwiseOp op) {
  int64_t pack = op.getPack();
  if (failed(op.verifyConstraintCounts(op.getNumResults() * pack,
                                       op.getArgs().size() * pack)))
    return failure();
  SmallVector<Type> outputTypes;
  for (Type t : op.getResultTypes())
    outputTypes.append(pack, scalarType(getElementTypeOrSelf(t)));

  auto tile = dyn_cast<RankedTensorType>(op->getResult(0).getType());
  return lowerPacked(
      op.getArgs(), op->getResults(), tile, pack,
      [&](ArrayRef<Value> inputs) -> FailureOr<SmallVector<Value>> {
        return conversion::emitInlineAsm(b, curLoc, op, inputs, outputTypes);
      });
}

LogicalResult KernelLowering::lowerPacked(
    ValueRange args, ResultRange results, RankedTensorType tile, int64_t pack,
    function_ref<FailureOr<SmallVector<Value>>(ArrayRef<Value>)> body) {
  if (!tile) {
    SmallVector<Value> inputs;
    for (Value v : args)
      inputs.push_back(scalar(v));
    FailureOr<SmallVector<Value>> outputs = body(inputs);
    if (failed(outputs))
      return failure();
    for (auto [r, out] : llvm::zip(results, *outputs))
      scalars.map(r, out);
    return success();
  }

  SmallVector<Value> outBufs;
  for (Value r : results) {
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
  for (Value v : args)
    for (int64_t k = 0; k < pack; ++k)
      inputs.push_back(element(v, idx[k]));
  FailureOr<SmallVector<Value>> outputs = body(inputs);
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
