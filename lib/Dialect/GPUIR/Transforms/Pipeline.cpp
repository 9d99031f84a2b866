//===- Pipeline.cpp - gir-pipeline ----------------------------------------===//
//
// Software pipelining of the loads that feed a tensor-core dot (see
// Passes.td). The loop
//
//   for i: a = load(pa(i, P)); b = load(pb(i, P)); acc = dot(a, b, acc)
//          P = next(i, P)
//
// becomes
//
//   bufA, bufB = local_alloc S stages each; bars = S mbarriers
//   for j < S-1: async_copy pa(i_j, P_j) -> bufA[j], ...
//                async_copy_arrive bars[j]; P_j+1 = ...
//   for i (+ Q = P ahead by S-1 iterations, read slot, write slot, phase):
//     barrier                         (every warp is done with iteration i-1)
//     async_copy pa(i + (S-1) step, Q) -> bufA[write], ...
//     async_copy_arrive bars[write]; Q = next(i + (S-1) step, Q)
//     mbarrier_wait bars[read], phase (iteration i's copies have landed)
//     acc = warpgroup_dot bufA[read], bufB[read], acc
//     read, write = (read+1) % S, (write+1) % S; phase flips when read wraps
//   async_wait 0 (drain the copies past the end)
//
// The slot written in iteration i is the one read in iteration i-1
// (warpgroup_dot waits for its MMAs, and the barrier for every warp), so
// the copies for iteration i + S - 1 go out before the wait for iteration
// i, and S - 1 groups stay in flight while the tensor cores work.
//
// An operand read through a host-encoded tensor descriptor (a kernel
// argument) takes the same place in the schedule with a TMA copy instead
// of async_copy + async_copy_arrive: nvgir.tma_load arrives on the slot's
// barrier itself, with the block's byte count. When both operands come by
// TMA the loop also carries the next copies' coordinates, computed after
// the dot is issued (while the tensor cores work) rather than between the
// barrier and the copies: a persistent kernel's tile coordinates take
// integer divisions that would otherwise delay every iteration's copies.
//
// With `copy-order=after-dot`, the barrier and the copies move behind the
// wait for iteration i-1's MMAs, and the copies run S-1 iterations ahead
// into the slot iteration i-1 read (Triton's order). `auto` takes that
// order when both operands come by TMA and the copies at the top would
// lead by fewer than 2 iterations (S = 3): measured on the H200 it gains
// 1-4% there (3.5% on the flattened persistent matmul at K = 1024), and
// nothing or less with deeper rings (bench/NOTES.md, session 9).
//
//===----------------------------------------------------------------------===//
#include "trident/Dialect/GPUIR/Transforms/Passes.h"

#include "trident/Dialect/NVGIR/IR/NVGIR.h"
#include "trident/Dialect/TileIR/IR/RegionArgHints.h"

#include "trident/Analysis/AxisInfo.h"

#include "mlir/IR/IRMapping.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/StringSwitch.h"

namespace trident::gir {
#define GEN_PASS_DEF_GPUIRPIPELINE
#include "trident/Dialect/GPUIR/Transforms/Passes.h.inc"
} // namespace trident::gir

using namespace mlir;
using namespace trident;

namespace {

/// One operand of the dot: the load that produces it (through pointers,
/// copied by cp.async, or through a TMA descriptor passed as a kernel
/// argument) and the layout conversions between the two (all only used on
/// that path).
struct Operand {
  // (Op handles' accessors are not const.)
  mutable tir::LoadOp load;
  mutable tir::DescriptorLoadOp tma;
  SmallVector<Operation *> chain;
  /// The dot reads the loaded tile transposed (`tl.dot(a, b.T)`): the ring
  /// holds the tile as loaded and the dot a transposed view of its slot.
  bool transposed = false;

