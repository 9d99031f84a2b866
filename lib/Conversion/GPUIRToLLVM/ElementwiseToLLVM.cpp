//===- ElementwiseToLLVM.cpp - Register-local tile operations -------------===//
//
// Operations whose per-thread code touches only the thread's own registers:
// elementwise arithmetic, splats, ranges, broadcasts, expand_dims, pointer
// arithmetic, program ids.
//
//===----------------------------------------------------------------------===//
#include "Patterns.h"
#include "../FloatStorage.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"

#include <map>

using namespace mlir;
using namespace trident;

namespace trident::gir_to_llvm {

bool isApproximateDivision(arith::DivFOp op) {
  return getElementTypeOrSelf(op.getType()).isF32() &&
         !op->hasAttr(tir::TileIRDialect::getDivRoundedAttrName());
}

namespace {

bool hasTile(Operation *op) {
  auto isTile = [](Type t) { return isa<RankedTensorType>(t); };
  return llvm::any_of(op->getOperandTypes(), isTile) ||
         llvm::any_of(op->getResultTypes(), isTile);
}

/// Any arith or math operation on tiles: the same operation on the
/// thread's vectors (arith and math operations are elementwise on vectors).
/// Also an arith operation on scalars of a converted type (`arith.select`
/// of two pointers, as an `scf.if` choosing a pointer folds to): the same
/// operation on the converted scalars.
struct ElementwisePattern : ConversionPattern {
  ElementwisePattern(TypeConverter &converter, MLIRContext *ctx)
      : ConversionPattern(converter, MatchAnyOpTypeTag(), /*benefit=*/1, ctx) {}

