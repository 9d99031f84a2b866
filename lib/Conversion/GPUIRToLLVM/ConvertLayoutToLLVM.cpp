//===- ConvertLayoutToLLVM.cpp - gir.convert_layout through shared memory -===//
//
// The general conversion: every thread writes its elements to a shared
// buffer holding the tile in row-major order, and reads back the elements
// the target layout gives it. Register-only and shuffle-only conversions
// (planned by the layout library) come later.
//
//===----------------------------------------------------------------------===//
#include "Lowering.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"

using namespace mlir;
using namespace trident;

namespace trident::gir_to_llvm {
namespace {

struct ConvertLayoutPattern : OpConversionPattern<gir::ConvertLayoutOp> {
  ConvertLayoutPattern(TypeConverter &tc, MLIRContext *ctx, LoweringContext &lc)
      : OpConversionPattern(tc, ctx), lc(lc) {}

  static Value linearIndex(OpBuilder &b, Location loc, const LayoutMap &map,
                           ArrayRef<Value> thread, int64_t reg) {
    return rowMajorIndex(b, loc, thread, map.registerCoords(reg),
                         map.getShape());
  }

  LogicalResult
  matchAndRewrite(gir::ConvertLayoutOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    FailureOr<LayoutMap> src = mapOf(op.getSrc().getType(), lc, op);
    FailureOr<LayoutMap> dst = mapOf(op.getType(), lc, op);
    if (failed(src) || failed(dst))
      return failure();
    Type element = op.getType().getElementType();
    if (!element.isIntOrFloat())
      return op.emitOpError("layout conversion of ")
             << element << " tiles is not supported yet";
    int64_t elems = op.getType().getNumElements();
    // (The scratch buffer comes with the barrier before the stores.)
    Value buffer = lc.scratchBuffer(rewriter, op, elems * sharedBytes(element));
    auto [lane, warp] = lc.laneAndWarp(rewriter, loc);
    SmallVector<Value> srcThread = src->threadCoords(rewriter, loc, lane, warp);
    SmallVector<Value> dstThread = dst->threadCoords(rewriter, loc, lane, warp);
    for (int64_t r = 0; r < src->numRegisters(); ++r) {
      Value v = vector::ExtractOp::create(rewriter, loc, adaptor.getSrc(), r);
      storeShared(rewriter, loc, buffer,
                  linearIndex(rewriter, loc, *src, srcThread, r), v);
    }
    barrier(rewriter, loc);
    SmallVector<Value> out;
    for (int64_t r = 0; r < dst->numRegisters(); ++r)
      out.push_back(loadShared(rewriter, loc, buffer,
                               linearIndex(rewriter, loc, *dst, dstThread, r),
                               element));
    auto vecType = cast<VectorType>(getTypeConverter()->convertType(op.getType()));
    rewriter.replaceOpWithNewOp<vector::FromElementsOp>(op, vecType, out);
    return success();
  }
  LoweringContext &lc;
};

} // namespace

void populateConvertLayoutPatterns(TypeConverter &converter,
                                   RewritePatternSet &patterns,
                                   LoweringContext &ctx) {
  patterns.add<ConvertLayoutPattern>(converter, patterns.getContext(), ctx);
}

} // namespace trident::gir_to_llvm
