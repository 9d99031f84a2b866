//===- Combine.cpp - tir-combine pass ---------------------------*- C++ -*-===//
//
// Tile-level peephole rewrites: the canonicalization patterns of every Tile
// IR operation, plus rewrites that span operations of several dialects:
//
//   arith.addf(tir.dot(a, b, 0), d)          -> tir.dot(a, b, d)
//   tir.addptr(tir.addptr(p, a), b)          -> tir.addptr(p, a + b)
//   tir.addptr(tir.splat p, tir.splat o)     -> tir.splat(tir.addptr(p, o))
//   arith.select(m, tir.load(p, m), x)       -> tir.load(p, m, x)
//   scf.for carrying a pointer tile p, yielding tir.addptr(p, splat s)
//     -> the loop carries the scalar total offset t (i64) instead, and
//        p = tir.addptr(p0, splat t) in the body
//
//===----------------------------------------------------------------------===//
#include "trident/Dialect/TileIR/Transforms/Passes.h"
#include "trident/Dialect/TileIR/IR/RegionArgHints.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Dominance.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
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

/// A tile of pointers that a loop advances by one loop-invariant offset
/// for all its elements every iteration (Triton's `a_ptrs += BLOCK_K *
/// stride`) is carried as the scalar total offset instead: the body
/// recomputes p = p0 + splat(total) from the loop-invariant initial tile,
/// and the loop carries total += s in i64 (a long loop cannot overflow
/// it). A carried tile keeps every element's pointer alive across
/// iterations, where the vectorized loads use one per vector (the 128x128
/// matmul carried 128 64-bit pointers per thread and advanced them all);
/// recomputed, only the used elements survive, and a software pipeliner
/// runs one scalar ahead instead of a tile.
struct CarryPointerOffsets : OpRewritePattern<scf::ForOp> {
  using OpRewritePattern::OpRewritePattern;

  /// Whether `v` can be had before `loop`: defined outside it, or computed
  /// in its body by pure operations from such values (the step's
  /// arithmetic before loop-invariant code motion has run). Changes
  /// nothing: a pattern must not touch the IR before it commits.
  static bool hoistable(Value v, scf::ForOp loop, unsigned depth = 0) {
    if (loop.isDefinedOutsideOfLoop(v))
      return true;
    Operation *def = v.getDefiningOp();
    if (!def || depth > 4 || def->getBlock() != loop.getBody() ||
        !isPure(def) || def->getNumRegions() != 0 || def->getNumResults() != 1)
      return false;
    return llvm::all_of(def->getOperands(), [&](Value operand) {
      return hoistable(operand, loop, depth + 1);
    });
  }

  /// `v` (hoistable) as a value before `loop`: itself, or a copy of its
  /// computation placed there.
  static Value hoist(Value v, scf::ForOp loop, PatternRewriter &rewriter) {
    if (loop.isDefinedOutsideOfLoop(v))
      return v;
    Operation *def = v.getDefiningOp();
    IRMapping map;
    for (Value operand : def->getOperands())
      map.map(operand, hoist(operand, loop, rewriter));
    OpBuilder::InsertionGuard guard(rewriter);
    rewriter.setInsertionPoint(loop);
    return rewriter.clone(*def, map)->getResult(0);
  }

  /// Whether every element of `offset` is one scalar that can be had before
  /// `loop` (a splat of a hoistable value, or a splat constant).
  static bool uniformStep(Value offset, scf::ForOp loop) {
    if (auto splat = offset.getDefiningOp<SplatOp>())
      return hoistable(splat.getSrc(), loop);
    DenseIntElementsAttr dense;
    return matchPattern(offset, m_Constant(&dense)) && dense.isSplat();
  }

  /// That scalar, before `loop`.
  static Value materializeStep(Value offset, scf::ForOp loop,
                               PatternRewriter &rewriter) {
    if (auto splat = offset.getDefiningOp<SplatOp>())
      return hoist(splat.getSrc(), loop, rewriter);
    DenseIntElementsAttr dense;
    matchPattern(offset, m_Constant(&dense));
    OpBuilder::InsertionGuard guard(rewriter);
    rewriter.setInsertionPoint(loop);
    return arith::ConstantOp::create(rewriter, loop.getLoc(),
                                     dense.getSplatValue<IntegerAttr>());
  }