  LogicalResult
  matchAndRewrite(Operation *op, ArrayRef<Value> operands,
                  ConversionPatternRewriter &rewriter) const override {
    StringRef ns = op->getDialect() ? op->getDialect()->getNamespace() : "";
    if ((ns != "arith" && ns != "math") || isa<arith::ConstantOp>(op) ||
        op->getNumRegions() != 0)
      return failure();
    if (!hasTile(op) && getTypeConverter()->isLegal(op))
      return failure();
    SmallVector<Type> resultTypes;
    if (failed(getTypeConverter()->convertTypes(op->getResultTypes(),
                                                resultTypes)))
      return failure();
    OperationState state(op->getLoc(), op->getName().getStringRef(), operands,
                         resultTypes, op->getAttrs());
    Operation *newOp = rewriter.create(state);
    rewriter.replaceOp(op, newOp->getResults());
    return success();
  }
};

/// arith.select on tiles whose condition is constant over runs of a
/// thread's registers (axis info: a mask `cols < n` with n a multiple of
/// the run): every register of a run takes its first register's
/// condition, so the per-thread code computes one condition per run (as a
/// masked load or store does, and shares it with them) rather than one per
/// register. (A read back
/// from a pipelined ring applies `other` this way: a softmax row's 16
/// registers per thread, 4 conditions, not 16 predicates held across the
/// loop.)
struct SelectPattern : LoweringPattern<arith::SelectOp> {
  using LoweringPattern::LoweringPattern;
  LogicalResult
  matchAndRewrite(arith::SelectOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto condType = dyn_cast<RankedTensorType>(op.getCondition().getType());
    if (!condType || !lc.axisInfo ||
        !isa<VectorType>(adaptor.getCondition().getType()))
      return failure();
    const AxisInfo *info = lc.axisInfo->lookup(op.getCondition());
    if (!info || info->getRank() != condType.getRank())
      return failure();
    FailureOr<LayoutMap> map = quietMapOf(condType, op);
    if (failed(map))
      return failure();
    int64_t best = 1;
    for (unsigned d = 0; d < condType.getRank(); ++d) {
      int64_t v = int64_t(1) << llvm::Log2_64(
                      std::max<int64_t>(1, info->getConstancy(d)));
      v = std::min<int64_t>(v, map->numRegisters());
      while (v > best && !map->registersRunAlong(d, v))
        v /= 2;
      best = std::max(best, v);
    }
    if (best == 1)
      return failure();
    // Each run's first condition as a scalar (the extracts that masked
    // loads and stores make too: gir-to-llvm's mask scalarization computes
    // them once, as scalar comparisons, for all of them).
    Location loc = op.getLoc();
    SmallVector<Value> conds;
    for (int64_t r = 0; r < map->numRegisters(); ++r)
      conds.push_back(r % best ? conds.back()
                               : vector::ExtractOp::create(
                                     rewriter, loc, adaptor.getCondition(), r)
                                     .getResult());
    Value cond = vector::FromElementsOp::create(
        rewriter, loc, cast<VectorType>(adaptor.getCondition().getType()),
        conds);
    rewriter.replaceOpWithNewOp<arith::SelectOp>(
        op, cond, adaptor.getTrueValue(), adaptor.getFalseValue());
    return success();
  }
};

/// exp(x) = exp2(x * log2(e)): the GPU has a native exp2. The exp2 here
/// keeps denormal results (ex2.approx.f32), as Triton's tl.exp does; a
/// kernel's own exp2 flushes them (lowerExp2, GPUIRToLLVM.cpp).
struct ExpPattern : OpConversionPattern<math::ExpOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(math::ExpOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Type type = adaptor.getOperand().getType();
    if (!getElementTypeOrSelf(type).isF32())
      return failure();
    Location loc = op.getLoc();
    Value log2e = arith::ConstantOp::create(
        rewriter, loc, type,
        isa<VectorType>(type)
            ? TypedAttr(DenseElementsAttr::get(cast<ShapedType>(type),
                                               rewriter.getF32FloatAttr(
                                                   1.4426950408889634f)))
            : TypedAttr(rewriter.getF32FloatAttr(1.4426950408889634f)));
    Value scaled = arith::MulFOp::create(rewriter, loc, adaptor.getOperand(),
                                         log2e);
    rewriter.replaceOpWithNewOp<LLVM::Exp2Op>(op, scaled);
    return success();
  }
};

/// f32 x / y as Triton divides: div.full.f32 (llvm.nvvm.div.full, within
/// 2 ulp), where LLVM's fdiv would be the IEEE div.rn.f32 with its slow
/// path. An arith.divf marked tir.div_rn (tl.math.div_rn) stays IEEE, and
/// so do other float types (f64: div.rn.f64, as Triton).
struct DivFPattern : OpConversionPattern<arith::DivFOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(arith::DivFOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (!isApproximateDivision(op))
      return failure();
    Location loc = op.getLoc();
    Type f32 = rewriter.getF32Type();
    auto divide = [&](Value x, Value y) -> Value {
      return LLVM::CallIntrinsicOp::create(
                 rewriter, loc, f32,
                 rewriter.getStringAttr("llvm.nvvm.div.full"),
                 ValueRange{x, y})
          .getResult(0);
    };
    Value lhs = adaptor.getLhs(), rhs = adaptor.getRhs();
    auto vecType = dyn_cast<VectorType>(lhs.getType());
    if (!vecType) {
      rewriter.replaceOp(op, divide(lhs, rhs));
      return success();
    }
    SmallVector<Value> out;
    for (int64_t i = 0; i < vecType.getNumElements(); ++i)
      out.push_back(divide(vector::ExtractOp::create(rewriter, loc, lhs, i),
                           vector::ExtractOp::create(rewriter, loc, rhs, i)));
    rewriter.replaceOpWithNewOp<vector::FromElementsOp>(op, vecType, out);
    return success();
  }
};

struct ConstantPattern : OpConversionPattern<arith::ConstantOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(arith::ConstantOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto tile = dyn_cast<RankedTensorType>(op.getType());
    if (!tile)
      return failure();
    auto dense = dyn_cast<DenseElementsAttr>(op.getValue());
    if (!dense || !dense.isSplat())
      return rewriter.notifyMatchFailure(op, "only splat tile constants");
    auto vecType = dyn_cast_or_null<VectorType>(
        getTypeConverter()->convertType(tile));
    if (!vecType)
      return failure();
    rewriter.replaceOpWithNewOp<arith::ConstantOp>(
        op, vecType,
        DenseElementsAttr::get(vecType, dense.getSplatValue<Attribute>()));
    return success();
  }
};

