//===- FlattenLoops.cpp - tir-flatten-loops pass ----------------*- C++ -*-===//
//
// Fuses a loop marked `tir.flatten` (`tl.range(..., flatten=True)`) with the
// one loop its body holds. The nest
//
//   for t = lb to ub step st iter_args(o = o0):
//     P(t, o)                                   (memory-effect free)
//     r = for k = klb to kub step kst iter_args(a = a0(P)): B(k, a)
//     E(t, o, P, r)
//     yield Y
//
// becomes, with nk = ceil((kub - klb) / kst) and tiles = ceil((ub - lb) / st)
// (each at least 0), p the prologue's values that the inner loop reads, and
// last = lb + (tiles - 1) st,
//
//   if nk > 0 and tiles > 0:
//     for it = 0 to tiles * nk step 1
//         iter_args(o = o0, a = zeros, kk = 0, t = lb, p = P(lb, o0)):
//       a' = select(kk == 0, a0(p), a)          (a new tile starts)
//       r = B(klb + kk * kst, a', p)
//       o' = if kk == nk - 1: P(t, o); E(t, o, P, r); yield Y   else: yield o
//       t' = kk == nk - 1 ? t + st : t
//       p' = if kk == nk - 1: yield P(min(t', last), o')   else: yield p
//       yield o', r, (kk == nk - 1 ? 0 : kk + 1), t', p'
//   else:
//     for t = lb to ub step st iter_args(o = o0): P; E(t, o, P, a0); yield Y
//
// One loop runs over every (tile, k) step, so the software pipeliner fills
// its ring across tile boundaries: the next tile's first loads are in flight
// while this tile's epilogue runs (what a persistent matmul needs to hide
// its epilogues). The prologue runs once per tile (its integer divisions
// would otherwise be in every step), and the epilogue gets its own copy.
// The clamp to the last tile keeps P on a real tile when the pipeliner
// evaluates p' iterations ahead, past the end.
//
// Nests that do not have this form (more than one inner loop, inner bounds
// that depend on the outer loop, a prologue with side effects, carried
// values that are not integers or floats) are left as they are: flattening
// is a hint.
//
//===----------------------------------------------------------------------===//
#include "trident/Dialect/TileIR/Transforms/Passes.h"
#include "trident/Dialect/TileIR/IR/RegionArgHints.h"

#include "trident/Dialect/TileIR/IR/TileIR.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/IRMapping.h"
#include "llvm/ADT/SetVector.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

namespace trident::tir {
#define GEN_PASS_DEF_TILEIRFLATTENLOOPS
#include "trident/Dialect/TileIR/Transforms/Passes.h.inc"
} // namespace trident::tir

using namespace mlir;

namespace {

constexpr llvm::StringLiteral kFlattenAttr = "tir.flatten";

/// Whether `type` has a zero zeroOf can make: an integer or float scalar,
/// or a ranked tensor of them.
bool hasZero(Type type) {
  Type elem = getElementTypeOrSelf(type);
  return isa<IntegerType, FloatType>(elem) &&
         (type == elem || isa<RankedTensorType>(type));
}

/// A zero of `type` (hasZero holds).
Value zeroOf(OpBuilder &b, Location loc, Type type) {
  TypedAttr zero = b.getZeroAttr(getElementTypeOrSelf(type));
  if (auto tensor = dyn_cast<RankedTensorType>(type))
    zero = DenseElementsAttr::get(tensor, zero);
  return arith::ConstantOp::create(b, loc, type, zero);
}

/// The constant `v` of integer or index type `t`.
Value constantOf(OpBuilder &b, Location loc, Type t, int64_t v) {
  if (t.isIndex())
    return arith::ConstantIndexOp::create(b, loc, v);
  return arith::ConstantIntOp::create(b, loc, t, v);
}

/// Copies `from`'s attributes to `to`, but the flatten mark.
void copyAttrsButFlatten(Operation *from, Operation *to) {
  for (NamedAttribute attr : from->getAttrs())
    if (attr.getName() != kFlattenAttr)
      to->setAttr(attr.getName(), attr.getValue());
}

/// ceil(max(hi - lo, 0) / step) for a positive step.
Value tripCount(OpBuilder &b, Location loc, Value lo, Value hi, Value step) {
  auto c = [&](int64_t v) { return constantOf(b, loc, lo.getType(), v); };
  Value span = arith::MaxSIOp::create(
      b, loc, arith::SubIOp::create(b, loc, hi, lo), c(0));
  return arith::DivSIOp::create(
      b, loc,
      arith::AddIOp::create(b, loc, span,
                            arith::SubIOp::create(b, loc, step, c(1))),
      step);
}

/// Ends a block of an scf.if made with `withElseRegion`: one without
/// results has its (empty) yield already.
void terminate(OpBuilder &b, Location loc, ValueRange values) {
  if (!values.empty())
    scf::YieldOp::create(b, loc, values);
}

class Flattener {
public:
  explicit Flattener(scf::ForOp outer) : outer(outer) {}

