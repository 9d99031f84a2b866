//===- TileIRMemOps.cpp - Tile IR memory operations -------------*- C++ -*-===//
//
// Verifiers, side effects and canonicalization of loads, stores, tensor
// descriptors, block pointers and atomics.
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
  if (getStorage() && getStorage().getType().getAddressSpace() != 1)
    return emitOpError() << "stores descriptors in global memory (address "
                            "space 1), got storage "
                         << getStorage().getType();
  return success();
}

void MakeTensorDescOp::getEffects(
    SmallVectorImpl<SideEffects::EffectInstance<MemoryEffects::Effect>>
        &effects) {
  // Pure unless it writes the descriptor to memory.
  if (getStorage())
    effects.emplace_back(MemoryEffects::Write::get(), &getStorageMutable()[0],
                         GlobalMemory::get());
}

Speculation::Speculatability MakeTensorDescOp::getSpeculatability() {
  return getStorage() ? Speculation::NotSpeculatable
                      : Speculation::Speculatable;
}

LogicalResult GlobalScratchAllocOp::verify() {
  int64_t align = getAlignment();
  if (!llvm::isPowerOf2_64(align) || align > 128)
    return emitOpError() << "alignment must be a power of two of at most "
                            "128 bytes, got "
                         << align;
  if (getType().getAddressSpace() != 1)
    return emitOpError() << "returns a global pointer (address space 1), got "
                         << getType();
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
// Block pointers
//===----------------------------------------------------------------------===//

LogicalResult MakeBlockPtrOp::verify() {
  BlockPointerType ptr = getType();
  int64_t rank = ptr.getRank();
  auto expectCount = [&](size_t count, StringRef what) -> LogicalResult {
    if (static_cast<int64_t>(count) == rank)
      return success();
    return emitOpError() << "expected " << rank << " " << what
                         << " for a rank-" << rank << " block, got " << count;
  };
  if (failed(expectCount(getShape().size(), "shape operands")) ||
      failed(expectCount(getStrides().size(), "stride operands")) ||
      failed(expectCount(getOffsets().size(), "offsets")) ||
      failed(expectCount(getOrder().size(), "order entries")))
    return failure();
  SmallVector<bool> seen(rank, false);
  for (int32_t dim : getOrder()) {
    if (dim < 0 || dim >= rank || seen[dim]) {
      std::string order;
      llvm::raw_string_ostream os(order);
      llvm::interleaveComma(getOrder(), os);
      return emitOpError() << "order must be a permutation of 0.." << rank - 1
                           << ", got [" << order << "]";
    }
    seen[dim] = true;
  }
  PointerType base = getBase().getType();
  if (base != ptr.getBasePointerType())
    return emitOpError() << "base type " << base
                         << " is not a pointer to the block element type in "
                            "the block pointer's address space ("
                         << ptr.getBasePointerType() << ")";
  return success();
}

LogicalResult AdvanceOp::verify() {
  int64_t rank = getPtr().getType().getRank();
  if (static_cast<int64_t>(getOffsets().size()) != rank)
    return emitOpError() << "expected " << rank << " offsets for a rank-"
                         << rank << " block pointer, got "
                         << getOffsets().size();
  return success();
}

OpFoldResult AdvanceOp::fold(FoldAdaptor adaptor) {
  // Advancing by zero along every dimension is the block pointer itself.
  for (Attribute offset : adaptor.getOffsets()) {
    auto value = dyn_cast_or_null<IntegerAttr>(offset);
    if (!value || !value.getValue().isZero())
      return {};
  }
  return getPtr();
}

/// The dimensions of a `boundary_check`: distinct and below the rank.
static LogicalResult verifyBoundaryCheck(Operation *op, BlockPointerType ptr,
                                         ArrayRef<int32_t> dims) {
  int64_t rank = ptr.getRank();
  SmallVector<bool> seen(rank, false);
  for (int32_t dim : dims) {
    if (dim < 0 || dim >= rank)
      return op->emitOpError() << "boundary_check dimension " << dim
                               << " is out of range for a rank-" << rank
                               << " block pointer";
    if (seen[dim])
      return op->emitOpError()
             << "boundary_check lists dimension " << dim << " twice";
    seen[dim] = true;
  }
  return success();
}

LogicalResult BlockLoadOp::verify() {
  BlockPointerType ptr = getPtr().getType();
  if (failed(verifyBoundaryCheck(*this, ptr, getBoundaryCheck())))
    return failure();
  if (getPadding() == PaddingOption::NaN &&
      !isa<FloatType>(ptr.getElementType()))
    return emitOpError() << "padding 'nan' needs float elements, got "
                         << ptr.getElementType();
  return success();
}

void BlockLoadOp::getEffects(
    SmallVectorImpl<SideEffects::EffectInstance<MemoryEffects::Effect>>
        &effects) {
  effects.emplace_back(MemoryEffects::Read::get(), &getPtrMutable(),
                       GlobalMemory::get());
  // A volatile load must be neither removed nor merged with another one.
  if (getIsVolatile())
    effects.emplace_back(MemoryEffects::Write::get(), GlobalMemory::get());
}

LogicalResult BlockStoreOp::verify() {
  return verifyBoundaryCheck(*this, getPtr().getType(), getBoundaryCheck());
}

//===----------------------------------------------------------------------===//
// Atomics
//===----------------------------------------------------------------------===//

/// Floats that atomics take: those with hardware (and LLVM) atomics; the
/// 8-bit floats and MLIR's other narrow formats have none.
static bool isAtomicFloat(Type type) {
  return isa<Float16Type, BFloat16Type, Float32Type, Float64Type>(type);
}

/// An atomic on a float type without atomics: the error naming it.
static LogicalResult refuseNarrowFloat(Operation *op, Type elem) {
  return op->emitOpError() << "has no atomic form for " << elem
                           << " elements (float atomics take f16, bf16, "
                              "f32 or f64)";
}

/// Atomics read and write memory words of 1, 2, 4 or 8 bytes.
static LogicalResult verifyAtomicWidth(Operation *op, Type elem) {
  if (!elem.isIntOrFloat())
    return success(); // the kind's own check names what is wrong
  unsigned bits = elem.getIntOrFloatBitWidth();
  if (bits == 8 || bits == 16 || bits == 32 || bits == 64)
    return success();
  return op->emitOpError() << "atomics need elements of 8, 16, 32 or 64 "
                              "bits, got "
                           << elem;
}

LogicalResult AtomicRMWOp::verify() {
  Type elem = getElementTypeOrSelf(getVal().getType());
  if (failed(verifyAtomicWidth(*this, elem)))
    return failure();
  bool isInt = elem.isSignlessInteger(), isFloat = isa<FloatType>(elem);
  if (isFloat && !isAtomicFloat(elem))
    return refuseNarrowFloat(*this, elem);
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
  if (failed(verifyAtomicWidth(*this, elem)))
    return failure();
  if (!elem.isSignlessInteger() && !isa<FloatType>(elem))
    return emitOpError() << "requires integer or float elements, got " << elem;
  if (isa<FloatType>(elem) && !isAtomicFloat(elem))
    return refuseNarrowFloat(*this, elem);
  return success();
}