struct SplatPattern : OpConversionPattern<tir::SplatOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(tir::SplatOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Type type = getTypeConverter()->convertType(op.getType());
    if (!type)
      return failure();
    rewriter.replaceOpWithNewOp<vector::BroadcastOp>(op, type,
                                                     adaptor.getSrc());
    return success();
  }
};

/// The thread's part of `map`'s dimension-0 coordinates (with, in a
/// cluster, the CTA's block), to XOR with each register's.
Value threadRangePart(const LayoutMap &map, LoweringContext &lc,
                      OpBuilder &b, Location loc) {
  auto [lane, warp] = lc.laneAndWarp(b, loc);
  Value thread = map.threadCoords(b, loc, lane, warp)[0];
  // In a cluster, the CTA's block of a split range starts further on.
  if (map.ctaSplit() > 1)
    thread = arith::XOrIOp::create(
        b, loc, thread, map.ctaRowOffset(b, loc, lc.ctaRank(b, loc)));
  return thread;
}

/// Per register, as scalars: the elements of `range` (a tir.make_range),
/// each the thread's part plus a constant (`add nuw nsw`), when no
/// register bit of its layout is a thread bit (blocked layouts); else
/// nothing. LLVM then sees each register's offset as one per-thread value
/// plus an immediate.
std::optional<SmallVector<Value>> rangeAsSums(tir::MakeRangeOp range,
                                              LoweringContext &lc,
                                              OpBuilder &b, Location loc) {
  FailureOr<LayoutMap> map = mapOf(range.getType(), lc, range);
  if (failed(map) || map->ctaSplit() != 1 || range.getStart() < 0)
    return std::nullopt;
  int64_t regBits = 0, threadBits = 0;
  for (int64_t r = 0; r < map->numRegisters(); ++r)
    regBits |= map->registerCoords(r)[0];
  for (bool lanes : {true, false})
    for (auto [bit, step] : map->threadBitSteps(0, lanes))
      threadBits |= step;
  if (regBits & threadBits)
    return std::nullopt;
  Value thread = threadRangePart(*map, lc, b, loc);
  auto noWrap =
      arith::IntegerOverflowFlags::nsw | arith::IntegerOverflowFlags::nuw;
  SmallVector<Value> elements;
  for (int64_t r = 0; r < map->numRegisters(); ++r)
    elements.push_back(arith::AddIOp::create(
        b, loc, thread,
        i32Const(b, loc,
                 int32_t(range.getStart() + map->registerCoords(r)[0])),
        noWrap));
  return elements;
}

/// Per register: start + (register coordinates XOR thread coordinates).
struct MakeRangePattern : LoweringPattern<tir::MakeRangeOp> {
  using LoweringPattern::LoweringPattern;
  LogicalResult
  matchAndRewrite(tir::MakeRangeOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    FailureOr<LayoutMap> map = mapOf(op.getType(), lc, op);
    if (failed(map))
      return failure();
    Location loc = op.getLoc();
    auto vecType = cast<VectorType>(getTypeConverter()->convertType(op.getType()));
    SmallVector<int32_t> regs;
    for (int64_t r = 0; r < map->numRegisters(); ++r)
      regs.push_back(map->registerCoords(r)[0]);
    Value regConst = arith::ConstantOp::create(
        rewriter, loc, vecType,
        DenseElementsAttr::get(vecType, ArrayRef<int32_t>(regs)));
    Value thread = threadRangePart(*map, lc, rewriter, loc);
    Value index = arith::XOrIOp::create(
        rewriter, loc, regConst,
        vector::BroadcastOp::create(rewriter, loc, vecType, thread));
    Value start = i32Const(rewriter, loc, int32_t(op.getStart()));
    rewriter.replaceOpWithNewOp<arith::AddIOp>(
        op, index, vector::BroadcastOp::create(rewriter, loc, vecType, start));
    return success();
  }
};

