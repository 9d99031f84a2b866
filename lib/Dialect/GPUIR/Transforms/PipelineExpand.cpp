//===- PipelineExpand.cpp - gir-pipeline: the schedule --------------------===//
//
// Rewrites a planned loop (PipelinePlan) into prologue, pipelined loop and
// drain. For a loop whose dots read ringed operands (and register tiles)
//
//   for i: x = load(px(i, P)); ...; d = dot(.., x, ..); P = next(i, P)
//
// it makes
//
//   one ring of S stages per ringed operand; bars = S mbarriers (one per
//   stage, shared by all the stage's copies)
//   for j < D: copies of iteration j into slot j (every ring), arriving on
//              bars[j]; P_j+1 = next(j, P_j)
//   for i (+ Q = P ahead by D iterations, read slot, write slot, phase):
//     barrier                         (every warp is done with the slot)
//     copies of iteration i + D into the write slot; Q = next(i + D, Q)
//     mbarrier_wait bars[read], phase (iteration i's copies have landed)
//     the body, each rewritten dot a warpgroup_dot on the read slots
//     read, write = (read+1) % S, (write+1) % S; phase flips when read wraps
//   drain (cp.async groups past the end)
//
// D (how far the copies run ahead) is S - 1 when every dot completes in its
// iteration: the slot written in iteration i is the one iteration i-1 read,
// which its MMAs are done with (their wait) and every warp too (the
// barrier). A loop of several dots (attention: S = Q K^T, then P V) keeps
// them synchronous for now.
//
// A load the loop reads in registers (`inRegisters`) gets a ring like a
// dot operand's, copied in the same stages; the body reads its slot back
// (gir.local_load, then `other` where the mask is false) where the load
// was. A loop without dots (only such rings; `registersOnly`) needs one
// slot less: it waits for its slot where the first ring is read, and
// refills the slot with iteration i + S - 1 right after its last read
// (behind a barrier), so S - 1 slots hold S - 1 iterations in flight.
//
// The tuned single-dot form (one wgmma dot, both operands ringed) may keep
// its MMAs in flight across the back edge (`async-dot`): then iteration i's
// MMAs may still read their slot during iteration i+1, and the copies run
// S-2 iterations ahead from the top of the iteration, or S-1 when issued
// after the wait for the previous MMAs (`copy-order`, see Passes.td).
// When every operand comes by TMA the loop also carries the next copies'
// coordinates, computed after the first dot is issued (while the tensor
// cores work) rather than between the barrier and the copies: a persistent
// kernel's tile coordinates take integer divisions that would otherwise
// delay every iteration's copies.
//
//===----------------------------------------------------------------------===//
#include "Pipeline.h"

#include "trident/Dialect/TileIR/IR/RegionArgHints.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#include <functional>

using namespace mlir;
using namespace trident;

namespace trident::gir::pipeline {
namespace {

class Pipeliner {
public:
  Pipeliner(PipelinePlan &plan, unsigned stages, bool asyncDot,
            CopyOrder order, bool overlap, bool carry,
            InvariantCopies &invariants)
      : plan(plan), invariants(invariants), loop(plan.loop), stages(stages),
        asyncDot(asyncDot),
        overlap(overlap),
        copiesAfterDot(asyncDot && afterDot(order)),
        registersOnly(plan.registersOnly()),
        // Carried dots read the slot of the iteration before: the copies
        // at the top then fill the one read two iterations before.
        carry(carry && overlap && !asyncDot && !registersOnly &&
              plan.dots.size() > 1 && stages >= 3),
        slots(registersOnly ? stages - 1 : stages),
        distance((asyncDot && !copiesAfterDot) || this->carry ? stages - 2
                                                              : stages - 1),
        hoistCoordinates(plan.allTma()) {}

