//===- ConvertLayoutToLLVM.cpp - gir.convert_layout through shared memory -===//
//
// The general conversion: every thread writes its elements to a shared
// buffer and reads back the elements the target layout gives it, both in
// vectors where the layouts allow, in a placement (order and padding) that
// spares the banks (SharedStaging.h). Layouts that place every element a
// thread needs in that thread already (LayoutMap::registersFrom) convert by
// permuting registers. Shuffle-only conversions come later.
//
//===----------------------------------------------------------------------===//
#include "Patterns.h"
#include "SharedStaging.h"
#include "StagingAccess.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "trident/Dialect/TileIR/IR/TileIR.h"

using namespace mlir;
using namespace trident;

namespace trident::gir_to_llvm {
namespace {

/// Replaces `op` (one tile result) by registers `regs` of `src` (the
/// lowered operand), in order: the thread already holds every element.
void replaceWithRegisters(ConversionPatternRewriter &rewriter, Operation *op,
                          Value src, ArrayRef<int64_t> regs,
                          const TypeConverter &converter) {
  SmallVector<Value> out;
  for (int64_t r : regs)
    out.push_back(vector::ExtractOp::create(rewriter, op->getLoc(), src, r));
  auto vecType =
      cast<VectorType>(converter.convertType(op->getResult(0).getType()));
  rewriter.replaceOpWithNewOp<vector::FromElementsOp>(op, vecType, out);
}

struct ConvertLayoutPattern : LoweringPattern<gir::ConvertLayoutOp> {
  using LoweringPattern::LoweringPattern;