/// Result register r takes the operand register holding the same element
/// with the broadcast dimensions at 0, in the same thread.
struct BroadcastPattern : LoweringPattern<tir::BroadcastOp> {
  using LoweringPattern::LoweringPattern;
  LogicalResult
  matchAndRewrite(tir::BroadcastOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    FailureOr<LayoutMap> src = mapOf(op.getSrc().getType(), lc, op);
    FailureOr<LayoutMap> dst = mapOf(op.getType(), lc, op);
    if (failed(src) || failed(dst))
      return failure();
    if (gir::getDistributedEncoding(op.getSrc().getType()) !=
        gir::getDistributedEncoding(op.getType()))
      return rewriter.notifyMatchFailure(op, "operand and result layouts differ");
    std::map<SmallVector<int64_t>, int64_t> srcRegs;
    for (int64_t r = 0; r < src->numRegisters(); ++r)
      srcRegs.emplace(src->registerCoords(r), r);
    SmallVector<int64_t> mask;
    for (int64_t r = 0; r < dst->numRegisters(); ++r) {
      SmallVector<int64_t> c = dst->registerCoords(r);
      for (unsigned d = 0; d < c.size(); ++d)
        if (src->getShape()[d] == 1)
          c[d] = 0;
      auto it = srcRegs.find(c);
      if (it == srcRegs.end())
        return op.emitOpError("broadcast needs an element its thread does "
                              "not hold (unsupported layout pair)");
      mask.push_back(it->second);
    }
    rewriter.replaceOpWithNewOp<vector::ShuffleOp>(op, adaptor.getSrc(),
                                                   adaptor.getSrc(), mask);
    return success();
  }
};

/// Inserting a dimension into a slice layout's tile gives its parent layout.
/// The slice keeps one register per distinct element; the parent may hold
/// an element in several registers: each result register takes the operand
/// register holding its element (a shuffle, no data movement in SASS).
struct ExpandDimsPattern : LoweringPattern<tir::ExpandDimsOp> {
  using LoweringPattern::LoweringPattern;
  LogicalResult
  matchAndRewrite(tir::ExpandDimsOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    FailureOr<LayoutMap> src = mapOf(op.getSrc().getType(), lc, op);
    FailureOr<LayoutMap> dst = mapOf(op.getType(), lc, op);
    if (failed(src) || failed(dst))
      return failure();
    std::map<SmallVector<int64_t>, int64_t> srcRegs;
    for (int64_t r = 0; r < src->numRegisters(); ++r)
      srcRegs.emplace(src->registerCoords(r), r);
    SmallVector<int64_t> mask;
    bool identity = src->numRegisters() == dst->numRegisters();
    for (int64_t r = 0; r < dst->numRegisters(); ++r) {
      SmallVector<int64_t> c = dst->registerCoords(r);
      c.erase(c.begin() + op.getAxis());
      auto it = srcRegs.find(c);
      if (it == srcRegs.end())
        return op.emitOpError("expand_dims needs an element its thread does "
                              "not hold (the result layout is not the "
                              "operand's parent)");
      mask.push_back(it->second);
      identity &= it->second == r;
    }
    if (identity) {
      rewriter.replaceOp(op, adaptor.getSrc());
      return success();
    }
    rewriter.replaceOpWithNewOp<vector::ShuffleOp>(op, adaptor.getSrc(),
                                                   adaptor.getSrc(), mask);
    return success();
  }
};

