//===- GpuxLowering.cpp - gpux ops to LLVM/NVVM ---------------------------===//
//
// The patterns convert-gir-to-llvm runs for gpux ops, written with the
// core's public lowering helpers (trident/Conversion/GPUIRToLLVM/
// Lowering.h): a tile arrives, and must leave, as the calling thread's
// vector of registers, register r holding the element at
// registerCoords(r) XOR threadCoords(lane, warp).
//
//===----------------------------------------------------------------------===//
#include "GpuxDialect.h"
#include "GpuxLowering.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"

using namespace mlir;
using namespace gpux_plugin;
namespace lowering = trident::gir_to_llvm;

namespace {

/// The element index (along the tile's one dimension) of each of the
/// thread's registers, as i32 values.
SmallVector<Value> registerIndices(OpBuilder &b, Location loc,
                                   const lowering::LayoutMap &map,
                                   lowering::LoweringContext &lc) {
  auto [lane, warp] = lc.laneAndWarp(b, loc);
  Value thread = map.threadCoords(b, loc, lane, warp)[0];
  SmallVector<Value> indices;
  for (int64_t r = 0; r < map.numRegisters(); ++r)
    indices.push_back(arith::XOrIOp::create(
        b, loc, lowering::i32Const(b, loc, map.registerCoords(r)[0]), thread));
  return indices;
}

/// gpux.range: start + step * index, register by register.
struct RangePattern : lowering::LoweringPattern<RangeOp> {
  using LoweringPattern::LoweringPattern;
  LogicalResult
  matchAndRewrite(RangeOp op, OpAdaptor,
                  ConversionPatternRewriter &rewriter) const override {
    FailureOr<lowering::LayoutMap> map = lowering::mapOf(op.getType(), lc, op);
    if (failed(map))
      return failure();
    Location loc = op.getLoc();
    auto vecType =
        cast<VectorType>(getTypeConverter()->convertType(op.getType()));
    Value start = lowering::i32Const(rewriter, loc, op.getStart());
    Value step = lowering::i32Const(rewriter, loc, op.getStep());
    SmallVector<Value> elements;
    for (Value index : registerIndices(rewriter, loc, *map, lc))
      elements.push_back(arith::AddIOp::create(
          rewriter, loc, start, arith::MulIOp::create(rewriter, loc, step, index)));
    rewriter.replaceOpWithNewOp<vector::FromElementsOp>(op, vecType, elements);
    return success();
  }
};

/// gpux.reverse: every thread writes its registers at their reversed index
/// in scratch shared memory (taken from the core's allocator, which puts a
/// barrier before the first write), waits for all, and reads its own.
struct ReversePattern : lowering::LoweringPattern<ReverseOp> {
  using LoweringPattern::LoweringPattern;
  LogicalResult
  matchAndRewrite(ReverseOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto type = cast<RankedTensorType>(op.getType());
    FailureOr<lowering::LayoutMap> map = lowering::mapOf(type, lc, op);
    if (failed(map))
      return failure();
    Location loc = op.getLoc();
    auto vecType = cast<VectorType>(getTypeConverter()->convertType(type));
    Type element = vecType.getElementType();
    int64_t n = type.getDimSize(0);
    // The op's own scratchpad (a barrier first: other warps may still read
    // what an earlier user left there), or scratch from the lowering (which
    // puts the barrier itself).
    Value buffer = adaptor.getStaging();
    if (buffer)
      lowering::barrier(rewriter, loc);
    else
      buffer = lc.scratchBuffer(rewriter, op,
                                n * lowering::sharedBytes(element));
    SmallVector<Value> indices = registerIndices(rewriter, loc, *map, lc);
    Value last = lowering::i32Const(rewriter, loc, n - 1);
    for (auto [r, index] : llvm::enumerate(indices)) {
      Value x = vector::ExtractOp::create(rewriter, loc, adaptor.getSrc(),
                                          int64_t(r));
      lowering::storeShared(rewriter, loc, buffer,
                            arith::SubIOp::create(rewriter, loc, last, index),
                            x);
    }
    lowering::barrier(rewriter, loc);
    SmallVector<Value> elements;
    for (Value index : indices)
      elements.push_back(
          lowering::loadShared(rewriter, loc, buffer, index, element));
    if (!adaptor.getStaging())
      lc.endScratchUser();
    rewriter.replaceOpWithNewOp<vector::FromElementsOp>(op, vecType, elements);
    return success();
  }
};

/// gpux.scratchpad: the pointer at the offset gir-allocate-shared-memory
/// gave it.
struct ScratchpadPattern : lowering::LoweringPattern<ScratchpadOp> {
  using LoweringPattern::LoweringPattern;
  LogicalResult
  matchAndRewrite(ScratchpadOp op, OpAdaptor,
                  ConversionPatternRewriter &rewriter) const override {
    FailureOr<Value> buffer = lc.bufferPointer(rewriter, op);
    if (failed(buffer))
      return failure();
    rewriter.replaceOp(op, *buffer);
    return success();
  }
};

} // namespace

void GpuxLowering::populateGPUIRToLLVMPatterns(
    TypeConverter &converter, RewritePatternSet &patterns,
    lowering::LoweringContext &lc) const {
  patterns.add<RangePattern, ReversePattern, ScratchpadPattern>(
      converter, patterns.getContext(), lc);
}