  LogicalResult
  matchAndRewrite(gir::ConvertLayoutOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    FailureOr<LayoutMap> src = mapOf(op.getSrc().getType(), lc, op);
    FailureOr<LayoutMap> dst = mapOf(op.getType(), lc, op);
    if (failed(src) || failed(dst))
      return failure();
    // Layouts that differ only in a CTA split that leaves one block
    // (a tile too small along dimension 0 to split) place alike.
    auto srcEnc = gir::getDistributedEncoding(op.getSrc().getType());
    auto dstEnc = gir::getDistributedEncoding(op.getType());
    if (src->ctaSplit() == dst->ctaSplit() &&
        gir::withCTASplit(srcEnc, 1) == gir::withCTASplit(dstEnc, 1) &&
        gir::withCTASplit(srcEnc, 1)) {
      rewriter.replaceOp(op, adaptor.getSrc());
      return success();
    }
    // Every thread already holds the elements it gets: a permutation of
    // its registers, nothing through shared memory.
    if (std::optional<SmallVector<int64_t>> regs = dst->registersFrom(*src)) {
      replaceWithRegisters(rewriter, op, adaptor.getSrc(), *regs,
                           *getTypeConverter());
      return success();
    }
    Type element = op.getType().getElementType();
    if (!element.isIntOrFloat())
      return op.emitOpError("layout conversion of ")
             << element << " tiles is not supported yet";
    int64_t bytes = sharedBytes(element);
    StagingPlan plan = planStaging(*src, *dst, bytes, hasStMatrix(op));
    // (The scratch buffer comes with the barrier before the stores.)
    // (convertLayoutScratch declares the same plan's bytes.)
    Value buffer =
        lc.scratchBuffer(rewriter, op, convertLayoutScratch(op)[0].bytes);
    // In a cluster, a CTA holds its block of a split tile; it can take its
    // block from a tile it holds whole, but not gather one from the blocks
    // of other CTAs (gir-split-ctas never asks for that).
    if (src->ctaSplit() != dst->ctaSplit() && src->ctaSplit() != 1)
      return op.emitOpError("converts a tile split over ")
             << src->ctaSplit() << " CTAs of a cluster to one split over "
             << dst->ctaSplit()
             << ": gathering blocks from other CTAs is not supported";
    auto [lane, warp] = lc.laneAndWarp(rewriter, loc);
    if (plan.matrices) {
      writeMatrices(rewriter, loc, plan, *src, *matrixFragment(*src, bytes),
                    buffer, adaptor.getSrc(), lane, warp);
    } else {
      SideAddress write(rewriter, loc, plan, buffer, bytes,
                        src->threadCoords(rewriter, loc, lane, warp),
                        threadMask(*src), registerMask(*src, 0));
      for (int64_t r = 0; r < src->numRegisters(); r += plan.srcVector) {
        SmallVector<Value> values;
        for (int64_t i = 0; i < plan.srcVector; ++i)
          values.push_back(vector::ExtractOp::create(rewriter, loc,
                                                     adaptor.getSrc(), r + i));
        auto [base, index] = write.at(rewriter, loc, src->registerCoords(r));
        storeSharedVector(rewriter, loc, base, index, values);
      }
    }
    SmallVector<Value> dstThread = dst->threadCoords(rewriter, loc, lane, warp);
    SmallVector<int64_t> dstBits = threadMask(*dst);
    if (dst->ctaSplit() != src->ctaSplit()) {
      // The CTA's block of the whole tile: bits above the block's rows.
      dstThread[0] = arith::XOrIOp::create(
          rewriter, loc, dstThread[0],
          dst->ctaRowOffset(rewriter, loc, lc.ctaRank(rewriter, loc)));
      dstBits[0] |= src->getShape()[0] - dst->getShape()[0];
    }
    SideAddress read(rewriter, loc, plan, buffer, bytes, dstThread, dstBits,
                     registerMask(*dst, 0));
    barrier(rewriter, loc);
    SmallVector<Value> out;
    for (int64_t r = 0; r < dst->numRegisters(); r += plan.dstVector) {
      auto [base, index] = read.at(rewriter, loc, dst->registerCoords(r));
      llvm::append_range(out, loadSharedVector(rewriter, loc, base, index,
                                               element, plan.dstVector));
    }
    auto vecType = cast<VectorType>(getTypeConverter()->convertType(op.getType()));
    rewriter.replaceOpWithNewOp<vector::FromElementsOp>(op, vecType, out);
    return success();
  }
};

/// The shape ops (tir.reshape, tir.trans, tir.join, tir.split) move
/// elements between tiles of different shapes the same general way: every
/// thread writes its source elements to a shared buffer, at the row-major
/// index of each element in the source (a join interleaves its two sources:
/// element i of lhs at 2i, of rhs at 2i + 1), and reads back, for each of
/// its result registers, the index where that element of the result was
/// written. (Register-only cases, like a reshape between layouts that keep
/// every element in its thread, come later.)
struct ShapeMover {
  ShapeMover(ConversionPatternRewriter &rewriter, Location loc,
             LoweringContext &lc)
      : b(rewriter), loc(loc), lc(lc) {}
  ConversionPatternRewriter &b;
  Location loc;
  LoweringContext &lc;
  Value lane, warp;

  /// The element type as stored in shared memory (pointers as i64).
  static Type storedType(Type element, OpBuilder &b) {
    if (isa<tir::PointerType>(element))
      return b.getI64Type();
    return element;
  }
  static bool supported(Type element) {
    return element.isIntOrFloat() || isa<tir::PointerType>(element);
  }

  /// The coordinates of register `r` of the calling thread.
  SmallVector<Value> coords(const LayoutMap &map, ArrayRef<Value> thread,
                            int64_t r) {
    SmallVector<int64_t> reg = map.registerCoords(r);
    SmallVector<Value> out;
    for (unsigned d = 0; d < map.rank(); ++d)
      out.push_back(arith::XOrIOp::create(b, loc, thread[d],
                                          i32Const(b, loc, reg[d])));
    return out;
  }
  Value linear(ArrayRef<Value> c, ArrayRef<int64_t> shape) {
    Value idx = i32Const(b, loc, 0);
    for (unsigned d = 0; d < c.size(); ++d)
      idx = arith::AddIOp::create(
          b, loc, arith::MulIOp::create(b, loc, idx, i32Const(b, loc, shape[d])),
          c[d]);
    return idx;
  }
  Value scaled(Value idx, int64_t mul, int64_t add) {
    idx = arith::MulIOp::create(b, loc, idx, i32Const(b, loc, mul));
    return arith::AddIOp::create(b, loc, idx, i32Const(b, loc, add));
  }