template <typename SourceOp, typename X, typename Y, typename Z>
struct SpecialRegisterPattern : OpConversionPattern<SourceOp> {
  using OpConversionPattern<SourceOp>::OpConversionPattern;
  LogicalResult
  matchAndRewrite(SourceOp op, typename SourceOp::Adaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Type i32 = rewriter.getI32Type();
    Value v;
    switch (op.getAxis()) {
    case 0:
      v = X::create(rewriter, op.getLoc(), i32);
      break;
    case 1:
      v = Y::create(rewriter, op.getLoc(), i32);
      break;
    default:
      v = Z::create(rewriter, op.getLoc(), i32);
      break;
    }
    rewriter.replaceOp(op, v);
    return success();
  }
};

struct AddPtrPattern : LoweringPattern<tir::AddPtrOp> {
  using LoweringPattern::LoweringPattern;
  LogicalResult
  matchAndRewrite(tir::AddPtrOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Type resultType = getTypeConverter()->convertType(op.getType());
    Type pointee = tir::getPointeeTypeLike(op.getType());
    if (auto tile = dyn_cast<RankedTensorType>(pointee))
      pointee = tile.getElementType();
    // A pointer to pointers steps over pointers (as LLVM types them).
    if (isa<tir::PointerType>(pointee))
      pointee = getTypeConverter()->convertType(pointee);
    // i1 steps as bytes; floats LLVM lacks (f8) as integers of their width.
    if (pointee.isInteger(1))
      pointee = rewriter.getI8Type();
    pointee = conversion::storageType(pointee);
    // A splat pointer (`row_ptr + cols`): one GEP per register from the
    // scalar, as Triton does. A vector GEP of the splat would leave the
    // scalar GEP that made the row pointer with one use, and LLVM's LICM
    // reassociates `gep(gep(base, row), cols)` into `gep(gep(base, cols),
    // row)` and hoists `base + cols` out of a row loop: a 64-bit pointer
    // per register held across the loop (02 softmax: eight, 16 of its 48
    // registers). LICM leaves a row pointer with several uses as it is.
    // The offsets of a range (`row_ptr + tl.arange(0, BLOCK)`) are made
    // per register as the thread's offset plus a constant, so that the
    // thread's registers are immediate offsets from one address (as in
    // Triton's code) rather than each a 64-bit offset of its own.
    auto vecType = dyn_cast<VectorType>(resultType);
    if (Value scalar = splatSource(op, adaptor, rewriter);
        scalar && vecType && vecType.getNumElements() > 1) {
      Location loc = op.getLoc();
      Value offsets = adaptor.getOffset();
      std::optional<SmallVector<Value>> sums;
      if (auto range = op.getOffset().getDefiningOp<tir::MakeRangeOp>())
        sums = rangeAsSums(range, lc, rewriter, loc);
      SmallVector<Value> elements;
      for (int64_t i = 0, e = vecType.getNumElements(); i < e; ++i) {
        Value offset =
            sums ? (*sums)[i]
                 : vector::ExtractOp::create(rewriter, loc, offsets, i)
                       .getResult();
        elements.push_back(LLVM::GEPOp::create(rewriter, loc,
                                               vecType.getElementType(),
                                               pointee, scalar,
                                               ValueRange{offset}));
      }
      rewriter.replaceOpWithNewOp<vector::FromElementsOp>(op, vecType,
                                                          elements);
      return success();
    }
    rewriter.replaceOpWithNewOp<LLVM::GEPOp>(op, resultType, pointee,
                                             adaptor.getPtr(),
                                             ValueRange{adaptor.getOffset()});
    return success();
  }

private:
  /// The converted scalar pointer when `op`'s pointer tile is a splat of
  /// one; else null.
  static Value splatSource(tir::AddPtrOp op, OpAdaptor adaptor,
                           ConversionPatternRewriter &rewriter) {
    if (auto splat = op.getPtr().getDefiningOp<tir::SplatOp>())
      if (Value src = rewriter.getRemappedValue(splat.getSrc()))
        if (isa<LLVM::LLVMPointerType>(src.getType()))
          return src;
    if (auto bcast = adaptor.getPtr().getDefiningOp<vector::BroadcastOp>())
      if (isa<LLVM::LLVMPointerType>(bcast.getSource().getType()))
        return bcast.getSource();
    return Value();
  }
};

