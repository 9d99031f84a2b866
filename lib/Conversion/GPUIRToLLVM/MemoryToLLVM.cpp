//===- MemoryToLLVM.cpp - Loads and stores through pointer tiles ----------===//
//
// A thread loads (stores) its elements through its vector of pointers with a
// masked gather (scatter); LLVM's NVPTX back end turns these into one
// predicated access per element. Contiguity-driven vector accesses come
// later, in a pass of their own.
//
//===----------------------------------------------------------------------===//
#include "Lowering.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"

using namespace mlir;
using namespace trident;

namespace trident::gir_to_llvm {
namespace {

unsigned alignmentOf(Type element) {
  return std::max<unsigned>(1, element.getIntOrFloatBitWidth() / 8);
}

/// A mask vector of all ones, for unmasked tile accesses.
Value allTrue(OpBuilder &b, Location loc, int64_t n) {
  auto type = VectorType::get({n}, b.getI1Type());
  return arith::ConstantOp::create(
      b, loc, type, DenseElementsAttr::get(type, b.getBoolAttr(true)));
}

/// Loads of i1 tiles go through bytes.
Type memoryType(Type element, OpBuilder &b) {
  return element.isInteger(1) ? b.getI8Type() : element;
}

struct LoadPattern : OpConversionPattern<tir::LoadOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(tir::LoadOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    auto tile = dyn_cast<RankedTensorType>(op.getType());
    if (!tile) {
      if (op.getMask())
        return rewriter.notifyMatchFailure(op, "masked scalar loads");
      rewriter.replaceOpWithNewOp<LLVM::LoadOp>(
          op, op.getType(), adaptor.getPtr(), alignmentOf(op.getType()),
          op.getIsVolatile());
      return success();
    }
    auto vecType = cast<VectorType>(getTypeConverter()->convertType(tile));
    Type element = vecType.getElementType();
    Type memType = memoryType(element, rewriter);
    auto memVec = VectorType::get(vecType.getShape(), memType);
    Value mask = adaptor.getMask()
                     ? adaptor.getMask()
                     : allTrue(rewriter, loc, vecType.getNumElements());
    Value other = adaptor.getOther();
    if (!other)
      other = arith::ConstantOp::create(rewriter, loc, memVec,
                                        rewriter.getZeroAttr(memVec));
    else if (memType != element)
      other = arith::ExtUIOp::create(rewriter, loc, memVec, other);
    Value loaded = LLVM::masked_gather::create(
        rewriter, loc, memVec, adaptor.getPtr(), mask, ValueRange{other},
        rewriter.getI32IntegerAttr(alignmentOf(memType)));
    if (memType != element)
      loaded = arith::TruncIOp::create(rewriter, loc, vecType, loaded);
    rewriter.replaceOp(op, loaded);
    return success();
  }
};

struct StorePattern : OpConversionPattern<tir::StoreOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(tir::StoreOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value value = adaptor.getValue();
    auto vecType = dyn_cast<VectorType>(value.getType());
    if (!vecType) {
      if (op.getMask())
        return rewriter.notifyMatchFailure(op, "masked scalar stores");
      rewriter.replaceOpWithNewOp<LLVM::StoreOp>(
          op, value, adaptor.getPtr(), alignmentOf(value.getType()));
      return success();
    }
    Type memType = memoryType(vecType.getElementType(), rewriter);
    if (memType != vecType.getElementType())
      value = arith::ExtUIOp::create(
          rewriter, loc, VectorType::get(vecType.getShape(), memType), value);
    Value mask = adaptor.getMask()
                     ? adaptor.getMask()
                     : allTrue(rewriter, loc, vecType.getNumElements());
    LLVM::masked_scatter::create(rewriter, loc, value, adaptor.getPtr(), mask,
                                 rewriter.getI32IntegerAttr(alignmentOf(memType)));
    rewriter.eraseOp(op);
    return success();
  }
};

} // namespace

void populateMemoryPatterns(TypeConverter &converter,
                            RewritePatternSet &patterns, LoweringContext &) {
  patterns.add<LoadPattern, StorePattern>(converter, patterns.getContext());
}

} // namespace trident::gir_to_llvm