  /// Writes the registers of `vec` (layout `map`) at index(coords).
  void write(Value buffer, Value vec, const LayoutMap &map,
             llvm::function_ref<Value(ArrayRef<Value>)> index) {
    SmallVector<Value> thread = map.threadCoords(b, loc, lane, warp);
    for (int64_t r = 0; r < map.numRegisters(); ++r) {
      Value v = vector::ExtractOp::create(b, loc, vec, r);
      if (isa<LLVM::LLVMPointerType>(v.getType()))
        v = LLVM::PtrToIntOp::create(b, loc, b.getI64Type(), v);
      storeShared(b, loc, buffer, index(coords(map, thread, r)), v);
    }
  }
  /// Reads the registers of a tile of `type` (layout `map`) from
  /// index(coords).
  Value read(Value buffer, RankedTensorType type, const LayoutMap &map,
             const TypeConverter &tc,
             llvm::function_ref<Value(ArrayRef<Value>)> index) {
    auto vecType = cast<VectorType>(tc.convertType(type));
    Type element = vecType.getElementType();
    Type stored = storedType(type.getElementType(), b);
    SmallVector<Value> thread = map.threadCoords(b, loc, lane, warp);
    SmallVector<Value> out;
    for (int64_t r = 0; r < map.numRegisters(); ++r) {
      Value v = loadShared(b, loc, buffer, index(coords(map, thread, r)),
                           stored);
      if (stored != element)
        v = LLVM::IntToPtrOp::create(b, loc, element, v);
      out.push_back(v);
    }
    return vector::FromElementsOp::create(b, loc, vecType, out);
  }
  /// `op`'s scratch buffer (shapeScratch: what the op declares; with the
  /// barrier before the writes), and the thread's lane and warp.
  Value begin(Operation *op) {
    Value buffer = lc.scratchBuffer(b, op, shapeScratch(op)[0].bytes);
    std::tie(lane, warp) = lc.laneAndWarp(b, loc);
    return buffer;
  }
};

/// gir.extract_slice: each thread's registers of the block are some of
/// its registers of the tile (the op's layout rule guarantees it).
struct ExtractSlicePattern : LoweringPattern<gir::ExtractSliceOp> {
  using LoweringPattern::LoweringPattern;

  LogicalResult
  matchAndRewrite(gir::ExtractSliceOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    FailureOr<LayoutMap> src = mapOf(op.getSrc().getType(), lc, op);
    FailureOr<LayoutMap> dst = mapOf(op.getType(), lc, op);
    if (failed(src) || failed(dst))
      return failure();
    std::optional<SmallVector<int64_t>> regs =
        dst->registersFromBlock(*src, op.getOffsets());
    if (!regs)
      return op.emitOpError("cannot take the block from the threads' "
                            "registers in these layouts");
    replaceWithRegisters(rewriter, op, adaptor.getSrc(), *regs,
                         *getTypeConverter());
    return success();
  }
};

template <typename Op>
struct ShapePattern : LoweringPattern<Op> {
  using LoweringPattern<Op>::LoweringPattern;