/// Pointer <-> pointer bitcasts are no-ops on LLVM pointers; int <-> float
/// bitcasts reinterpret the thread's registers.
struct BitcastPattern : OpConversionPattern<tir::BitcastOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(tir::BitcastOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Type resultType = getTypeConverter()->convertType(op.getType());
    if (!resultType)
      return failure();
    Value src = adaptor.getSrc();
    if (src.getType() == resultType) {
      rewriter.replaceOp(op, src);
      return success();
    }
    // Numbers: arith.bitcast, whose lowering converts types LLVM lacks
    // (fp8 becomes i8).
    auto isNumber = [](Type t) {
      return getElementTypeOrSelf(t).isIntOrFloat();
    };
    if (isNumber(src.getType()) && isNumber(resultType)) {
      rewriter.replaceOpWithNewOp<arith::BitcastOp>(op, resultType, src);
      return success();
    }
    rewriter.replaceOpWithNewOp<LLVM::BitcastOp>(op, resultType, src);
    return success();
  }
};

struct IntToPtrPattern : OpConversionPattern<tir::IntToPtrOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(tir::IntToPtrOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Type resultType = getTypeConverter()->convertType(op.getType());
    if (!resultType)
      return failure();
    rewriter.replaceOpWithNewOp<LLVM::IntToPtrOp>(op, resultType,
                                                  adaptor.getSrc());
    return success();
  }
};

struct PtrToIntPattern : OpConversionPattern<tir::PtrToIntOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(tir::PtrToIntOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Type resultType = getTypeConverter()->convertType(op.getType());
    if (!resultType)
      return failure();
    rewriter.replaceOpWithNewOp<LLVM::PtrToIntOp>(op, resultType,
                                                  adaptor.getSrc());
    return success();
  }
};

/// Hints only: dropped.
struct AssumePattern : OpConversionPattern<tir::AssumeOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(tir::AssumeOp op, OpAdaptor,
                  ConversionPatternRewriter &rewriter) const override {
    rewriter.eraseOp(op);
    return success();
  }
};

} // namespace

void populateElementwisePatterns(TypeConverter &converter,
                                 RewritePatternSet &patterns,
                                 LoweringContext &ctx) {
  MLIRContext *mlirCtx = patterns.getContext();
  patterns.add<ElementwisePattern>(converter, mlirCtx);
  patterns.add<ExpPattern, DivFPattern>(converter, mlirCtx, /*benefit=*/2);
  patterns.add<ConstantPattern, SplatPattern, AssumePattern, BitcastPattern,
               IntToPtrPattern, PtrToIntPattern>(converter, mlirCtx);
  patterns.add<MakeRangePattern, BroadcastPattern, ExpandDimsPattern,
               AddPtrPattern>(converter, mlirCtx, ctx);
  patterns.add<SelectPattern>(converter, mlirCtx, ctx, /*benefit=*/2);
  // A program that runs on a cluster of CTAs (num_ctas > 1) is the
  // cluster: its id and the grid's size count clusters.
  if (ctx.numCTAs > 1)
    patterns.add<
        SpecialRegisterPattern<tir::GetProgramIdOp, NVVM::ClusterIdXOp,
                               NVVM::ClusterIdYOp, NVVM::ClusterIdZOp>,
        SpecialRegisterPattern<tir::GetNumProgramsOp, NVVM::ClusterDimXOp,
                               NVVM::ClusterDimYOp, NVVM::ClusterDimZOp>>(
        converter, mlirCtx);
  else
    patterns.add<
        SpecialRegisterPattern<tir::GetProgramIdOp, NVVM::BlockIdXOp,
                               NVVM::BlockIdYOp, NVVM::BlockIdZOp>,
        SpecialRegisterPattern<tir::GetNumProgramsOp, NVVM::GridDimXOp,
                               NVVM::GridDimYOp, NVVM::GridDimZOp>>(
        converter, mlirCtx);
}

} // namespace trident::gir_to_llvm
