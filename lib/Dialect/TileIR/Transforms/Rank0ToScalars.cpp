//===- Rank0ToScalars.cpp - tir-rank0-to-scalars pass -----------*- C++ -*-===//
//
// A rank-0 tile (`tensor<f32>`, `tensor<!tir.ptr<f32>>`) holds one element,
// as a scalar does; the back ends compute on scalars the way Triton does
// (every thread of a GPU program holds the value, one thread stores it),
// so this pass rewrites every rank-0 tile into the scalar of its element
// type, by a dialect conversion of its type:
//
//   arith.constant dense<c> : tensor<T>     -> arith.constant c : T
//   tir.splat %s : T -> tensor<T>           -> %s
//   tir.broadcast, tir.trans of a rank-0    -> the scalar
//   tir.expand_dims / tir.reshape of one    -> tir.splat to the result
//   tir.reshape to rank 0                   -> the one element (below)
//   tir.join of two                         -> splats, join, reshape
//   tir.split to rank 0                     -> split of a 1x2 tile, elements
//   elementwise arith / math, tir.load, tir.store, tir.addptr, casts,
//   atomics, tir.print, tir.assert, tir.assume, inline asm, extern calls,
//   tir.map_elementwise (its region is on scalars already)
//                                           -> the same op on scalars
//
// and scf loops, ifs and whiles, function signatures, calls and returns
// carry the scalars (MLIR's structural type conversions). The one element
// of a tile of one element is read by a `tir.reduce` whose combine keeps
// its accumulator (pointers through i64). Any other op with a rank-0 tile
// is reported.
//
//===----------------------------------------------------------------------===//
#include "trident/Dialect/TileIR/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Func/Transforms/FuncConversions.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/SCF/Transforms/Patterns.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Transforms/DialectConversion.h"

namespace trident::tir {
#define GEN_PASS_DEF_TILEIRRANK0TOSCALARS
#include "trident/Dialect/TileIR/Transforms/Passes.h.inc"
} // namespace trident::tir

using namespace mlir;
using namespace trident::tir;

namespace {

bool isRank0(Type type) {
  auto tile = dyn_cast<RankedTensorType>(type);
  return tile && tile.getRank() == 0 && !tile.getEncoding();
}

bool hasRank0(TypeRange types) { return llvm::any_of(types, isRank0); }

/// tensor<T> -> T; every other type is kept.
struct Rank0TypeConverter : TypeConverter {
  Rank0TypeConverter() {
    addConversion([](Type type) { return type; });
    addConversion([](RankedTensorType type) -> Type {
      return isRank0(type) ? type.getElementType() : Type(type);
    });
  }
};

/// The element of `tile`, a tile of one element.
Value onlyElement(OpBuilder &b, Location loc, Value tile) {
  auto type = cast<RankedTensorType>(tile.getType());
  Type element = type.getElementType();
  auto ptr = dyn_cast<PointerType>(element);
  if (type.getRank() != 1)
    tile = ReshapeOp::create(b, loc, RankedTensorType::get({1}, element), tile);
  if (ptr)
    tile = PtrToIntOp::create(
        b, loc, RankedTensorType::get({1}, b.getI64Type()), tile);
  auto reduce = ReduceOp::create(b, loc, ValueRange{tile}, /*axis=*/0);
  Type scalar = getElementTypeOrSelf(tile.getType());
  Block *body = b.createBlock(&reduce.getCombineOp(), {}, {scalar, scalar},
                              {loc, loc});
  {
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(body);
    ReduceReturnOp::create(b, loc, ValueRange{body->getArgument(0)});
  }
  b.setInsertionPointAfter(reduce);
  Value v = reduce.getResult()[0];
  if (ptr)
    v = IntToPtrOp::create(b, loc, ptr, v);
  return v;
}

struct ConstantLowering : OpConversionPattern<arith::ConstantOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(arith::ConstantOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto dense = dyn_cast<DenseElementsAttr>(op.getValue());
    if (!dense || !isRank0(op.getType()))
      return failure();
    rewriter.replaceOpWithNewOp<arith::ConstantOp>(
        op, cast<TypedAttr>(dense.getSplatValue<Attribute>()));
    return success();
  }
};

/// splat to, broadcast of and trans of a rank-0 tile: the scalar itself
/// (the verifiers keep the rank of broadcast and trans); expand_dims and
/// reshape of one: a splat to the result.
template <typename OpTy>
struct ShapeLowering : OpConversionPattern<OpTy> {
  using OpConversionPattern<OpTy>::OpConversionPattern;
  LogicalResult
  matchAndRewrite(OpTy op, typename OpTy::Adaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Value src = adaptor.getOperands().front();
    if (isa<RankedTensorType>(src.getType())) {
      // reshape of a one-element tile to rank 0.
      if (!isRank0(op.getType()))
        return failure();
      rewriter.replaceOp(op, onlyElement(rewriter, op.getLoc(), src));
      return success();
    }
    if (isRank0(op.getType()))
      rewriter.replaceOp(op, src);
    else
      rewriter.replaceOpWithNewOp<SplatOp>(op, op.getType(), src);
    return success();
  }
};

/// join of two rank-0 tiles: a tile of two.
struct JoinLowering : OpConversionPattern<JoinOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(JoinOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (!isRank0(op.getLhs().getType()))
      return failure();
    Location loc = op.getLoc();
    Type element = op.getLhs().getType().getElementType();
    auto one = RankedTensorType::get({1}, element);
    Value lhs = SplatOp::create(rewriter, loc, one, adaptor.getLhs());
    Value rhs = SplatOp::create(rewriter, loc, one, adaptor.getRhs());
    Value joined = JoinOp::create(rewriter, loc, lhs, rhs);
    rewriter.replaceOpWithNewOp<ReshapeOp>(op, op.getType(), joined);
    return success();
  }
};