  LogicalResult
  matchAndRewrite(Op op, typename Op::Adaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto srcType = cast<RankedTensorType>(op->getOperand(0).getType());
    auto dstType = cast<RankedTensorType>(op->getResult(0).getType());
    if (!ShapeMover::supported(srcType.getElementType()))
      return op.emitOpError("of ")
             << srcType.getElementType() << " tiles is not supported yet";
    FailureOr<LayoutMap> src = mapOf(srcType, this->lc, op);
    FailureOr<LayoutMap> dst = mapOf(dstType, this->lc, op);
    if (failed(src) || failed(dst))
      return failure();
    ShapeMover m(rewriter, op.getLoc(), this->lc);
    ArrayRef<int64_t> srcShape = srcType.getShape();
    ArrayRef<int64_t> dstShape = dstType.getShape();
    auto rowMajor = [&](ArrayRef<int64_t> shape) {
      return [&m, shape](ArrayRef<Value> c) { return m.linear(c, shape); };
    };
    const TypeConverter &tc = *this->getTypeConverter();
    if constexpr (std::is_same_v<Op, tir::JoinOp>) {
      Value buffer = m.begin(op);
      m.write(buffer, adaptor.getLhs(), *src, [&](ArrayRef<Value> c) {
        return m.scaled(m.linear(c, srcShape), 2, 0);
      });
      m.write(buffer, adaptor.getRhs(), *src, [&](ArrayRef<Value> c) {
        return m.scaled(m.linear(c, srcShape), 2, 1);
      });
      barrier(rewriter, op.getLoc());
      rewriter.replaceOp(op, m.read(buffer, dstType, *dst, tc,
                                    rowMajor(dstShape)));
    } else if constexpr (std::is_same_v<Op, tir::SplitOp>) {
      Value buffer = m.begin(op);
      m.write(buffer, adaptor.getSrc(), *src, rowMajor(srcShape));
      barrier(rewriter, op.getLoc());
      Value lo = m.read(buffer, dstType, *dst, tc, [&](ArrayRef<Value> c) {
        return m.scaled(m.linear(c, dstShape), 2, 0);
      });
      Value hi = m.read(buffer, dstType, *dst, tc, [&](ArrayRef<Value> c) {
        return m.scaled(m.linear(c, dstShape), 2, 1);
      });
      rewriter.replaceOp(op, ValueRange{lo, hi});
    } else {
      Value buffer = m.begin(op);
      m.write(buffer, adaptor.getSrc(), *src, rowMajor(srcShape));
      barrier(rewriter, op.getLoc());
      if constexpr (std::is_same_v<Op, tir::TransOp>) {
        // Result dimension d is source dimension order[d].
        ArrayRef<int32_t> order = op.getOrder();
        rewriter.replaceOp(
            op, m.read(buffer, dstType, *dst, tc, [&](ArrayRef<Value> c) {
              SmallVector<Value> s(c.size());
              for (unsigned d = 0; d < c.size(); ++d)
                s[order[d]] = c[d];
              return m.linear(s, srcShape);
            }));
      } else {
        rewriter.replaceOp(op, m.read(buffer, dstType, *dst, tc,
                                      rowMajor(dstShape)));
      }
    }
    return success();
  }
};

} // namespace

void populateConvertLayoutPatterns(TypeConverter &converter,
                                   RewritePatternSet &patterns,
                                   LoweringContext &ctx) {
  patterns.add<ConvertLayoutPattern, ExtractSlicePattern>(
      converter, patterns.getContext(), ctx);
  patterns.add<ShapePattern<tir::ReshapeOp>, ShapePattern<tir::TransOp>,
               ShapePattern<tir::JoinOp>, ShapePattern<tir::SplitOp>>(
      converter, patterns.getContext(), ctx);
}

SmallVector<ScratchRequest> convertLayoutScratch(gir::ConvertLayoutOp op) {
  FailureOr<LayoutMap> src = quietMapOf(op.getSrc().getType(), op);
  FailureOr<LayoutMap> dst = quietMapOf(op.getType(), op);
  if (failed(src) || failed(dst))
    return {};
  auto srcEnc = gir::getDistributedEncoding(op.getSrc().getType());
  auto dstEnc = gir::getDistributedEncoding(op.getType());
  if (src->ctaSplit() == dst->ctaSplit() &&
      gir::withCTASplit(srcEnc, 1) == gir::withCTASplit(dstEnc, 1) &&
      gir::withCTASplit(srcEnc, 1))
    return {}; // the same placement: nothing moves
  if (dst->registersFrom(*src))
    return {}; // a register permutation
  Type element = op.getType().getElementType();
  if (!element.isIntOrFloat())
    return {};
  int64_t bytes = sharedBytes(element);
  return {{planStaging(*src, *dst, bytes, hasStMatrix(op)).elements * bytes}};
}

SmallVector<ScratchRequest> shapeScratch(Operation *op) {
  auto srcType = cast<RankedTensorType>(op->getOperand(0).getType());
  Type element = srcType.getElementType();
  if (!ShapeMover::supported(element))
    return {};
  OpBuilder b(op->getContext());
  int64_t elems = srcType.getNumElements() * (isa<tir::JoinOp>(op) ? 2 : 1);
  return {{elems * sharedBytes(ShapeMover::storedType(element, b))}};
}

} // namespace trident::gir_to_llvm