  void rewrite();

private:
  /// Whether `order` puts the copies after the previous MMAs' wait here.
  bool afterDot(CopyOrder order) const {
    // Auto: after the wait when the top would leave fewer than two
    // iterations of lead (three stages), whatever the copies are (TMA or
    // cp.async): Triton's order at every depth. One iteration of lead
    // does not cover a global load's latency with short K steps (tutorial
    // 08's 128x128x32 tiles, three stages).
    if (order == CopyOrder::Auto)
      return stages - 2 < 2;
    return order == CopyOrder::AfterDot;
  }
  /// Clones the address slice with `map` (which must map the induction
  /// variable and the carried arguments) and starts the copies of
  /// iteration `iv` into slot `slot`.
  void issueCopies(OpBuilder &builder, IRMapping &map, Value iv, Value slot);
  /// The TMA coordinates of every operand (in order), the address slice
  /// cloned with `map`.
  SmallVector<Value> tmaCoordinates(OpBuilder &builder, IRMapping &map);
  /// Starts the TMA copies of iteration `iv` at `coords` into slot `slot`.
  void issueTma(OpBuilder &builder, ArrayRef<Value> coords, Value iv,
                Value slot);
  /// The carried address values after iteration `iv`, cloned with `map`
  /// (`sliceCloned`: the address slice already is).
  SmallVector<Value> advance(OpBuilder &builder, IRMapping &map,
                             bool sliceCloned = true);
  /// Stage `slot` of `operand`'s ring as the dot reads it.
  Value operandView(OpBuilder &builder, const Operand &operand, Value slot) {
    Value view = stageView(builder, loop.getLoc(), operand.ring, slot);
    if (!operand.transposed)
      return view;
    return gir::MemDescTransOp::create(builder, loop.getLoc(), view,
                                       ArrayRef<int32_t>{1, 0});
  }
  Value ivConstant(OpBuilder &b, int64_t v);
  Value i32Constant(OpBuilder &b, int64_t v);
  /// base + iterations * step.
  Value ivAt(OpBuilder &b, Value base, unsigned iterations);
  /// The rings and their mbarriers, before the loop.
  void allocateRings(OpBuilder &builder);
  /// The copies of the first `distance` iterations; returns the carried
  /// address values `distance` iterations ahead (and, with TMA operands,
  /// the coordinates of iteration `distance`'s copies in `coords`).
  SmallVector<Value> emitPrologue(OpBuilder &builder,
                                  SmallVector<Value> &coords);
  /// `pd`'s dot on the read slot; returns its result as the rest of the
  /// body sees it. `whileInFlight` emits what runs while the MMAs do
  /// (before the wait for the previous iteration's), `afterWait` what
  /// follows that wait.
  Value rewriteDot(OpBuilder &inner, IRMapping &map, const PipelinedDot &pd,
                   Value readSlot, llvm::function_ref<void()> whileInFlight,
                   llvm::function_ref<void()> afterWait);
  /// The read and write slots and the read phase for the next iteration.
  SmallVector<Value> ringYields(OpBuilder &inner, Value readSlot,
                                Value writeSlot, Value phase);
  /// Drains the copies past the end, replaces the old loop's results
  /// (waiting for the accumulator's last MMAs) and erases it.
  void replaceLoop(scf::ForOp newLoop, unsigned numOrig);
  void dropDeadCarried(scf::ForOp newLoop, unsigned numOrig,
                       ArrayRef<unsigned> carriedPositions);
  /// Makes the uses of `acc` (an asynchronous dot's result) in regions of
  /// `body`'s operations read it after a wait for all MMAs.
  void waitInRegions(Value acc, Block *body);

