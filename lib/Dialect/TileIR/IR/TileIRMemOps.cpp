//===- TileIRMemOps.cpp - Tile IR memory operations -------------*- C++ -*-===//
//
// Verifiers, side effects and canonicalization of loads, stores, tensor
// descriptors and atomics.
//
//===----------------------------------------------------------------------===//
#include "trident/Dialect/TileIR/IR/TileIR.h"

#include "mlir/IR/Matchers.h"
#include "mlir/IR/PatternMatch.h"

using namespace mlir;
using namespace trident::tir;

/// The value of a mask that is a constant (all true or all false), if it is.
static std::optional<bool> getConstantMask(Value mask) {
  if (!mask)
    return std::nullopt;
  Attribute attr;
  if (!matchPattern(mask, m_Constant(&attr)))
    return std::nullopt;
  if (auto i = dyn_cast<IntegerAttr>(attr))
    return !i.getValue().isZero();
  if (auto dense = dyn_cast<DenseIntElementsAttr>(attr))
    if (dense.isSplat())
      return !dense.getSplatValue<APInt>().isZero();
  return std::nullopt;
}

//===----------------------------------------------------------------------===//
// LoadOp
//===----------------------------------------------------------------------===//

void LoadOp::build(OpBuilder &builder, OperationState &state, Value ptr,
                   Value mask, Value other) {
  build(builder, state, getPointeeTypeLike(ptr.getType()), ptr, mask, other,
        CacheModifier::None, EvictionPolicy::Normal, /*isVolatile=*/false);
}

LogicalResult LoadOp::verify() {
  if (getOther() && !getMask())
    return emitOpError() << "'other' requires a 'mask' (it is the value of "
                            "the masked-off elements)";
  return success();
}

void LoadOp::getEffects(
    SmallVectorImpl<SideEffects::EffectInstance<MemoryEffects::Effect>>
        &effects) {
  effects.emplace_back(MemoryEffects::Read::get(), &getPtrMutable(),
                       GlobalMemory::get());
  // A volatile load must be neither removed nor merged with another one.
  if (getIsVolatile())
    effects.emplace_back(MemoryEffects::Write::get(), GlobalMemory::get());
}

namespace {
/// A load with a constant mask: all true drops the mask, all false yields
/// `other` without touching memory.
struct LoadWithConstantMask : OpRewritePattern<LoadOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(LoadOp op,
                                PatternRewriter &rewriter) const override {
    std::optional<bool> mask = getConstantMask(op.getMask());
    if (!mask)
      return failure();
    if (*mask) {
      rewriter.modifyOpInPlace(op, [&] {
        op.getMaskMutable().clear();
        op.getOtherMutable().clear();
      });
      return success();
    }
    if (op.getOther() && !op.getIsVolatile()) {
      rewriter.replaceOp(op, op.getOther());
      return success();
    }
    return failure();
  }
};

/// A store with a constant mask: all true drops the mask, all false erases
/// the store.
struct StoreWithConstantMask : OpRewritePattern<StoreOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(StoreOp op,
                                PatternRewriter &rewriter) const override {
    std::optional<bool> mask = getConstantMask(op.getMask());
    if (!mask)
      return failure();
    if (*mask)
      rewriter.modifyOpInPlace(op, [&] { op.getMaskMutable().clear(); });
    else
      rewriter.eraseOp(op);
    return success();
  }
};
} // namespace

void LoadOp::getCanonicalizationPatterns(RewritePatternSet &patterns,
                                         MLIRContext *context) {
  patterns.add<LoadWithConstantMask>(context);
}

void StoreOp::getCanonicalizationPatterns(RewritePatternSet &patterns,
                                          MLIRContext *context) {
  patterns.add<StoreWithConstantMask>(context);
}

//===----------------------------------------------------------------------===//
// Tensor descriptors
//===----------------------------------------------------------------------===//

LogicalResult MakeTensorDescOp::verify() {
  TensorDescType desc = getType();
  int64_t rank = desc.getRank();
  if (static_cast<int64_t>(getShape().size()) != rank)
    return emitOpError() << "expected " << rank
                         << " shape operands for a rank-" << rank
                         << " descriptor block, got " << getShape().size();
  if (static_cast<int64_t>(getStrides().size()) != rank)
    return emitOpError() << "expected " << rank
                         << " stride operands for a rank-" << rank
                         << " descriptor block, got " << getStrides().size();
  for (Value dim : getShape())
    if (dim.getType() != getShape().front().getType())
      return emitOpError() << "shape operands must all have one type, got "
                           << getShape().front().getType() << " and "
                           << dim.getType();
  Type pointee = getBase().getType().getPointeeType();
  if (pointee != desc.getElementType())
    return emitOpError() << "base pointee type " << pointee
                         << " does not match the descriptor element type "
                         << desc.getElementType();
  return success();
}

static LogicalResult verifyDescIndices(Operation *op, TensorDescType desc,
                                       ValueRange indices) {
  if (static_cast<int64_t>(indices.size()) != desc.getRank())
    return op->emitOpError() << "expected " << desc.getRank()
                             << " indices for a rank-" << desc.getRank()
                             << " descriptor, got " << indices.size();
  return success();
}

/// The block a descriptor moves, with any layout encoding: same shape and
/// element type as the descriptor's block type.
static LogicalResult verifyDescBlock(Operation *op, TensorDescType desc,
                                     Type block, StringRef what) {
  auto tile = dyn_cast<RankedTensorType>(block);
  if (!tile || tile.getShape() != desc.getBlockShape() ||
      tile.getElementType() != desc.getElementType())
    return op->emitOpError() << what << " type " << block
                             << " is not the descriptor's block type "
                             << desc.getBlockType();
  return success();
}

LogicalResult DescriptorLoadOp::verify() {
  if (failed(verifyDescBlock(*this, getDesc().getType(), getType(), "result")))
    return failure();
  return verifyDescIndices(*this, getDesc().getType(), getIndices());
}

LogicalResult DescriptorStoreOp::verify() {
  if (failed(verifyDescBlock(*this, getDesc().getType(), getSrc().getType(),
                             "source")))
    return failure();
  return verifyDescIndices(*this, getDesc().getType(), getIndices());
}

//===----------------------------------------------------------------------===//
// Atomics
//===----------------------------------------------------------------------===//

LogicalResult AtomicRMWOp::verify() {
  Type elem = getElementTypeOrSelf(getVal().getType());
  bool isInt = elem.isSignlessInteger(), isFloat = isa<FloatType>(elem);
  auto expect = [&](bool ok, StringRef what) -> LogicalResult {
    if (ok)
      return success();
    return emitOpError() << "'" << stringifyRMWKind(getKind()) << "' requires "
                         << what << " elements, got " << elem;
  };
  switch (getKind()) {
  case RMWKind::FAdd:
    return expect(isFloat, "float");
  case RMWKind::Add:
  case RMWKind::UMax:
  case RMWKind::UMin:
  case RMWKind::And:
  case RMWKind::Or:
  case RMWKind::Xor:
    return expect(isInt, "integer");
  case RMWKind::Max:
  case RMWKind::Min:
  case RMWKind::Xchg:
    return expect(isInt || isFloat, "integer or float");
  }
  return emitOpError() << "unknown atomic kind";
}

LogicalResult AtomicCASOp::verify() {
  Type elem = getElementTypeOrSelf(getVal().getType());
  if (!elem.isSignlessInteger() && !isa<FloatType>(elem))
    return emitOpError() << "requires integer or float elements, got " << elem;
  return success();
}