  /// Checks the nest's form (see the file comment).
  LogicalResult analyze();
  void rewrite();

private:
  /// Clones the prologue into `b` with `map` (which maps the induction
  /// variable and the outer iteration arguments).
  void clonePrologue(OpBuilder &b, IRMapping &map) {
    for (Operation *op : prologue)
      b.clone(*op, map);
  }
  /// Clones the epilogue into `b` with `map`, and returns the outer loop's
  /// next iteration values.
  SmallVector<Value> cloneEpilogue(OpBuilder &b, IRMapping &map) {
    for (Operation *op : epilogue)
      b.clone(*op, map);
    SmallVector<Value> next;
    for (Value v : outer.getBody()->getTerminator()->getOperands())
      next.push_back(map.lookupOrDefault(v));
    return next;
  }
  void buildFlatLoop(OpBuilder &b, Value nk, Value tiles);
  /// Makes the prologue's cheap tile arithmetic that the inner loop reads
  /// again inside it, so that the fused loop carries scalars, not tiles.
  void sinkTiles();
  void buildEmptyInnerLoop(OpBuilder &b);

  scf::ForOp outer, inner;
  SmallVector<Operation *> prologue, epilogue;
  /// Results of the prologue that the inner loop reads (carried by the
  /// fused loop, recomputed once per tile).
  llvm::SetVector<Value> liveIn;
  SmallVector<Value> results; // of the rewritten nest, one per outer result
};

LogicalResult Flattener::analyze() {
  Block *body = outer.getBody();
  for (Operation &op : body->without_terminator()) {
    if (auto loop = dyn_cast<scf::ForOp>(op)) {
      if (inner)
        return failure(); // two inner loops
      inner = loop;
      continue;
    }
    (inner ? epilogue : prologue).push_back(&op);
  }
  if (!inner || inner->hasAttr(kFlattenAttr))
    return failure();
  // The prologue is cloned: for the first tile, in the epilogue and for
  // each next tile.
  for (Operation *op : prologue)
    if (!isMemoryEffectFree(op))
      return failure();
  // The inner trip count is the same for every tile.
  for (Value v : {inner.getLowerBound(), inner.getUpperBound(), inner.getStep()})
    if (outer->isAncestor(v.getParentRegion()->getParentOp()))
      return failure();
  if (inner.getInductionVar().getType() != outer.getInductionVar().getType())
    return failure();
  // Values carried by the fused loop start as zeros.
  if (!llvm::all_of(inner.getResultTypes(), hasZero))
    return failure();
  sinkTiles();
  // The prologue's results the inner loop reads.
  llvm::SmallPtrSet<Operation *, 16> inPrologue(prologue.begin(),
                                                prologue.end());
  auto note = [&](Value v) {
    if (Operation *def = v.getDefiningOp(); def && inPrologue.contains(def))
      liveIn.insert(v);
  };
  for (Value v : inner.getInitArgs())
    note(v);
  inner.getBody()->walk([&](Operation *op) {
    for (Value v : op->getOperands())
      note(v);
  });
  return success();
}

/// Whether `op` of the prologue is made again in the inner loop rather
/// than carried: tile arithmetic that costs a few instructions per element
/// (ranges, splats, broadcasts, index arithmetic, comparisons, selects,
/// pointer offsets), not divisions or anything with memory effects.
static bool isCheapTileOp(Operation *op) {
  if (op->getNumResults() != 1 || op->getNumRegions() != 0 ||
      !isa<RankedTensorType>(op->getResult(0).getType()) ||
      !isMemoryEffectFree(op))
    return false;
  if (isa<arith::DivSIOp, arith::DivUIOp, arith::RemSIOp, arith::RemUIOp,
          arith::CeilDivSIOp, arith::CeilDivUIOp, arith::FloorDivSIOp>(op))
    return false;
  namespace tir = trident::tir;
  return isa<tir::MakeRangeOp, tir::SplatOp, tir::BroadcastOp,
             tir::ExpandDimsOp, tir::AddPtrOp, arith::ConstantOp>(op) ||
         (op->getDialect() &&
          op->getDialect()->getNamespace() == "arith" &&
          op->hasTrait<OpTrait::Elementwise>());
}

void Flattener::sinkTiles() {
  // Tiles the prologue builds for the inner loop (a persistent matmul's
  // row and column offsets, broadcast to the operand tiles by loop-
  // invariant code motion) would be carried by the fused loop: registers
  // for every element of each, for the whole loop. Making them again in
  // each step from the prologue's scalars costs a few instructions per
  // element and carries only the scalars.
  llvm::SmallPtrSet<Operation *, 16> inPrologue(prologue.begin(),
                                                prologue.end());
  llvm::SetVector<Operation *> sink;
  SmallVector<Value> work;
  inner.getBody()->walk([&](Operation *op) {
    llvm::append_range(work, op->getOperands());
  });
  while (!work.empty()) {
    Operation *def = work.pop_back_val().getDefiningOp();
    if (!def || !inPrologue.contains(def) || sink.contains(def) ||
        !isCheapTileOp(def))
      continue;
    sink.insert(def);
    llvm::append_range(work, def->getOperands());
  }
  if (sink.empty())
    return;
  OpBuilder b = OpBuilder::atBlockBegin(inner.getBody());
  IRMapping map;
  for (Operation *op : prologue)
    if (sink.contains(op))
      b.clone(*op, map);
  for (Operation *op : sink)
    for (Value result : op->getResults())
      result.replaceUsesWithIf(map.lookup(result), [&](OpOperand &use) {
        return inner->isProperAncestor(use.getOwner());
      });
}

void Flattener::buildFlatLoop(OpBuilder &b, Value nk, Value tiles) {
  Location loc = outer.getLoc();
  Type ivType = outer.getInductionVar().getType();
  auto c = [&](OpBuilder &bb, int64_t v) {
    return constantOf(bb, loc, ivType, v);
  };
  Value total = arith::MulIOp::create(b, loc, tiles, nk);
  // The last tile this program runs (tiles > 0 here).
  Value lastTile = arith::AddIOp::create(
      b, loc, outer.getLowerBound(),
      arith::MulIOp::create(
          b, loc, arith::SubIOp::create(b, loc, tiles, c(b, 1)),
          outer.getStep()));
  Value lastK = arith::SubIOp::create(b, loc, nk, c(b, 1));
  unsigned numOuter = outer.getNumResults(), numInner = inner.getNumResults();

  // The prologue's values the inner loop reads, computed for the first
  // tile here and carried.
  IRMapping firstMap;
  firstMap.map(outer.getInductionVar(), outer.getLowerBound());
  for (unsigned i = 0; i < numOuter; ++i)
    firstMap.map(outer.getRegionIterArgs()[i], outer.getInitArgs()[i]);
  clonePrologue(b, firstMap);

  SmallVector<Value> inits(outer.getInitArgs());
  for (Type t : inner.getResultTypes())
    inits.push_back(zeroOf(b, loc, t));
  inits.push_back(c(b, 0));                // kk
  inits.push_back(outer.getLowerBound());  // t
  for (Value v : liveIn)
    inits.push_back(firstMap.lookup(v));
  auto flat = scf::ForOp::create(b, loc, c(b, 0), total, c(b, 1), inits);
  copyAttrsButFlatten(outer, flat);
  ValueRange args = flat.getRegionIterArgs();
  Value kk = args[numOuter + numInner], t = args[numOuter + numInner + 1];
  // Axis hints on the loops' arguments: the outer loop's carried values
  // keep their positions and its induction variable's go to `t`, which
  // holds it; the inner loop's go to the values that replace its arguments
  // (below). `flat` has a stale copy from copyAttrsButFlatten.
  SmallVector<DictionaryAttr> outerHints =
                                  trident::tir::getRegionArgHintList(outer, 0),
                              innerHints =
                                  trident::tir::getRegionArgHintList(inner, 0);
  {
    SmallVector<DictionaryAttr> hints(flat.getBody()->getNumArguments());
    if (!outerHints.empty()) {
      for (unsigned i = 0; i <= numOuter; ++i)
        hints[i] = outerHints[i];
      hints[0] = nullptr; // the flat loop's own step counter
      hints[1 + numOuter + numInner + 1] = outerHints[0];
    }
    trident::tir::setRegionArgHintList(flat, 0, hints);
  }
  ValueRange carriedP = args.drop_front(numOuter + numInner + 2);

  OpBuilder fb = OpBuilder::atBlockBegin(flat.getBody());
  IRMapping map;
  for (unsigned i = 0; i < numOuter; ++i)
    map.map(outer.getRegionIterArgs()[i], args[i]);
  for (auto [v, arg] : llvm::zip(liveIn, carriedP))
    map.map(v, arg);
  // A tile's first step starts from the inner loop's initial values.
  Value first = arith::CmpIOp::create(fb, loc, arith::CmpIPredicate::eq, kk,
                                      c(fb, 0));
  for (unsigned j = 0; j < numInner; ++j)
    map.map(inner.getRegionIterArgs()[j],
            arith::SelectOp::create(fb, loc, first,
                                    map.lookupOrDefault(inner.getInitArgs()[j]),
                                    args[numOuter + j])
                .getResult());
  map.map(inner.getInductionVar(),
          arith::AddIOp::create(
              fb, loc, inner.getLowerBound(),
              arith::MulIOp::create(fb, loc, kk, inner.getStep()))
              .getResult());
  if (!innerHints.empty())
    for (BlockArgument arg : inner.getBody()->getArguments())
      if (Operation *def = map.lookup(arg).getDefiningOp())
        trident::tir::addAxisHintsToOp(def, innerHints[arg.getArgNumber()]);
  for (Operation &op : inner.getBody()->without_terminator())
    fb.clone(op, map);
  SmallVector<Value> innerNext;
  for (Value v : inner.getBody()->getTerminator()->getOperands())
    innerNext.push_back(map.lookupOrDefault(v));

  // The tile's last step runs the epilogue (with its own prologue values).
  Value last = arith::CmpIOp::create(fb, loc, arith::CmpIPredicate::eq, kk,
                                     lastK);
  auto ifOp = scf::IfOp::create(fb, loc, outer.getResultTypes(), last,
                                /*withElseRegion=*/true);
  {
    OpBuilder tb = ifOp.getThenBodyBuilder();
    IRMapping emap;
    emap.map(outer.getInductionVar(), t);
    for (unsigned i = 0; i < numOuter; ++i)
      emap.map(outer.getRegionIterArgs()[i], args[i]);
    clonePrologue(tb, emap);
    for (unsigned j = 0; j < numInner; ++j)
      emap.map(inner.getResult(j), innerNext[j]);
    terminate(tb, loc, cloneEpilogue(tb, emap));
    OpBuilder eb = ifOp.getElseBodyBuilder();
    terminate(eb, loc, args.take_front(numOuter));
  }
  Value nextT = arith::SelectOp::create(
      fb, loc, last, arith::AddIOp::create(fb, loc, t, outer.getStep()), t);
  // The next tile's prologue values, once per tile (clamped to the last
  // tile: past it, only the pipeliner's look-ahead reads them).
  SmallVector<Value> nextP(carriedP);
  if (!liveIn.empty()) {
    SmallVector<Type> types;
    for (Value v : liveIn)
      types.push_back(v.getType());
    auto nextIf = scf::IfOp::create(fb, loc, types, last,
                                    /*withElseRegion=*/true);
    OpBuilder tb = nextIf.getThenBodyBuilder();
    IRMapping pmap;
    pmap.map(outer.getInductionVar(),
             arith::MinSIOp::create(tb, loc, nextT, lastTile).getResult());
    for (unsigned i = 0; i < numOuter; ++i)
      pmap.map(outer.getRegionIterArgs()[i], ifOp.getResult(i));
    clonePrologue(tb, pmap);
    SmallVector<Value> values;
    for (Value v : liveIn)
      values.push_back(pmap.lookup(v));
    scf::YieldOp::create(tb, loc, values);
    OpBuilder eb = nextIf.getElseBodyBuilder();
    scf::YieldOp::create(eb, loc, carriedP);
    nextP.assign(nextIf.getResults().begin(), nextIf.getResults().end());
  }
  SmallVector<Value> yields(ifOp.getResults());
  yields.append(innerNext);
  yields.push_back(arith::SelectOp::create(
      fb, loc, last, c(fb, 0), arith::AddIOp::create(fb, loc, kk, c(fb, 1))));
  yields.push_back(nextT);
  yields.append(nextP);
  scf::YieldOp::create(fb, loc, yields);
  results.assign(flat.getResults().begin(),
                 flat.getResults().begin() + numOuter);
}

void Flattener::buildEmptyInnerLoop(OpBuilder &b) {
  Location loc = outer.getLoc();
  auto loop = scf::ForOp::create(
      b, loc, outer.getLowerBound(), outer.getUpperBound(), outer.getStep(),
      outer.getInitArgs(),
      [&](OpBuilder &lb, Location, Value iv, ValueRange args) {
        IRMapping map;
        map.map(outer.getInductionVar(), iv);
        for (auto [from, to] : llvm::zip(outer.getRegionIterArgs(), args))
          map.map(from, to);
        clonePrologue(lb, map);
        for (auto [r, init] : llvm::zip(inner.getResults(), inner.getInitArgs()))
          map.map(r, map.lookupOrDefault(init));
        scf::YieldOp::create(lb, loc, cloneEpilogue(lb, map));
      });
  copyAttrsButFlatten(outer, loop);
  results.assign(loop.getResults().begin(), loop.getResults().end());
}

void Flattener::rewrite() {
  Location loc = outer.getLoc();
  OpBuilder b(outer);
  Value nk = tripCount(b, loc, inner.getLowerBound(), inner.getUpperBound(),
                       inner.getStep());
  Value tiles = tripCount(b, loc, outer.getLowerBound(), outer.getUpperBound(),
                          outer.getStep());
  Value zero = constantOf(b, loc, nk.getType(), 0);
  Value any = arith::AndIOp::create(
      b, loc,
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::sgt, nk, zero),
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::sgt, tiles, zero));
  auto guard = scf::IfOp::create(b, loc, outer.getResultTypes(), any,
                                 /*withElseRegion=*/true);
  OpBuilder tb = guard.getThenBodyBuilder();
  buildFlatLoop(tb, nk, tiles);
  terminate(tb, loc, results);
  OpBuilder eb = guard.getElseBodyBuilder();
  buildEmptyInnerLoop(eb);
  terminate(eb, loc, results);
  outer.replaceAllUsesWith(guard.getResults());
  outer.erase();
}

struct TileIRFlattenLoopsPass
    : trident::tir::impl::TileIRFlattenLoopsBase<TileIRFlattenLoopsPass> {
  void runOnOperation() override {
    SmallVector<scf::ForOp> marked;
    getOperation()->walk([&](scf::ForOp loop) {
      if (loop->hasAttr(kFlattenAttr))
        marked.push_back(loop);
    });
    for (scf::ForOp loop : marked) {
      Flattener flattener(loop);
      if (succeeded(flattener.analyze()))
        flattener.rewrite();
      else
        loop->removeAttr(kFlattenAttr);
    }
  }
};

} // namespace