  PipelinePlan &plan;
  InvariantCopies &invariants;
  scf::ForOp loop;
  unsigned stages;
  /// With an asynchronous dot, iteration i's MMAs may still read their
  /// slot during iteration i+1, so copies run one iteration less ahead.
  bool asyncDot;
  /// Several dots: each left in flight until its result is read.
  bool overlap;
  /// Copies issued after the wait for the previous iteration's MMAs, one
  /// iteration further ahead (the slot that iteration read is free then).
  bool copiesAfterDot;
  /// No dot: every ring is read in registers, and each iteration copies
  /// iteration i + S - 1 into the slot it has just read (once every warp
  /// has read it: a barrier), so S - 1 slots suffice.
  bool registersOnly;
  /// Dots left in flight across the back edge (overlapDots' carry).
  bool carry;
  unsigned slots;    // ring slots (stages of each ring)
  unsigned distance; // iterations the copies run ahead
  /// The yield positions of the dots left in flight across the back edge
  /// (overlapDots with `carry`): waited for after the loop.
  SmallVector<unsigned> carriedDots;
  /// Every operand by TMA: the loop carries the copies' coordinates.
  bool hoistCoordinates;
  /// The stages' mbarriers: one array per group of rings (groupOf).
  SmallVector<Value> groupBarriers;
  /// Stages waited for by cp.async commit groups instead of mbarriers
  /// (copy-wait=group): a loop whose rings cp.async alone fills, in one
  /// barrier group, with a dot.
  bool groupWaits = false;
  /// Each operand's barrier group. A loop of several dots waits for each
  /// ring where the first dot that reads it starts (attention: V's copies
  /// may still land while Q K^T and the softmax run), so the rings that
  /// first dot reads share a group; a loop of one dot has one group.
  SmallVector<unsigned> groupOf;
  unsigned numGroups = 1;
  /// The groups waited for so far in the body being built.
  llvm::SmallDenseSet<unsigned> waitedGroups;
  /// Waits (once per iteration) for a group's copies of the read slot.
  std::function<void(OpBuilder &, unsigned)> stageWait;
  /// The shared views of the A operands copied before the loop.
  DenseMap<Operation *, Value> invariantViews;
};

void Pipeliner::issueCopies(OpBuilder &builder, IRMapping &map, Value iv,
                            Value slot) {
  Location loc = loop.getLoc();
  for (Operation *op : plan.addressOps)
    builder.clone(*op, map);
  // Iterations past the end copy nothing.
  Value inRange = arith::CmpIOp::create(
      builder, loc, arith::CmpIPredicate::slt, iv,
      map.lookupOrDefault(loop.getUpperBound()));
  // Group by group: a thread's cp.async arrival covers every copy it
  // issued before, so an earlier group's barrier does not wait for a later
  // group's copies.
  for (unsigned group = 0; group < numGroups; ++group) {
    bool anyCopies = false;
    for (auto [i, operand] : llvm::enumerate(plan.operands)) {
      if (operand.owner >= 0 || groupOf[i] != group)
        continue; // its owner's copy fills the ring
      if (operand.tma) {
        SmallVector<Value> indices;
        for (Value v : operand.tma.getIndices())
          indices.push_back(map.lookupOrDefault(v));
        emitTmaCopy(builder, loc, operand, indices, groupBarriers[group],
                    slot, inRange);
        continue;
      }
      anyCopies = true;
      Value mask = operand.load.getMask();
      emitAsyncCopy(builder, loc, operand,
                    map.lookupOrDefault(operand.load.getPtr()),
                    mask ? map.lookupOrDefault(mask) : Value(), slot, inRange);
    }
    if (anyCopies && groupWaits)
      emitCommitGroup(builder, loc);
    else if (anyCopies)
      emitCopiesArrive(builder, loc, groupBarriers[group], slot);
  }
}

SmallVector<Value> Pipeliner::tmaCoordinates(OpBuilder &builder,
                                             IRMapping &map) {
  for (Operation *op : plan.addressOps)
    builder.clone(*op, map);
  SmallVector<Value> coords;
  for (const Operand &operand : plan.operands)
    if (operand.owner < 0)
      for (Value i : operand.tma.getIndices())
        coords.push_back(map.lookupOrDefault(i));
  return coords;
}

void Pipeliner::issueTma(OpBuilder &builder, ArrayRef<Value> coords, Value iv,
                         Value slot) {
  Location loc = loop.getLoc();
  Value inRange = arith::CmpIOp::create(builder, loc, arith::CmpIPredicate::slt,
                                        iv, loop.getUpperBound());
  size_t next = 0;
  for (auto [i, operand] : llvm::enumerate(plan.operands)) {
    if (operand.owner >= 0)
      continue;
    size_t rank = operand.tma.getIndices().size();
    emitTmaCopy(builder, loc, operand, coords.slice(next, rank),
                groupBarriers[groupOf[i]], slot, inRange);
    next += rank;
  }
}

SmallVector<Value> Pipeliner::advance(OpBuilder &builder, IRMapping &map,
                                      bool sliceCloned) {
  for (Operation *op : plan.advanceOps)
    if (!sliceCloned || !plan.addressOps.contains(op)) // else cloned with `map`
      builder.clone(*op, map);
  auto yield = cast<scf::YieldOp>(loop.getBody()->getTerminator());
  SmallVector<Value> next;
  for (BlockArgument arg : plan.carried)
    next.push_back(
        map.lookupOrDefault(yield.getOperand(arg.getArgNumber() - 1)));
  return next;
}

Value Pipeliner::ivConstant(OpBuilder &b, int64_t v) {
  Type ivType = loop.getInductionVar().getType();
  if (ivType.isIndex())
    return arith::ConstantIndexOp::create(b, loop.getLoc(), v);
  return arith::ConstantIntOp::create(b, loop.getLoc(), ivType, v);
}

Value Pipeliner::i32Constant(OpBuilder &b, int64_t v) {
  return arith::ConstantIntOp::create(b, loop.getLoc(), v, 32);
}

Value Pipeliner::ivAt(OpBuilder &b, Value base, unsigned iterations) {
  return arith::AddIOp::create(
      b, loop.getLoc(), base,
      arith::MulIOp::create(b, loop.getLoc(), loop.getStep(),
                            ivConstant(b, iterations)));
}

void Pipeliner::allocateRings(OpBuilder &builder) {
  Location loc = loop.getLoc();
  for (Operand &operand : plan.operands)
    if (!operand.inRegisters)
      operand.ring =
          operand.owner >= 0
              ? plan.operands[operand.owner].ring
              : gir::LocalAllocOp::create(builder, loc,
                                          ringType(operand, slots))
                    .getResult();
  // Barrier groups: by the first dot that reads each ring (one group
  // unless the loop has several dots, each completed in its iteration).
  groupOf.assign(plan.operands.size(), 0);
  if (!asyncDot && plan.dots.size() > 1) {
    SmallVector<int> firstDot(plan.operands.size(), -1);
    auto ringOf = [&](int i) {
      return plan.operands[i].owner >= 0 ? plan.operands[i].owner : i;
    };
    SmallVector<int> groupOfDot;
    int groups = 0;
    for (const PipelinedDot &pd : plan.dots) {
      int group = -1;
      for (int i : {pd.a, pd.b}) {
        if (i < 0 || firstDot[ringOf(i)] >= 0)
          continue;
        if (group < 0)
          group = groups++;
        firstDot[ringOf(i)] = group;
      }
    }
    for (unsigned i = 0; i < plan.operands.size(); ++i)
      groupOf[i] = std::max(0, firstDot[ringOf(i)]);
    numGroups = std::max(1, groups);
  }
  groupWaits = plan.groupWaits && numGroups == 1 && !registersOnly &&
               llvm::all_of(plan.operands,
                            [](const Operand &o) { return bool(o.load); });
  for (unsigned group = 0; group < numGroups && !groupWaits; ++group) {
    bool pointerLoads = false;
    unsigned tma = 0;
    for (auto [i, operand] : llvm::enumerate(plan.operands)) {
      if (groupOf[i] != group || operand.owner >= 0)
        continue;
      pointerLoads |= bool(operand.load);
      tma += bool(operand.tma);
    }
    groupBarriers.push_back(
        allocateBarriers(builder, loc, plan, slots, pointerLoads, tma));
  }
  // A operands loaded before the loop: copied once, where they were
  // loaded (their addresses die there), read by every iteration's dot
  // from shared memory; a later loop reading the same load reads the same
  // copy.
  auto module = loop->getParentOfType<ModuleOp>();
  unsigned threads = gir::getNumWarps(module) * gir::getThreadsPerWarp(module);
  for (PipelinedDot &pd : plan.dots)
    if (pd.invariantA) {
      Operation *load = pd.invariantA->op();
      auto it = invariants.find(load);
      if (it == invariants.end() ||
          it->second.type != Type(ringType(*pd.invariantA, 1))) {
        OpBuilder atLoad(load->getContext());
        atLoad.setInsertionPointAfter(load);
        it = invariants
                 .insert_or_assign(load, emitInvariantCopy(
                                             atLoad, load->getLoc(),
                                             *pd.invariantA, threads))
                 .first;
      }
      emitInvariantWait(builder, loc, it->second);
      Value view = it->second.view;
      if (pd.invariantA->transposed)
        view = gir::MemDescTransOp::create(builder, loc, view,
                                           ArrayRef<int32_t>{1, 0});
      invariantViews[pd.dot] = view;
    }
  // The rings read in registers (small, unswizzled) last: allocated in
  // program order, they then take what the swizzled buffers (aligned to
  // 1024 bytes) leave between them, rather than push those further.
  for (Operand &operand : plan.operands)
    if (operand.inRegisters)
      operand.ring =
          gir::LocalAllocOp::create(builder, loc, ringType(operand, slots));
}

SmallVector<Value> Pipeliner::emitPrologue(OpBuilder &builder,
                                           SmallVector<Value> &coords) {
  // Iterations 0 .. distance-1.
  SmallVector<Value> ahead;
  for (BlockArgument arg : plan.carried)
    ahead.push_back(loop.getInitArgs()[arg.getArgNumber() - 1]);
  for (unsigned j = 0; j < distance; ++j) {
    Value iv = ivAt(builder, loop.getLowerBound(), j);
    IRMapping map;
    map.map(loop.getInductionVar(), iv);
    for (auto [arg, value] : llvm::zip(plan.carried, ahead))
      map.map(arg, value);
    if (hoistCoordinates)
      issueTma(builder, tmaCoordinates(builder, map), iv,
               i32Constant(builder, j % slots));
    else
      issueCopies(builder, map, iv, i32Constant(builder, j % slots));
    ahead = advance(builder, map);
  }
  // With TMA operands, the loop carries the next copies' coordinates too
  // (computed while the tensor cores work, not between the barrier and
  // the copies): the first ones, for iteration `distance`.
  if (hoistCoordinates) {
    IRMapping map;
    map.map(loop.getInductionVar(),
            ivAt(builder, loop.getLowerBound(), distance));
    for (auto [arg, value] : llvm::zip(plan.carried, ahead))
      map.map(arg, value);
    coords = tmaCoordinates(builder, map);
  }
  return ahead;
}

Value Pipeliner::rewriteDot(OpBuilder &inner, IRMapping &map,
                            const PipelinedDot &pd, Value readSlot,
                            llvm::function_ref<void()> whileInFlight,
                            llvm::function_ref<void()> afterWait) {
  Location loc = loop.getLoc();
  tir::DotOp dot = pd.dot;
  // `select(start, zeros, acc)` as the accumulator (a flattened loop's
  // new tile): the MMAs' scale-d says whether they add to acc.
  Value c = map.lookupOrDefault(dot.getC()), useC;
  if (auto [start, acc] = resetAccumulator(dot.getC()); start) {
    c = map.lookupOrDefault(acc);
    useC = arith::XOrIOp::create(inner, loc, map.lookupOrDefault(start),
                                 arith::ConstantIntOp::create(inner, loc, 1, 1));
  }
  // A register A (computed in the loop, or defined before it) is read as
  // the body computes it.
  // The copies of this dot's rings have landed (several groups: each
  // waited for before the first dot that reads it).
  if (numGroups > 1)
    for (int i : {pd.a, pd.b})
      if (i >= 0)
        stageWait(inner, groupOf[i]);
  Value a = pd.a >= 0 ? operandView(inner, plan.operands[pd.a], readSlot)
            : pd.invariantA ? invariantViews.lookup(dot)
                            : map.lookupOrDefault(dot.getA());
  Value d = emitDot(inner, dot, a,
                    operandView(inner, plan.operands[pd.b], readSlot), c, useC,
                    asyncDot);
  whileInFlight();
  if (!asyncDot)
    return d;
  // The previous iteration's MMAs are done past this point.
  d = emitDotWait(inner, dot.getLoc(), d, 1);
  afterWait();
  return d;
}

SmallVector<Value> Pipeliner::ringYields(OpBuilder &inner, Value readSlot,
                                         Value writeSlot, Value phase) {
  Location loc = loop.getLoc();
  // slot + 1 modulo S; `wrapped` (if asked) tells whether it went to 0.
  auto bump = [&](Value slot, Value *wrapped = nullptr) -> Value {
    Value next = arith::AddIOp::create(inner, loc, slot, i32Constant(inner, 1));
    Value wrap = arith::CmpIOp::create(inner, loc, arith::CmpIPredicate::eq,
                                       next, i32Constant(inner, slots));
    if (wrapped)
      *wrapped = wrap;
    return arith::SelectOp::create(inner, loc, wrap, i32Constant(inner, 0),
                                   next);
  };
  Value readWrapped;
  SmallVector<Value> yields{bump(readSlot, &readWrapped), bump(writeSlot)};
  // The read slot's next use waits for the barrier's next phase.
  yields.push_back(arith::SelectOp::create(
      inner, loc, readWrapped,
      arith::XOrIOp::create(inner, loc, phase, i32Constant(inner, 1)), phase));
  return yields;
}

void Pipeliner::replaceLoop(scf::ForOp newLoop, unsigned numOrig) {
  Location loc = loop.getLoc();
  OpBuilder builder(newLoop->getContext());
  builder.setInsertionPointAfter(newLoop);
  // Copies for iterations past the end (zero fills) may still be in
  // flight: drain them before the buffers' memory is used again. (TMA
  // copies past the end are not issued.)
  if (plan.anyPointerLoads())
    emitDrain(builder, loc);
  auto yield = cast<scf::YieldOp>(loop.getBody()->getTerminator());
  for (unsigned i = 0; i < numOrig; ++i) {
    Value result = newLoop.getResult(i);
    // The accumulator leaves the loop with its last MMAs in flight.
    if ((asyncDot && yield.getOperand(i) == plan.dots[0].dot.getResult()) ||
        llvm::is_contained(carriedDots, i))
      result = emitDotWait(builder, loc, result, 0);
    loop.getResult(i).replaceAllUsesWith(result);
  }
  // Every warp is done with the rings (their MMAs waited for above) before
  // their bytes serve other buffers (gir-allocate-shared-memory lets a
  // later loop's rings reuse them).
  emitBarrier(builder, loc);
  // The carried arguments' positions, read before the old loop (and the
  // block that owns the arguments) is erased.
  SmallVector<unsigned> carriedPositions;
  for (BlockArgument arg : plan.carried)
    carriedPositions.push_back(arg.getArgNumber() - 1);
  loop.erase();
  dropDeadCarried(newLoop, numOrig, carriedPositions);
}

void Pipeliner::rewrite() {
  Location loc = loop.getLoc();
  OpBuilder builder(loop);
  allocateRings(builder);
  SmallVector<Value> coords;
  SmallVector<Value> ahead = emitPrologue(builder, coords);

  // The loop, with the carried values `distance` iterations ahead (and
  // the next copies' coordinates), the read and write slots and the read
  // slot's phase.
  SmallVector<Value> inits(loop.getInitArgs());
  unsigned numOrig = inits.size();
  inits.append(ahead.begin(), ahead.end());
  inits.append(coords.begin(), coords.end());
  unsigned numCoords = coords.size();
  inits.push_back(i32Constant(builder, 0));
  inits.push_back(i32Constant(builder, distance % slots));
  inits.push_back(i32Constant(builder, 0)); // phase parity of the read slot
  auto newLoop = scf::ForOp::create(builder, loc, loop.getLowerBound(),
                                    loop.getUpperBound(), loop.getStep(), inits);
  newLoop->setAttrs(loop->getAttrs());
  // Axis hints of the loop's arguments stay with them; a carried value's
  // copy `distance` iterations ahead takes the same values and its hints.
  SmallVector<DictionaryAttr> hints = tir::getRegionArgHintList(loop, 0);
  if (!hints.empty())
    for (BlockArgument arg : plan.carried) {
      DictionaryAttr hint = hints[arg.getArgNumber()];
      hints.push_back(hint);
    }
  tir::setRegionArgHintList(newLoop, 0, hints);
  Block *newBody = newLoop.getBody();
  OpBuilder inner = OpBuilder::atBlockBegin(newBody);
  ValueRange args = newLoop.getRegionIterArgs();
  IRMapping map;
  map.map(loop.getInductionVar(), newLoop.getInductionVar());
  for (unsigned i = 0; i < numOrig; ++i)
    map.map(loop.getRegionIterArgs()[i], args[i]);
  unsigned ringArgs = numOrig + plan.carried.size() + numCoords;
  Value readSlot = args[ringArgs], writeSlot = args[ringArgs + 1],
        phase = args[ringArgs + 2];
  // Rings read in registers only write the slot they have just read.
  if (registersOnly)
    writeSlot = readSlot;

  // Copies for iteration i + distance into the slot that iteration
  // i + distance - S read, once every warp is past that read (the
  // barrier): by default at the top of the iteration, before the wait for
  // iteration i's own data; after the dot's wait when they run S-1 ahead
  // (the slot iteration i-1 read is free once its MMAs are done).
  Value ivAhead;
  SmallVector<Value> nextAhead, nextCoords;
  auto issueAhead = [&] {
    emitBarrier(inner, loc);
    ivAhead = ivAt(inner, newLoop.getInductionVar(), distance);
    IRMapping aheadMap;
    aheadMap.map(loop.getInductionVar(), ivAhead);
    for (auto [i, arg] : llvm::enumerate(plan.carried))
      aheadMap.map(arg, args[numOrig + i]);
    if (hoistCoordinates) {
      issueTma(inner,
               SmallVector<Value>(
                   args.slice(numOrig + plan.carried.size(), numCoords)),
               ivAhead, writeSlot);
      nextAhead = advance(inner, aheadMap, /*sliceCloned=*/false);
    } else {
      issueCopies(inner, aheadMap, ivAhead, writeSlot);
      nextAhead = advance(inner, aheadMap);
    }
  };
  // With TMA operands, the next iteration's copies' coordinates (once).
  auto computeNextCoords = [&] {
    if (!hoistCoordinates || !nextCoords.empty())
      return;
    IRMapping nextMap;
    nextMap.map(loop.getInductionVar(),
                arith::AddIOp::create(inner, loc, ivAhead, loop.getStep()));
    for (auto [arg, value] : llvm::zip(plan.carried, nextAhead))
      nextMap.map(arg, value);
    nextCoords = tmaCoordinates(inner, nextMap);
  };
  if (!copiesAfterDot && !registersOnly)
    issueAhead();
  // This iteration's copies were `distance` groups ago: wait for them (and
  // every thread's), leaving the newer groups in flight.
  waitedGroups.clear();
  // Waits for a group's copies (once per group and iteration).
  stageWait = [&, readSlot, phase](OpBuilder &b, unsigned group) {
    if (!waitedGroups.insert(group).second)
      return;
    if (groupWaits) {
      // Each stage is one commit group; the groups committed after this
      // iteration's are the stages still allowed in flight: `distance` of
      // them when this iteration's copies went out above, one fewer when
      // they go out after the dot. The wait ends with a proxy fence and a
      // CTA barrier (every thread's copies landed).
      emitGroupWait(b, loc, copiesAfterDot ? distance - 1 : distance);
      return;
    }
    SmallVector<const Operand *> members;
    for (auto [i, operand] : llvm::enumerate(plan.operands))
      if (groupOf[i] == group)
        members.push_back(&operand);
    emitStageWait(b, loc, members, plan.fenceCopies, groupBarriers[group],
                  readSlot, phase);
  };
  // One group: waited for here (with rings read in registers only, where
  // the first is read); several: each before the first dot that reads it.
  if (numGroups == 1 && !registersOnly)
    stageWait(inner, 0);
  llvm::SmallPtrSet<Operation *, 8> skip;
  DenseMap<Operation *, const PipelinedDot *> rewritten;
  DenseMap<Operation *, unsigned> readBack; // load -> its operand's index
  Operation *lastRead = nullptr;
  for (auto [i, operand] : llvm::enumerate(plan.operands)) {
    if (operand.inRegisters) {
      readBack[operand.op()] = i;
      if (!lastRead || lastRead->isBeforeInBlock(operand.op()))
        lastRead = operand.op();
      continue;
    }
    skip.insert(operand.op());
    skip.insert(operand.chain.begin(), operand.chain.end());
  }
  for (const PipelinedDot &pd : plan.dots)
    rewritten[pd.dot] = &pd;
  Value accumulator;
  for (Operation &op : loop.getBody()->without_terminator()) {
    if (skip.contains(&op))
      continue;
    if (auto read = readBack.find(&op); read != readBack.end()) {
      const Operand &operand = plan.operands[read->second];
      // Its group's copies have landed: waited for at the top (one group),
      // else here (once per group and iteration).
      if (registersOnly || numGroups > 1)
        stageWait(inner, groupOf[read->second]);
      Value mask = operand.load.getMask(), other = operand.load.getOther();
      Value tile = emitRegisterRead(
          inner, op.getLoc(), operand, readSlot,
          mask ? map.lookupOrDefault(mask) : Value(),
          other ? map.lookupOrDefault(other) : Value());
      map.map(op.getResult(0), tile);
      // Rings read in registers only: the slot just read takes the copies
      // of iteration i + S - 1 once every warp has read it.
      if (registersOnly && &op == lastRead)
        issueAhead();
      continue;
    }
    auto it = rewritten.find(&op);
    if (it == rewritten.end()) {
      inner.clone(op, map);
      continue;
    }
    accumulator = rewriteDot(
        inner, map, *it->second, readSlot,
        [&] {
          if (!copiesAfterDot)
            computeNextCoords();
        },
        [&] {
          if (copiesAfterDot) {
            issueAhead();
            computeNextCoords();
          }
        });
    map.map(op.getResult(0), accumulator);
  }
  if (asyncDot)
    waitInRegions(accumulator, newBody);

  SmallVector<Value> yields;
  for (Value v : loop.getBody()->getTerminator()->getOperands())
    yields.push_back(map.lookupOrDefault(v));
  yields.append(nextAhead.begin(), nextAhead.end());
  yields.append(nextCoords.begin(), nextCoords.end());
  llvm::append_range(yields, ringYields(inner, readSlot, writeSlot, phase));
  scf::YieldOp::create(inner, loc, yields);
  if (overlap && !asyncDot && plan.dots.size() > 1)
    carriedDots = overlapDots(newBody, carry, plan.dotsPastStageWaits);
  replaceLoop(newLoop, numOrig);
}

void Pipeliner::waitInRegions(Value acc, Block *body) {
  // A region of the body that reads the accumulator (a flattened loop's
  // epilogue under `k == last`) waits for every MMA first; the loop's own
  // path keeps one group in flight.
  DenseMap<Block *, Value> waited;
  for (OpOperand &use : llvm::make_early_inc_range(acc.getUses())) {
    Operation *user = use.getOwner();
    if (user->getBlock() == body)
      continue;
    Block *block = user->getBlock();
    while (block->getParentOp()->getBlock() != body)
      block = block->getParentOp()->getBlock();
    Value &ready = waited[block];
    if (!ready) {
      OpBuilder b = OpBuilder::atBlockBegin(block);
      ready = emitDotWait(b, acc.getLoc(), acc, 0);
    }
    use.set(ready);
  }
}

void Pipeliner::dropDeadCarried(scf::ForOp newLoop, unsigned numOrig,
                                ArrayRef<unsigned> carriedPositions) {
  // The original carried address values now only feed their own update
  // (the loads that read them are gone): make them pass through unchanged
  // so that canonicalization removes them and their arithmetic.
  auto yield = cast<scf::YieldOp>(newLoop.getBody()->getTerminator());
  for (unsigned k : carriedPositions) {
    if (k >= numOrig || !newLoop.getResult(k).use_empty())
      continue;
    BlockArgument newArg = newLoop.getRegionIterArgs()[k];
    bool dead = true;
    SmallVector<Value> work{newArg};
    llvm::SmallPtrSet<Operation *, 16> seen;
    while (!work.empty() && dead) {
      Value v = work.pop_back_val();
      for (OpOperand &use : v.getUses()) {
        Operation *user = use.getOwner();
        if (user == yield) {
          dead &= use.getOperandNumber() == k;
          continue;
        }
        // A value yielded from a region (a flattened loop's next-tile
        // `if`) flows into the results of the region's operation.
        if (user->hasTrait<OpTrait::IsTerminator>() &&
            user->getParentOp() != newLoop) {
          Operation *parent = user->getParentOp();
          if (!isMemoryEffectFree(parent)) {
            dead = false;
            break;
          }
          if (seen.insert(parent).second)
            for (Value r : parent->getResults())
              work.push_back(r);
          continue;
        }
        if (!isMemoryEffectFree(user)) {
          dead = false;
          break;
        }
        if (seen.insert(user).second)
          for (Value r : user->getResults())
            work.push_back(r);
      }
    }
    if (dead)
      yield.setOperand(k, newArg);
  }
}

} // namespace

void expandLoop(PipelinePlan &plan, unsigned stages, bool asyncDot,
                CopyOrder order, bool overlap, bool carry,
                InvariantCopies &invariants) {
  Pipeliner(plan, stages, asyncDot, order, overlap, carry, invariants)
      .rewrite();
}

} // namespace trident::gir::pipeline