  Operation *op() const {
    return load ? load.getOperation() : tma.getOperation();
  }
};

/// The load behind `value` (through single-use layout conversions and at
/// most one 2-D transposition) if it sits directly in `body`, has no other
/// user and fills masked-off elements with zeros (descriptor loads always
/// do).
std::optional<Operand> traceLoad(Value value, Block *body) {
  Operand op;
  while (Operation *def = value.getDefiningOp()) {
    auto cvt = dyn_cast<gir::ConvertLayoutOp>(def);
    auto trans = dyn_cast<tir::TransOp>(def);
    bool swap = trans && !op.transposed &&
                trans.getOrder() == ArrayRef<int32_t>{1, 0};
    if (!cvt && !swap)
      break;
    if (!def->hasOneUse())
      return std::nullopt;
    op.chain.push_back(def);
    op.transposed |= swap;
    value = def->getOperand(0);
  }
  if (auto tma = value.getDefiningOp<tir::DescriptorLoadOp>()) {
    // TMA descriptors: those the host encoded (kernel arguments) and those
    // the kernel makes before the loop (tir-lower-descriptors kept them for
    // the back end's tensor maps).
    Value desc = tma.getDesc();
    auto arg = dyn_cast<BlockArgument>(desc);
    bool hostMade =
        arg && isa<FunctionOpInterface>(arg.getOwner()->getParentOp());
    auto make = desc.getDefiningOp<tir::MakeTensorDescOp>();
    bool madeBefore = make && !body->getParentOp()->isAncestor(make);
    if (tma->getBlock() != body || !tma->hasOneUse() ||
        !(hostMade || madeBefore))
      return std::nullopt;
    op.tma = tma;
    return op;
  }
  auto load = value.getDefiningOp<tir::LoadOp>();
  if (!load || load->getBlock() != body || !load->hasOneUse())
    return std::nullopt;
  if (Value other = load.getOther())
    if (!matchPattern(other, m_AnyZeroFloat()) && !matchPattern(other, m_Zero()))
      return std::nullopt;
  op.load = load;
  return op;
}

/// Adds to `slice` the operations of `body` that `roots` depend on, and to
/// `carried` the iteration arguments they read. Fails on operations with
/// side effects, and on the accumulator (or any argument not
/// allowed by `allowed`).
LogicalResult backwardSlice(ArrayRef<Value> roots, Block *body,
                            llvm::SetVector<Operation *> &slice,
                            llvm::SetVector<BlockArgument> &carried) {
  SmallVector<Value> work(roots.begin(), roots.end());
  while (!work.empty()) {
    Value v = work.pop_back_val();
    if (auto arg = dyn_cast<BlockArgument>(v)) {
      if (arg.getOwner() == body && arg.getArgNumber() > 0)
        carried.insert(arg);
      continue;
    }
    Operation *def = v.getDefiningOp();
    if (def->getBlock() != body) {
      if (body->getParentOp()->isAncestor(def))
        return failure(); // nested region
      continue;           // defined outside the loop
    }
    if (slice.contains(def))
      continue;
    // Without side effects, but not necessarily speculatable: integer
    // divisions (a persistent kernel's tile index to its coordinates) run
    // for iterations past the end too, where they cannot trap (PTX's
    // division by zero gives an unspecified value) and feed only copies
    // that are predicated off.
    // An operation with regions (a flattened loop's `if (k == last)` that
    // computes the next tile's coordinates) is cloned whole: the values
    // its regions read from the body join the slice.
    if (!isMemoryEffectFree(def))
      return failure();
    slice.insert(def);
    for (Value operand : def->getOperands())
      work.push_back(operand);
    def->walk([&](Operation *nested) {
      for (Value operand : nested->getOperands())
        if (!def->isAncestor(operand.getParentRegion()->getParentOp()))
          work.push_back(operand);
    });
  }
  return success();
}

/// (start, acc) if `c` is `select(start, zeros, acc)` with a scalar
/// condition: an accumulator that restarts from zero where `start` holds.
std::pair<Value, Value> resetAccumulator(Value c) {
  auto select = c.getDefiningOp<arith::SelectOp>();
  if (!select || !select.getCondition().getType().isInteger(1) ||
      !matchPattern(select.getTrueValue(), m_AnyZeroFloat()))
    return {};
  return {select.getCondition(), select.getFalseValue()};
}

/// Where an iteration with an asynchronous dot issues its copies (the
/// pass's `copy-order` option).
enum class CopyOrder { Auto, Top, AfterDot };

class Pipeliner {
public:
  Pipeliner(scf::ForOp loop, tir::DotOp dot, Operand a, Operand b,
            unsigned stages, bool asyncDot, CopyOrder order)
      : loop(loop), dot(dot), a(std::move(a)), b(std::move(b)),
        stages(stages), asyncDot(asyncDot),
        copiesAfterDot(asyncDot && afterDot(order)),
        distance(asyncDot && !copiesAfterDot ? stages - 2 : stages - 1),
        hoistCoordinates(this->a.tma && this->b.tma) {}