  LogicalResult matchAndRewrite(scf::ForOp loop,
                                PatternRewriter &rewriter) const override {
    auto yield = cast<scf::YieldOp>(loop.getBody()->getTerminator());
    for (unsigned j = 0; j < loop.getNumRegionIterArgs(); ++j) {
      BlockArgument arg = loop.getRegionIterArgs()[j];
      auto type = dyn_cast<RankedTensorType>(arg.getType());
      if (!type || type.getEncoding() ||
          !isa<PointerType>(type.getElementType()))
        continue;
      auto add = yield.getOperand(j).getDefiningOp<AddPtrOp>();
      if (!add || add.getPtr() != arg ||
          add->getBlock() != loop.getBody() ||
          !uniformStep(add.getOffset(), loop))
        continue;
      rewrite(loop, j, materializeStep(add.getOffset(), loop, rewriter),
              rewriter);
      return success();
    }
    return failure();
  }

  static void rewrite(scf::ForOp loop, unsigned j, Value step,
                      PatternRewriter &rewriter) {
    Location loc = loop.getLoc();
    Type i64 = rewriter.getI64Type();
    rewriter.setInsertionPoint(loop);
    Value step64 = step.getType() == i64
                       ? step
                       : arith::ExtSIOp::create(rewriter, loc, i64, step)
                             .getResult();
    Value zero = arith::ConstantIntOp::create(rewriter, loc, 0, 64);
    Value init = loop.getInitArgs()[j];
    auto type = cast<RankedTensorType>(init.getType());
    auto offsets = RankedTensorType::get(type.getShape(), i64);
    // The axis hints of the loop's arguments (#0 is the induction
    // variable): they stay with their arguments, and the pointer's go to
    // the value that replaces it in the body.
    SmallVector<DictionaryAttr> hints = getRegionArgHintList(loop, 0);
    auto newLoop = cast<scf::ForOp>(*loop.replaceWithAdditionalYields(
        rewriter, ValueRange{zero}, /*replaceInitOperandUsesInLoop=*/false,
        [&](OpBuilder &b, Location l, ArrayRef<BlockArgument> args) {
          return SmallVector<Value>{
              arith::AddIOp::create(b, l, args[0], step64).getResult()};
        }));
    unsigned last = newLoop.getNumRegionIterArgs() - 1;
    BlockArgument total = newLoop.getRegionIterArgs()[last];
    BlockArgument old = newLoop.getRegionIterArgs()[j];
    // In the body: p = p0 + splat(total); the old argument passes through
    // unchanged (canonicalization drops it).
    rewriter.setInsertionPointToStart(newLoop.getBody());
    Value here = AddPtrOp::create(
        rewriter, loc, init, SplatOp::create(rewriter, loc, offsets, total));
    rewriter.replaceAllUsesWith(old, here);
    if (!hints.empty()) {
      addAxisHintsToOp(here.getDefiningOp(), hints[j + 1]);
      hints[j + 1] = nullptr;
    }
    setRegionArgHintList(newLoop, 0, hints);
    auto newYield = cast<scf::YieldOp>(newLoop.getBody()->getTerminator());
    rewriter.modifyOpInPlace(newYield,
                             [&] { newYield.setOperand(j, old); });
    // After the loop: p0 + splat(final total).
    rewriter.setInsertionPointAfter(newLoop);
    Value after = AddPtrOp::create(
        rewriter, loc, init,
        SplatOp::create(rewriter, loc, offsets, newLoop.getResult(last)));
    rewriter.replaceAllUsesWith(newLoop.getResult(j), after);
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
                 HoistAddPtrOfSplats, FoldSelectIntoMaskedLoad,
                 CarryPointerOffsets>(context);
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns))))
      signalPassFailure();
  }
};

} // namespace
