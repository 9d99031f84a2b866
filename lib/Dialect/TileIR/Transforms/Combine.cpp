//===- Combine.cpp - tir-combine pass ---------------------------*- C++ -*-===//
//
// Tile-level peephole rewrites: the canonicalization patterns of every Tile
// IR operation, plus rewrites that span operations of several dialects:
//
//   arith.addf(tir.dot(a, b, 0), d)          -> tir.dot(a, b, d)
//   tir.addptr(tir.addptr(p, a), b)          -> tir.addptr(p, a + b)
//   tir.addptr(tir.splat p, tir.splat o)     -> tir.splat(tir.addptr(p, o))
//   arith.select(m, tir.load(p, m), x)       -> tir.load(p, m, x)
//
//===----------------------------------------------------------------------===//
#include "trident/Dialect/TileIR/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/Dominance.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace trident::tir {
#define GEN_PASS_DEF_TILEIRCOMBINE
#include "trident/Dialect/TileIR/Transforms/Passes.h.inc"
} // namespace trident::tir

using namespace mlir;
using namespace trident::tir;

namespace {

/// Whether `value` is a constant zero (scalar or splat, integer or float).
bool isZeroConstant(Value value) {
  Attribute attr;
  if (!matchPattern(value, m_Constant(&attr)))
    return false;
  if (auto dense = dyn_cast<DenseElementsAttr>(attr)) {
    if (!dense.isSplat())
      return false;
    attr = dense.getSplatValue<Attribute>();
  }
  if (auto i = dyn_cast<IntegerAttr>(attr))
    return i.getValue().isZero();
  if (auto f = dyn_cast<FloatAttr>(attr))
    return f.getValue().isZero();
  return false;
}

/// add(dot(a, b, 0), d) -> dot(a, b, d), for arith.addf and arith.addi,
/// with the dot on either side. The dot must have no other use.
template <typename AddOp>
struct FoldAddIntoDotAccumulator : OpRewritePattern<AddOp> {
  using OpRewritePattern<AddOp>::OpRewritePattern;
  LogicalResult matchAndRewrite(AddOp add,
                                PatternRewriter &rewriter) const override {
    for (auto [dotSide, other] : {std::pair(add.getLhs(), add.getRhs()),
                                  std::pair(add.getRhs(), add.getLhs())}) {
      auto dot = dotSide.template getDefiningOp<DotOp>();
      if (!dot || !dot->hasOneUse() || !isZeroConstant(dot.getC()) ||
          other.getType() != dot.getType())
        continue;
      rewriter.replaceOpWithNewOp<DotOp>(add, dot.getA(), dot.getB(), other,
                                         dot.getPrecision(),
                                         dot.getMaxNumImpreciseAcc());
      rewriter.eraseOp(dot);
      return success();
    }
    return failure();
  }
};

/// addptr(addptr(p, a), b) -> addptr(p, a + b) when a and b have one type.
struct CombineAddPtrChain : OpRewritePattern<AddPtrOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(AddPtrOp op,
                                PatternRewriter &rewriter) const override {
    auto inner = op.getPtr().getDefiningOp<AddPtrOp>();
    if (!inner || inner.getOffset().getType() != op.getOffset().getType())
      return failure();
    Value sum = arith::AddIOp::create(rewriter, op.getLoc(), inner.getOffset(),
                                      op.getOffset());
    rewriter.replaceOpWithNewOp<AddPtrOp>(op, inner.getPtr(), sum);
    return success();
  }
};

/// addptr(splat p, splat o) -> splat(addptr(p, o)): scalar address
/// arithmetic instead of a tile of it.
struct HoistAddPtrOfSplats : OpRewritePattern<AddPtrOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(AddPtrOp op,
                                PatternRewriter &rewriter) const override {
    auto ptr = op.getPtr().getDefiningOp<SplatOp>();
    auto off = op.getOffset().getDefiningOp<SplatOp>();
    if (!ptr || !off)
      return failure();
    Value scalar =
        AddPtrOp::create(rewriter, op.getLoc(), ptr.getSrc(), off.getSrc());
    rewriter.replaceOpWithNewOp<SplatOp>(op, op.getType(), scalar);
    return success();
  }
};

/// select(m, load(p, m), x) -> load(p, m, x): the masked-off value of a load
/// is its `other` operand.
struct FoldSelectIntoMaskedLoad : OpRewritePattern<arith::SelectOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(arith::SelectOp select,
                                PatternRewriter &rewriter) const override {
    auto load = select.getTrueValue().getDefiningOp<LoadOp>();
    if (!load || !load->hasOneUse() || !load.getMask() || load.getOther() ||
        load.getMask() != select.getCondition() ||
        load.getType() != select.getType())
      return failure();
    // The load will read the select's false value, so that value must be
    // available where the load is.
    if (!DominanceInfo().properlyDominates(select.getFalseValue(), load))
      return rewriter.notifyMatchFailure(select, "other not available at load");
    rewriter.modifyOpInPlace(load, [&] {
      load.getOtherMutable().assign(select.getFalseValue());
    });
    rewriter.replaceOp(select, load.getResult());
    return success();
  }
};

struct TileIRCombinePass
    : trident::tir::impl::TileIRCombineBase<TileIRCombinePass> {
  void runOnOperation() override {
    MLIRContext *context = &getContext();
    RewritePatternSet patterns(context);
    Dialect *tir = context->getLoadedDialect<TileIRDialect>();
    for (RegisteredOperationName name : context->getRegisteredOperations())
      if (&name.getDialect() == tir)
        name.getCanonicalizationPatterns(patterns, context);
    patterns.add<FoldAddIntoDotAccumulator<arith::AddFOp>,
                 FoldAddIntoDotAccumulator<arith::AddIOp>, CombineAddPtrChain,
                 HoistAddPtrOfSplats, FoldSelectIntoMaskedLoad>(context);
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns))))
      signalPassFailure();
  }
};

} // namespace