/// split of a tile of two into rank-0 halves: the two elements.
struct SplitLowering : OpConversionPattern<SplitOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(SplitOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (!isRank0(op.getLhs().getType()))
      return failure();
    Location loc = op.getLoc();
    Type element = op.getLhs().getType().getElementType();
    Value src = ReshapeOp::create(
        rewriter, loc, RankedTensorType::get({1, 2}, element), adaptor.getSrc());
    auto split = SplitOp::create(rewriter, loc, src);
    Value lhs = onlyElement(rewriter, loc, split.getLhs());
    Value rhs = onlyElement(rewriter, loc, split.getRhs());
    rewriter.replaceOp(op, {lhs, rhs});
    return success();
  }
};

/// Operations that take scalars where they take tiles, with the same
/// attributes.
bool actsOnScalars(Operation *op) {
  if (isa<MapElementwiseOp>(op))
    return true; // its region computes on scalars whatever its operands are
  if (op->getNumRegions() != 0)
    return false;
  return OpTrait::hasElementwiseMappableTraits(op) ||
         isa<LoadOp, StoreOp, AddPtrOp, IntToPtrOp, PtrToIntOp, BitcastOp,
             AtomicRMWOp, AtomicCASOp, PrintOp, AssertOp, AssumeOp,
             InlineAsmElementwiseOp, ExternElementwiseOp>(op);
}

/// Any op of actsOnScalars: cloned on the scalars.
struct ScalarCloneLowering : ConversionPattern {
  ScalarCloneLowering(const TypeConverter &converter, MLIRContext *ctx)
      : ConversionPattern(converter, MatchAnyOpTypeTag(), /*benefit=*/1, ctx) {}
  LogicalResult
  matchAndRewrite(Operation *op, ArrayRef<Value> operands,
                  ConversionPatternRewriter &rewriter) const override {
    if (!actsOnScalars(op))
      return failure();
    SmallVector<Type> types;
    if (failed(getTypeConverter()->convertTypes(op->getResultTypes(), types)))
      return failure();
    IRMapping map;
    map.map(op->getOperands(), operands);
    Operation *clone = rewriter.clone(*op, map);
    for (auto [result, type] : llvm::zip_equal(clone->getResults(), types))
      result.setType(type);
    rewriter.replaceOp(op, clone->getResults());
    return success();
  }
};

/// Whether the conversion knows how to rewrite `op`'s rank-0 tiles.
bool handles(Operation *op) {
  return actsOnScalars(op) ||
         isa<arith::ConstantOp, SplatOp, BroadcastOp, TransOp, ExpandDimsOp,
             ReshapeOp, JoinOp, SplitOp, scf::ForOp, scf::WhileOp, scf::IfOp,
             scf::YieldOp, scf::ConditionOp, func::FuncOp, func::CallOp,
             func::ReturnOp>(op);
}

bool touchesRank0(Operation *op) {
  if (hasRank0(op->getOperandTypes()) || hasRank0(op->getResultTypes()))
    return true;
  if (auto fn = dyn_cast<FunctionOpInterface>(op))
    if (hasRank0(fn.getArgumentTypes()) || hasRank0(fn.getResultTypes()))
      return true;
  for (Region &region : op->getRegions())
    for (Block &block : region)
      if (hasRank0(block.getArgumentTypes()))
        return true;
  return false;
}

struct TileIRRank0ToScalarsPass
    : trident::tir::impl::TileIRRank0ToScalarsBase<TileIRRank0ToScalarsPass> {
  using Base::Base;

  /// Reports every op with a rank-0 tile that the conversion cannot
  /// rewrite (rather than its generic "failed to legalize").
  LogicalResult checkOps() {
    bool ok = true;
    getOperation()->walk([&](Operation *op) {
      if (handles(op) || !touchesRank0(op))
        return;
      op->emitOpError() << "has a rank-0 tile, which tir-rank0-to-scalars "
                           "cannot turn into a scalar here (rank-0 tiles may "
                           "be computed on elementwise, loaded, stored, "
                           "reshaped, joined, split and carried by scf "
                           "loops, ifs and functions)";
      ok = false;
    });
    return success(ok);
  }

  void runOnOperation() override {
    bool any = false;
    getOperation()->walk([&](Operation *op) { any |= touchesRank0(op); });
    if (!any)
      return;
    if (failed(checkOps()))
      return signalPassFailure();

    MLIRContext *ctx = &getContext();
    Rank0TypeConverter converter;
    ConversionTarget target(*ctx);
    target.markUnknownOpDynamicallyLegal(
        [](Operation *op) { return !touchesRank0(op); });
    RewritePatternSet patterns(ctx);
    patterns.add<ConstantLowering, ShapeLowering<SplatOp>,
                 ShapeLowering<BroadcastOp>, ShapeLowering<TransOp>,
                 ShapeLowering<ExpandDimsOp>, ShapeLowering<ReshapeOp>,
                 JoinLowering, SplitLowering, ScalarCloneLowering>(converter,
                                                                   ctx);
    populateFunctionOpInterfaceTypeConversionPattern<func::FuncOp>(patterns,
                                                                   converter);
    populateCallOpTypeConversionPattern(patterns, converter);
    populateReturnOpTypeConversionPattern(patterns, converter);
    scf::populateSCFStructuralTypeConversionsAndLegality(converter, patterns,
                                                         target);
    if (failed(applyPartialConversion(getOperation(), target,
                                      std::move(patterns))))
      signalPassFailure();
  }
};

} // namespace