  /// Checks that the loads' addresses can run ahead; fills the slices.
  LogicalResult analyze();
  void rewrite();

private:
  /// Whether `order` puts the copies after the previous MMAs' wait here.
  bool afterDot(CopyOrder order) const {
    if (order == CopyOrder::Auto)
      return a.tma && b.tma && stages - 2 < 2;
    return order == CopyOrder::AfterDot;
  }
  /// The shared layout a copy of `load`'s tile lands in: contiguous along
  /// the pointer layout's fastest dimension, swizzled as wide as it allows.
  gir::MemDescType bufferType(const Operand &operand);
  /// Clones the address slice with `map` (which must map the induction
  /// variable and the carried arguments) and starts the copies of
  /// iteration `iv` into slot `slot`.
  void issueCopies(OpBuilder &builder, IRMapping &map, Value iv, Value slot);
  /// The TMA coordinates of both operands (A's, then B's), the address
  /// slice cloned with `map`.
  SmallVector<Value> tmaCoordinates(OpBuilder &builder, IRMapping &map);
  /// Starts the TMA copies of iteration `iv` at `coords` into slot `slot`.
  void issueTma(OpBuilder &builder, ArrayRef<Value> coords, Value iv,
                Value slot);
  /// One operand's TMA copy at `coords` into slot `slot` of `buf`.
  void tmaLoad(OpBuilder &builder, const Operand &operand, Value buf,
               ValueRange coords, Value slot, Value inRange);
  /// The carried address values after iteration `iv`, cloned with `map`
  /// (`sliceCloned`: the address slice already is).
  SmallVector<Value> advance(OpBuilder &builder, IRMapping &map,
                             bool sliceCloned = true);
  /// Stage `slot` of the ring `buf`.
  Value stageView(OpBuilder &builder, Value buf, Value slot) {
    auto ring = cast<gir::MemDescType>(buf.getType());
    auto stage = gir::MemDescType::get(builder.getContext(),
                                       ring.getShape().drop_front(),
                                       ring.getElementType(), ring.getEncoding());
    return gir::MemDescIndexOp::create(builder, loop.getLoc(), stage, buf, slot);
  }
  /// Stage `slot` of `operand`'s ring `buf` as the dot reads it.
  Value operandView(OpBuilder &builder, const Operand &operand, Value buf,
                    Value slot) {
    Value view = stageView(builder, buf, slot);
    if (!operand.transposed)
      return view;
    return gir::MemDescTransOp::create(builder, loop.getLoc(), view,
                                       ArrayRef<int32_t>{1, 0});
  }
  Value ivConstant(OpBuilder &b, int64_t v);
  Value i32Constant(OpBuilder &b, int64_t v);
  /// base + iterations * step.
  Value ivAt(OpBuilder &b, Value base, unsigned iterations);
  /// The two rings and their mbarriers, before the loop.
  void allocateRing(OpBuilder &builder);
  /// The copies of the first `distance` iterations; returns the carried
  /// address values `distance` iterations ahead (and, with TMA operands,
  /// the coordinates of iteration `distance`'s copies in `coords`).
  SmallVector<Value> emitPrologue(OpBuilder &builder,
                                  SmallVector<Value> &coords);
  /// The dot on the read slot (and the next copies' coordinates, with TMA
  /// operands); returns its result as the rest of the body sees it.
  /// `whileInFlight` emits what runs while the MMAs do (before the wait
  /// for the previous iteration's), `afterWait` what follows that wait.
  Value emitDot(OpBuilder &inner, IRMapping &map, Value readSlot,
                llvm::function_ref<void()> whileInFlight,
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

  scf::ForOp loop;
  tir::DotOp dot;
  Operand a, b;
  unsigned stages;
  /// With an asynchronous dot, iteration i's MMAs may still read their
  /// slot during iteration i+1, so copies run one iteration less ahead.
  bool asyncDot;
  /// Copies issued after the wait for the previous iteration's MMAs, one
  /// iteration further ahead (the slot that iteration read is free then).
  bool copiesAfterDot;
  unsigned distance; // iterations the copies run ahead
  /// Both operands by TMA: the loop carries the copies' coordinates.
  bool hoistCoordinates;
  Value bufA, bufB, barriers;
  llvm::SetVector<Operation *> addressOps, advanceOps;
  llvm::SetVector<BlockArgument> carried;
};

LogicalResult Pipeliner::analyze() {
  Block *body = loop.getBody();
  SmallVector<Value> roots;
  for (const Operand *operand : {&a, &b}) {
    if (operand->tma) {
      roots.append(operand->tma.getIndices().begin(),
                   operand->tma.getIndices().end());
      continue;
    }
    roots.push_back(operand->load.getPtr());
    if (Value mask = operand->load.getMask())
      roots.push_back(mask);
  }
  if (failed(backwardSlice(roots, body, addressOps, carried)))
    return failure();
  // The carried values must advance from themselves and the induction
  // variable only (pointer tiles stepped by a constant, say).
  auto yield = cast<scf::YieldOp>(body->getTerminator());
  for (unsigned round = 0; round < carried.size(); ++round) {
    BlockArgument arg = carried[round];
    Value next = yield.getOperand(arg.getArgNumber() - 1);
    if (failed(backwardSlice({next}, body, advanceOps, carried)))
      return failure();
  }
  // Clone in program order.
  auto inOrder = [](llvm::SetVector<Operation *> &ops) {
    SmallVector<Operation *> sorted(ops.begin(), ops.end());
    llvm::sort(sorted, [](Operation *x, Operation *y) {
      return x->isBeforeInBlock(y);
    });
    ops.clear();
    ops.insert(sorted.begin(), sorted.end());
  };
  inOrder(addressOps);
  inOrder(advanceOps);
  // Neither slice may read the dot's result or the loads.
  for (Operation *op : llvm::concat<Operation *const>(addressOps, advanceOps))
    if (op == dot || op == a.op() || op == b.op())
      return failure();
  for (BlockArgument arg : carried)
    for (Operation *user : arg.getUsers())
      if (user == dot)
        return failure();
  return success();
}

gir::MemDescType Pipeliner::bufferType(const Operand &operand) {
  SmallVector<int64_t> shape{int64_t(stages)};
  if (operand.tma) {
    // The layout TMA writes (wgmmaReadable checked that it has one).
    auto desc = operand.tma.getDesc().getType();
    shape.append(desc.getBlockShape().begin(), desc.getBlockShape().end());
    return gir::MemDescType::get(
        loop.getContext(), shape, desc.getElementType(),
        nvgir::getTmaBlockLayout(desc)->sharedEncoding(loop.getContext()));
  }
  tir::LoadOp load = operand.load;
  auto ptrType = cast<RankedTensorType>(load.getPtr().getType());
  auto type = cast<RankedTensorType>(load.getType());
  unsigned contiguous = 1;
  if (auto blocked = dyn_cast<gir::BlockedEncodingAttr>(ptrType.getEncoding()))
    contiguous = blocked.getOrder()[0];
  int64_t bytes = type.getElementType().getIntOrFloatBitWidth() / 8;
  int64_t swizzle =
      std::min<int64_t>(128, type.getDimSize(contiguous) * bytes);
  // A tile split over the CTAs of a cluster (gir-split-ctas) fills a ring
  // of its CTA's block.
  SmallVector<int64_t> block = gir::getCTABlockShape(type);
  shape.append(block.begin(), block.end());
  auto enc = gir::NVMMASharedEncodingAttr::get(
      load.getContext(), swizzle, {contiguous, 1 - contiguous});
  return gir::MemDescType::get(load.getContext(), shape, type.getElementType(),
                               enc);
}

void Pipeliner::issueCopies(OpBuilder &builder, IRMapping &map, Value iv,
                            Value slot) {
  Location loc = loop.getLoc();
  for (Operation *op : addressOps)
    builder.clone(*op, map);
  // Iterations past the end copy nothing.
  Value inRange = arith::CmpIOp::create(builder, loc, arith::CmpIPredicate::slt,
                                        iv, map.lookupOrDefault(loop.getUpperBound()));
  bool anyCopies = false;
  for (auto [operand, buf] : {std::make_pair(&a, bufA),
                              std::make_pair(&b, bufB)}) {
    if (operand->tma) {
      SmallVector<Value> indices;
      for (Value i : operand->tma.getIndices())
        indices.push_back(map.lookupOrDefault(i));
      tmaLoad(builder, *operand, buf, indices, slot, inRange);
      continue;
    }
    anyCopies = true;
    tir::LoadOp load = operand->load;
    auto ptrType = cast<RankedTensorType>(load.getPtr().getType());
    auto maskType = RankedTensorType::get(
        ptrType.getShape(), builder.getI1Type(), ptrType.getEncoding());
    Value mask = tir::SplatOp::create(builder, loc, maskType, inRange);
    if (Value m = load.getMask())
      mask = arith::AndIOp::create(builder, loc, map.lookupOrDefault(m), mask);
    nvgir::AsyncCopyOp::create(builder, loc,
                             map.lookupOrDefault(load.getPtr()),
                             stageView(builder, buf, slot), mask);
  }
  // The slot's barrier completes a phase when every thread's copies
  // have landed.
  if (anyCopies)
    nvgir::AsyncCopyArriveOp::create(builder, loc, barriers, slot);
}

SmallVector<Value> Pipeliner::tmaCoordinates(OpBuilder &builder,
                                             IRMapping &map) {
  for (Operation *op : addressOps)
    builder.clone(*op, map);
  SmallVector<Value> coords;
  for (const Operand *operand : {&a, &b})
    for (Value i : operand->tma.getIndices())
      coords.push_back(map.lookupOrDefault(i));
  return coords;
}

void Pipeliner::issueTma(OpBuilder &builder, ArrayRef<Value> coords, Value iv,
                         Value slot) {
  Location loc = loop.getLoc();
  Value inRange = arith::CmpIOp::create(builder, loc, arith::CmpIPredicate::slt,
                                        iv, loop.getUpperBound());
  size_t next = 0;
  for (auto [operand, buf] : {std::make_pair(&a, bufA),
                              std::make_pair(&b, bufB)}) {
    size_t rank = operand->tma.getIndices().size();
    tmaLoad(builder, *operand, buf, coords.slice(next, rank), slot, inRange);
    next += rank;
  }
}

void Pipeliner::tmaLoad(OpBuilder &builder, const Operand &operand, Value buf,
                        ValueRange coords, Value slot, Value inRange) {
  // Thread 0 arrives on the slot's barrier with the block's bytes.
  nvgir::TmaLoadOp::create(builder, loop.getLoc(), operand.tma.getDesc(),
                         coords, stageView(builder, buf, slot), barriers,
                         slot, inRange);
}

SmallVector<Value> Pipeliner::advance(OpBuilder &builder, IRMapping &map,
                                      bool sliceCloned) {
  for (Operation *op : advanceOps)
    if (!sliceCloned || !addressOps.contains(op)) // else cloned with `map`
      builder.clone(*op, map);
  auto yield = cast<scf::YieldOp>(loop.getBody()->getTerminator());
  SmallVector<Value> next;
  for (BlockArgument arg : carried)
    next.push_back(map.lookupOrDefault(yield.getOperand(arg.getArgNumber() - 1)));
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

void Pipeliner::allocateRing(OpBuilder &builder) {
  Location loc = loop.getLoc();
  bufA = gir::LocalAllocOp::create(builder, loc, bufferType(a));
  bufB = gir::LocalAllocOp::create(builder, loc, bufferType(b));
  auto module = loop->getParentOfType<ModuleOp>();
  // Each stage's barrier expects one arrival per thread if any operand
  // comes by cp.async, plus one per TMA operand (its thread 0's).
  int32_t threads = gir::getNumWarps(module) * gir::getThreadsPerWarp(module);
  int32_t arrivals = (a.load || b.load ? threads : 0) + (a.tma ? 1 : 0) +
                     (b.tma ? 1 : 0);
  barriers = nvgir::MBarrierAllocOp::create(
      builder, loc, nvgir::MBarriersType::get(loop.getContext(), stages),
      arrivals);
}

SmallVector<Value> Pipeliner::emitPrologue(OpBuilder &builder,
                                           SmallVector<Value> &coords) {
  // Iterations 0 .. distance-1.
  SmallVector<Value> ahead;
  for (BlockArgument arg : carried)
    ahead.push_back(loop.getInitArgs()[arg.getArgNumber() - 1]);
  for (unsigned j = 0; j < distance; ++j) {
    Value iv = ivAt(builder, loop.getLowerBound(), j);
    IRMapping map;
    map.map(loop.getInductionVar(), iv);
    for (auto [arg, value] : llvm::zip(carried, ahead))
      map.map(arg, value);
    if (hoistCoordinates)
      issueTma(builder, tmaCoordinates(builder, map), iv,
               i32Constant(builder, j));
    else
      issueCopies(builder, map, iv, i32Constant(builder, j));
    ahead = advance(builder, map);
  }
  // With TMA operands, the loop carries the next copies' coordinates too
  // (computed while the tensor cores work, not between the barrier and
  // the copies): the first ones, for iteration `distance`.
  if (hoistCoordinates) {
    IRMapping map;
    map.map(loop.getInductionVar(),
            ivAt(builder, loop.getLowerBound(), distance));
    for (auto [arg, value] : llvm::zip(carried, ahead))
      map.map(arg, value);
    coords = tmaCoordinates(builder, map);
  }
  return ahead;
}

Value Pipeliner::emitDot(OpBuilder &inner, IRMapping &map, Value readSlot,
                         llvm::function_ref<void()> whileInFlight,
                         llvm::function_ref<void()> afterWait) {
  Location loc = loop.getLoc();
  // `select(start, zeros, acc)` as the accumulator (a flattened loop's
  // new tile): the MMAs' scale-d says whether they add to acc.
  Value c = map.lookup(dot.getC()), useC;
  if (auto [start, acc] = resetAccumulator(dot.getC()); start) {
    c = map.lookup(acc);
    useC = arith::XOrIOp::create(inner, loc, map.lookup(start),
                                 arith::ConstantIntOp::create(inner, loc, 1, 1));
  }
  auto wgDot = nvgir::WarpgroupDotOp::create(
      inner, dot.getLoc(), dot.getType(), operandView(inner, a, bufA, readSlot),
      operandView(inner, b, bufB, readSlot), c, useC, dot.getPrecisionAttr(),
      asyncDot ? inner.getUnitAttr() : UnitAttr());
  whileInFlight();
  if (!asyncDot)
    return wgDot;
  // The previous iteration's MMAs are done past this point.
  Value d = nvgir::WarpgroupWaitOp::create(inner, dot.getLoc(),
                                         TypeRange{wgDot.getType()},
                                         ValueRange{wgDot.getResult()}, 1)
                .getResult(0);
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
                                       next, i32Constant(inner, stages));
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
  if (a.load || b.load) {
    nvgir::AsyncCommitGroupOp::create(builder, loc);
    nvgir::AsyncWaitOp::create(builder, loc, 0);
  }
  auto yield = cast<scf::YieldOp>(loop.getBody()->getTerminator());
  for (unsigned i = 0; i < numOrig; ++i) {
    Value result = newLoop.getResult(i);
    // The accumulator leaves the loop with its last MMAs in flight.
    if (asyncDot && yield.getOperand(i) == dot.getResult())
      result = nvgir::WarpgroupWaitOp::create(builder, loc,
                                            TypeRange{result.getType()},
                                            ValueRange{result}, 0)
                   .getResult(0);
    loop.getResult(i).replaceAllUsesWith(result);
  }
  // The carried arguments' positions, read before the old loop (and the
  // block that owns the arguments) is erased.
  SmallVector<unsigned> carriedPositions;
  for (BlockArgument arg : carried)
    carriedPositions.push_back(arg.getArgNumber() - 1);
  loop.erase();
  dropDeadCarried(newLoop, numOrig, carriedPositions);
}

void Pipeliner::rewrite() {
  Location loc = loop.getLoc();
  OpBuilder builder(loop);
  allocateRing(builder);
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
  inits.push_back(i32Constant(builder, distance));
  inits.push_back(i32Constant(builder, 0)); // phase parity of the read slot
  auto newLoop = scf::ForOp::create(builder, loc, loop.getLowerBound(),
                                    loop.getUpperBound(), loop.getStep(), inits);
  newLoop->setAttrs(loop->getAttrs());
  // Axis hints of the loop's arguments stay with them; a carried value's
  // copy `distance` iterations ahead takes the same values and its hints.
  SmallVector<DictionaryAttr> hints = tir::getRegionArgHintList(loop, 0);
  if (!hints.empty())
    for (BlockArgument arg : carried)
      hints.push_back(hints[arg.getArgNumber()]);
  tir::setRegionArgHintList(newLoop, 0, hints);
  Block *newBody = newLoop.getBody();
  OpBuilder inner = OpBuilder::atBlockBegin(newBody);
  ValueRange args = newLoop.getRegionIterArgs();
  IRMapping map;
  map.map(loop.getInductionVar(), newLoop.getInductionVar());
  for (unsigned i = 0; i < numOrig; ++i)
    map.map(loop.getRegionIterArgs()[i], args[i]);
  unsigned slots = numOrig + carried.size() + numCoords;
  Value readSlot = args[slots], writeSlot = args[slots + 1],
        phase = args[slots + 2];

  // Copies for iteration i + distance into the slot that iteration
  // i + distance - S read, once every warp is past that read (the
  // barrier): by default at the top of the iteration, before the wait for
  // iteration i's own data; after the dot's wait when they run S-1 ahead
  // (the slot iteration i-1 read is free once its MMAs are done).
  Value ivAhead;
  SmallVector<Value> nextAhead, nextCoords;
  auto issueAhead = [&] {
    gir::BarrierOp::create(inner, loc);
    ivAhead = ivAt(inner, newLoop.getInductionVar(), distance);
    IRMapping aheadMap;
    aheadMap.map(loop.getInductionVar(), ivAhead);
    for (auto [i, arg] : llvm::enumerate(carried))
      aheadMap.map(arg, args[numOrig + i]);
    if (hoistCoordinates) {
      issueTma(inner,
               SmallVector<Value>(args.slice(numOrig + carried.size(),
                                             numCoords)),
               ivAhead, writeSlot);
      nextAhead = advance(inner, aheadMap, /*sliceCloned=*/false);
    } else {
      issueCopies(inner, aheadMap, ivAhead, writeSlot);
      nextAhead = advance(inner, aheadMap);
    }
  };
  // With TMA operands, the next iteration's copies' coordinates.
  auto computeNextCoords = [&] {
    if (!hoistCoordinates)
      return;
    IRMapping nextMap;
    nextMap.map(loop.getInductionVar(),
                arith::AddIOp::create(inner, loc, ivAhead, loop.getStep()));
    for (auto [arg, value] : llvm::zip(carried, nextAhead))
      nextMap.map(arg, value);
    nextCoords = tmaCoordinates(inner, nextMap);
  };
  if (!copiesAfterDot)
    issueAhead();
  // This iteration's copies were `distance` groups ago: wait for them (and
  // every thread's), leaving the newer groups in flight. A ring filled by
  // TMA alone needs no proxy fence before the wgmmas.
  auto wait = nvgir::MBarrierWaitOp::create(inner, loc, barriers, readSlot, phase);
  if (a.tma && b.tma)
    wait.setAsyncWrites(true);
  llvm::SmallPtrSet<Operation *, 8> skip{a.op(), b.op()};
  skip.insert(a.chain.begin(), a.chain.end());
  skip.insert(b.chain.begin(), b.chain.end());
  Value accumulator;
  for (Operation &op : loop.getBody()->without_terminator()) {
    if (skip.contains(&op))
      continue;
    if (&op != dot.getOperation()) {
      inner.clone(op, map);
      continue;
    }
    accumulator = emitDot(
        inner, map, readSlot,
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
    map.map(dot.getResult(), accumulator);
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
      ready = nvgir::WarpgroupWaitOp::create(b, acc.getLoc(),
                                           TypeRange{acc.getType()},
                                           ValueRange{acc}, 0)
                  .getResult(0);
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

/// Whether each thread's part of `load` splits into runs of at least 4
/// bytes that are contiguous and aligned in global memory along the
/// pointer layout's fastest dimension.
bool asyncCopyable(const trident::AxisInfoAnalysis &axisInfo,
                   const Operand &operand) {
  if (operand.tma)
    return true; // TMA moves any block it has a layout for
  tir::LoadOp load = operand.load;
  auto ptrType = cast<RankedTensorType>(load.getPtr().getType());
  auto blocked = dyn_cast<gir::BlockedEncodingAttr>(ptrType.getEncoding());
  if (!blocked)
    return false;
  unsigned dim = blocked.getOrder()[0];
  int64_t bytes =
      cast<RankedTensorType>(load.getType()).getElementType().getIntOrFloatBitWidth() / 8;
  int64_t run = std::min<int64_t>(
      axisInfo.getVectorElems(load.getPtr(), load.getMask(), dim),
      blocked.getSizePerThread()[dim]);
  return run * bytes >= 4;
}

/// Whether the ring bufferType gives `load`'s tile is one wgmma can read:
/// at least one 32-byte swizzle row along the contiguous dimension, which
/// must be K (`kDim`, of the tile as the dot reads it: transposed, the
/// loaded tile's other dimension) unless the elements are 16-bit (wgmma
/// transposes only those).
bool wgmmaReadable(const Operand &operand, unsigned kDim) {
  unsigned loadedK = operand.transposed ? 1 - kDim : kDim;
  if (operand.tma) {
    auto desc = operand.tma.getDesc().getType();
    FailureOr<nvgir::TmaBlockLayout> l = nvgir::getTmaBlockLayout(desc);
    if (failed(l) || !l->sharedEncoding(desc.getContext()))
      return false;
    // Contiguous along the last dimension.
    return loadedK == 1 || desc.getElementType().getIntOrFloatBitWidth() == 16;
  }
  tir::LoadOp load = operand.load;
  auto ptrType = cast<RankedTensorType>(load.getPtr().getType());
  auto blocked = dyn_cast<gir::BlockedEncodingAttr>(ptrType.getEncoding());
  if (!blocked || ptrType.getRank() != 2)
    return false;
  unsigned contiguous = blocked.getOrder()[0];
  int64_t bits =
      cast<RankedTensorType>(load.getType()).getElementType().getIntOrFloatBitWidth();
  if (ptrType.getDimSize(contiguous) * bits / 8 < 32)
    return false;
  return contiguous == loadedK || bits == 16;
}

struct GPUIRPipelinePass
    : trident::gir::impl::GPUIRPipelineBase<GPUIRPipelinePass> {
  using Base::Base;
  void runOnOperation() override {
    // A kernel module may ask for its own stage count (like Triton's
    // num_stages): the module attribute `tir.num_stages` overrides the
    // option.
    unsigned numStages = this->numStages;
    bool asyncDot = this->asyncDot;
    if (Attribute attr = getOperation()->getAttr("tir.num_stages")) {
      auto stagesAttr = dyn_cast<IntegerAttr>(attr);
      if (!stagesAttr || stagesAttr.getInt() <= 0 || stagesAttr.getInt() > 16) {
        getOperation().emitError("gir-pipeline: 'tir.num_stages' must be an "
                                 "integer in [1, 16], got ")
            << attr;
        return signalPassFailure();
      }
      numStages = stagesAttr.getInt();
      // One stage: the kernel asks for no pipelining (as num_stages=1 in
      // Triton).
      if (numStages == 1)
        return;
      // Two stages leave no room for a dot in flight: the loads still run
      // one iteration ahead, each dot completes in its iteration (as
      // Triton's num_stages=2).
      if (numStages == 2)
        asyncDot = false;
    }
    std::optional<CopyOrder> order =
        llvm::StringSwitch<std::optional<CopyOrder>>(copyOrder)
            .Case("auto", CopyOrder::Auto)
            .Case("top", CopyOrder::Top)
            .Case("after-dot", CopyOrder::AfterDot)
            .Default(std::nullopt);
    if (!order) {
      getOperation().emitError("gir-pipeline: copy-order must be 'auto', "
                               "'top' or 'after-dot', got '")
          << copyOrder << "'";
      return signalPassFailure();
    }
    unsigned least = asyncDot ? 3 : 2;
    if (numStages < least) {
      getOperation().emitError("gir-pipeline: num-stages must be at least ")
          << least << (asyncDot ? " with async-dot" : "") << ", got "
          << static_cast<unsigned>(numStages);
      return signalPassFailure();
    }
    // Computed for the first candidate loop only: most modules have none.
    std::optional<trident::AxisInfoAnalysis> axisInfo;
    SmallVector<scf::ForOp> loops;
    getOperation().walk([&](scf::ForOp loop) { loops.push_back(loop); });
    for (scf::ForOp loop : loops) {
      Block *body = loop.getBody();
      tir::DotOp found;
      for (auto dot : body->getOps<tir::DotOp>())
        if (isa<gir::WgmmaEncodingAttr>(
                cast<RankedTensorType>(dot.getType()).getEncoding())) {
          if (found) { // one dot per loop for now
            found = {};
            break;
          }
          found = dot;
        }
      if (!found)
        continue;
      std::optional<Operand> a = traceLoad(found.getA(), body);
      std::optional<Operand> b = traceLoad(found.getB(), body);
      if (!a || !b || a->op() == b->op())
        continue;
      // The ring must be a layout wgmma reads: 32 bytes or more along the
      // contiguous dimension, and K-major for 32-bit (tf32) operands.
      if (!wgmmaReadable(*a, /*kDim=*/1) || !wgmmaReadable(*b, /*kDim=*/0))
        continue;
      // cp.async moves 4, 8 or 16 bytes: loads whose elements are not
      // provably contiguous in such runs stay synchronous (the dot then
      // stages its register operands itself).
      if (!axisInfo)
        axisInfo.emplace(getOperation());
      if (!asyncCopyable(*axisInfo, *a) || !asyncCopyable(*axisInfo, *b))
        continue;
      Pipeliner pipeliner(loop, found, *a, *b, numStages, asyncDot, *order);
      if (failed(pipeliner.analyze()))
        continue;
      pipeliner.rewrite();
    }
  }
};

} // namespace
