//===- RotateDotLoops.cpp - tir-rotate-dot-loops pass -----------*- C++ -*-===//
//
// Rotates a loop of two dots whose second accumulates into a carried value
// (attention's forward: s = q k^T; softmax(s) -> p, alpha; acc = acc * alpha;
// acc = p v + acc) so that each iteration starts the next iteration's first
// dot before its own second one. The body splits into
//
//   X: the first dot and everything the carried values other than the
//      accumulator group need (k's load, s, the row maxima, p, alpha, ...);
//   Y: the rest: what reads the accumulator group's carried values (acc,
//      the offsets only v's load reads), v's load, the second dot;
//
// where X reads nothing Y makes and no carried value of the accumulator
// group, and Y reads no carried value of X's group (only X's results, which
// the rotated loop carries: `xv`). Then, with n iterations at lb, lb + st,
// ... (st a positive constant),
//
//   if lb < ub:
//     xv, x = X(lb, x0)                               prologue
//     for i = lb to ub - st step st iter_args(x, y = y0, xv):
//       X(i + st, x) up to its dot                    the next s in flight
//       y' = Y(i, y, xv)                              this p v
//       xv', x' = rest of X(i + st, x)                softmax of the next s
//       yield x', y', xv'
//     y = Y(last, y, xv)                              epilogue
//   else: x0, y0
//
// so that an asynchronous MMA unit works on p v while the threads compute
// the next softmax (FlashAttention-3's overlap within a warpgroup), once
// gir-pipeline issues both dots without waiting (its overlap-dots): the
// wait for the next s leaves p v in flight. The result is the same loop
// for every trip count, zero included.
//
// On GPU IR (a module with `gir.num_warps`), a loop whose carried values,
// together with the first dot's result, would take more than
// `max-words` 32-bit registers per thread is left alone: the rotated loop
// keeps p, the next s and the accumulator live at once, and spilling them
// costs more than the overlap gains. Loops with nested regions, memory
// writes, or another number of dots are left alone too.
//
//===----------------------------------------------------------------------===//
#include "trident/Dialect/TileIR/Transforms/Passes.h"

#include "trident/Dialect/TileIR/IR/TileIR.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Interfaces/LoopLikeInterface.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/ADT/SetVector.h"

namespace trident::tir {
#define GEN_PASS_DEF_TILEIRROTATEDOTLOOPS
#include "trident/Dialect/TileIR/Transforms/Passes.h.inc"
} // namespace trident::tir

using namespace mlir;

namespace {

/// Whether `op` only reads memory (or touches none).
bool onlyReads(Operation *op) {
  if (isMemoryEffectFree(op))
    return true;
  auto iface = dyn_cast<MemoryEffectOpInterface>(op);
  if (!iface)
    return false;
  SmallVector<MemoryEffects::EffectInstance> effects;
  iface.getEffects(effects);
  return llvm::all_of(effects, [](const MemoryEffects::EffectInstance &e) {
    return isa<MemoryEffects::Read>(e.getEffect());
  });
}

/// 32-bit registers per thread that a value of `type` takes when its
/// elements are spread over `threads` threads.
int64_t wordsPerThread(Type type, int64_t threads) {
  auto tensor = dyn_cast<RankedTensorType>(type);
  if (!tensor)
    return 1;
  int64_t bits = tensor.getElementType().isIntOrFloat()
                     ? tensor.getElementType().getIntOrFloatBitWidth()
                     : 64;
  int64_t total = (tensor.getNumElements() * bits + 31) / 32;
  return (total + threads - 1) / threads;
}

class Rotator {
public:
  Rotator(scf::ForOp loop, int64_t maxWords)
      : loop(loop), maxWords(maxWords) {}
  LogicalResult analyze();
  void rewrite();

private:
  /// Ops of the body that the values `roots` need (within the body, but
  /// free ops), with their operands' and their own needs.
  llvm::SetVector<Operation *> backwardSlice(ArrayRef<Value> roots);
  bool isFree(Operation *op);
  /// Clones into `b` the ops of `part` (in their order) and the free ops
  /// they need, with `map`.
  void cloneOps(OpBuilder &b, ArrayRef<Operation *> ops, IRMapping &map);
  void cloneFree(OpBuilder &b, Value v, IRMapping &map);

  scf::ForOp loop;
  int64_t maxWords;
  Block *body = nullptr;
  Operation *dot1 = nullptr, *dot2 = nullptr;
  /// Carried values of the accumulator group (Y's), by iter_arg index.
  llvm::SmallVector<bool> inY;
  /// X's and Y's ops, in program order; X split at its dot.
  SmallVector<Operation *> xHead, xTail, yOps;
  /// X's results that Y (or Y's yields) read.
  llvm::SetVector<Value> xv;
  /// Body ops made of values from outside the loop alone (cloned wherever
  /// needed).
  llvm::DenseMap<Operation *, bool> freeCache;
};

bool Rotator::isFree(Operation *op) {
  auto it = freeCache.find(op);
  if (it != freeCache.end())
    return it->second;
  bool free = op->getBlock() == body && isMemoryEffectFree(op);
  if (free)
    for (Value v : op->getOperands()) {
      if (isa<BlockArgument>(v) && v.getParentBlock() == body) {
        free = false;
        break;
      }
      Operation *def = v.getDefiningOp();
      if (def && def->getBlock() == body && !isFree(def)) {
        free = false;
        break;
      }
    }
  freeCache[op] = free;
  return free;
}

llvm::SetVector<Operation *> Rotator::backwardSlice(ArrayRef<Value> roots) {
  llvm::SetVector<Operation *> slice;
  SmallVector<Value> work(roots.begin(), roots.end());
  while (!work.empty()) {
    Value v = work.pop_back_val();
    Operation *def = v.getDefiningOp();
    if (!def || def->getBlock() != body || isFree(def) ||
        !slice.insert(def))
      continue;
    for (Value operand : def->getOperands())
      work.push_back(operand);
  }
  return slice;
}

LogicalResult Rotator::analyze() {
  body = loop.getBody();
  // A positive constant step.
  APInt step;
  if (!matchPattern(loop.getStep(), m_ConstantInt(&step)) ||
      !step.isStrictlyPositive())
    return failure();
  SmallVector<Operation *> dots;
  for (Operation &op : body->without_terminator()) {
    // Regions of combiners (reductions, scans) are cloned with their op;
    // nested loops are not rotated through, nor regions that read the
    // body's values other than as their op's operands (the split follows
    // operands) or hold dots.
    if (isa<LoopLikeOpInterface>(op) || !onlyReads(&op))
      return failure();
    bool captures = false;
    op.walk([&](Operation *inner) {
      if (inner == &op)
        return;
      if (isa<trident::tir::DotOp>(inner))
        captures = true;
      for (Value v : inner->getOperands())
        if (v.getParentBlock() == body ||
            (v.getDefiningOp() && v.getDefiningOp()->getBlock() == body))
          captures = true;
    });
    if (captures)
      return failure();
    if (isa<trident::tir::DotOp>(op))
      dots.push_back(&op);
  }
  if (dots.size() != 2)
    return failure();
  dot1 = dots[0];
  dot2 = dots[1];
  auto yield = cast<scf::YieldOp>(body->getTerminator());
  unsigned n = loop.getNumRegionIterArgs();
  // The accumulator: the carried value the second dot's result becomes.
  int acc = -1;
  for (unsigned i = 0; i < n; ++i)
    if (yield.getOperand(i) == dot2->getResult(0))
      acc = i;
  if (acc < 0)
    return failure();
  inY.assign(n, false);
  inY[acc] = true;
  auto usedBy = [&](const llvm::SetVector<Operation *> &ops, Value v) {
    return llvm::any_of(v.getUsers(),
                        [&](Operation *user) { return ops.contains(user); });
  };
  auto xRoots = [&](int without) {
    SmallVector<Value> roots{dot1->getResult(0)};
    for (unsigned i = 0; i < n; ++i)
      if (!inY[i] && (int)i != without)
        roots.push_back(yield.getOperand(i));
    return roots;
  };
  // A carried value joins the accumulator's group when what the others
  // (and the first dot) need does not read it: v's offsets.
  for (unsigned i = 0; i < n; ++i) {
    if (inY[i])
      continue;
    BlockArgument arg = loop.getRegionIterArg(i);
    if (yield.getOperand(i) == arg)
      continue; // unchanged: X's (nothing to rotate)
    // (A value the first dot's result updates stays X's: the row maxima
    // and sums, so that the softmax runs beside the second dot.)
    if (!usedBy(backwardSlice(xRoots(i)), arg) &&
        !backwardSlice({yield.getOperand(i)}).contains(dot1))
      inY[i] = true;
  }
  llvm::SetVector<Operation *> x = backwardSlice(xRoots(-1));
  if (!x.contains(dot1) || x.contains(dot2))
    return failure();
  // Y's ops that read only X's values and X's carried values move to X:
  // those that read X's carried values must (in the rotated loop those
  // hold the next iteration's: alpha = exp2(m_i - m_ij) where no row sum
  // needs it), the others (no load) where what they make takes fewer
  // registers than what they read: p's conversion to the second dot's
  // type, so that the loop carries p in 16 bits, not 32 (carried in 32,
  // the 128x128 tiles of two warpgroups spill 900 bytes).
  auto threadsOr = [&]() -> int64_t {
    auto module = loop->getParentOfType<ModuleOp>();
    auto warps = module ? module->getAttrOfType<IntegerAttr>("gir.num_warps")
                        : IntegerAttr();
    return warps ? warps.getInt() * 32 : 1;
  };
  int64_t threads = threadsOr();
  for (bool changed = true; changed;) {
    changed = false;
    for (Operation &op : body->without_terminator()) {
      if (x.contains(&op) || isFree(&op))
        continue;
      bool readsY = false, readsXArg = false;
      int64_t in = 0, out = 0;
      for (Value v : op.getOperands()) {
        Operation *def = v.getDefiningOp();
        if (isa<BlockArgument>(v) && v.getParentBlock() == body) {
          if (v != loop.getInductionVar())
            (inY[cast<BlockArgument>(v).getArgNumber() - 1] ? readsY
                                                              : readsXArg) =
                true;
        } else if (def && def->getBlock() == body && !isFree(def)) {
          if (!x.contains(def))
            readsY = true;
          // Dropped from the carried values if only Y's `op` reads it.
          else if (llvm::all_of(v.getUsers(), [&](Operation *u) {
                     return u == &op || x.contains(u);
                   }))
            in += wordsPerThread(v.getType(), threads);
        }
      }
      for (Value r : op.getResults())
        out += wordsPerThread(r.getType(), threads);
      // (A load stays where it is: the second dot's operand loaded one
      // iteration ahead and carried could not be pipelined; a loop whose
      // second part loads through X's carried values is left alone.)
      if (!readsY && isMemoryEffectFree(&op) && (readsXArg || out < in)) {
        x.insert(&op);
        changed = true;
      }
    }
  }
  // X reads no carried value of Y's group; Y none of X's group.
  for (unsigned i = 0; i < n; ++i) {
    BlockArgument arg = loop.getRegionIterArg(i);
    for (Operation *user : arg.getUsers())
      if (user != yield && x.contains(user) == inY[i])
        return failure();
  }
  if (x.contains(dot2))
    return failure();
  bool afterDot1 = false;
  for (Operation &op : body->without_terminator()) {
    if (isFree(&op))
      continue;
    if (x.contains(&op)) {
      (afterDot1 ? xTail : xHead).push_back(&op);
      afterDot1 |= &op == dot1;
      continue;
    }
    yOps.push_back(&op);
    for (Value v : op.getOperands())
      if (Operation *def = v.getDefiningOp(); def && x.contains(def))
        xv.insert(v);
  }
  auto groupOf = [&](Value v) -> int {
    auto arg = dyn_cast<BlockArgument>(v);
    if (!arg || arg.getOwner() != body || v == loop.getInductionVar())
      return -1;
    return inY[arg.getArgNumber() - 1] ? 1 : 0;
  };
  for (unsigned i = 0; i < n; ++i) {
    if (!inY[i])
      continue;
    Value v = yield.getOperand(i);
    if (Operation *def = v.getDefiningOp(); def && x.contains(def))
      xv.insert(v);
    if (groupOf(v) == 0) // Y's carried value takes one of X's
      return failure();
  }
  for (unsigned i = 0; i < n; ++i) {
    if (inY[i])
      continue;
    Value v = yield.getOperand(i);
    Operation *def = v.getDefiningOp();
    if ((def && def->getBlock() == body && !x.contains(def) && !isFree(def)) ||
        groupOf(v) == 1)
      return failure();
  }
  // The induction variable: X's copy reads the next one. Nothing to check.
  // Registers (GPU IR): the carried values, the next s and xv live at once.
  auto module = loop->getParentOfType<ModuleOp>();
  if (maxWords > 0 && module) {
    if (module->getAttrOfType<IntegerAttr>("gir.num_warps")) {
      int64_t words = wordsPerThread(dot1->getResult(0).getType(), threads);
      for (Type t : loop.getResultTypes())
        words += wordsPerThread(t, threads);
      for (Value v : xv)
        words += wordsPerThread(v.getType(), threads);
      if (words > maxWords)
        return failure();
    }
  }
  return success();
}

void Rotator::cloneFree(OpBuilder &b, Value v, IRMapping &map) {
  Operation *def = v.getDefiningOp();
  if (!def || def->getBlock() != body || map.contains(v) || !isFree(def))
    return;
  for (Value operand : def->getOperands())
    cloneFree(b, operand, map);
  b.clone(*def, map);
}

void Rotator::cloneOps(OpBuilder &b, ArrayRef<Operation *> ops,
                       IRMapping &map) {
  for (Operation *op : ops) {
    for (Value v : op->getOperands())
      cloneFree(b, v, map);
    b.clone(*op, map);
  }
}

void Rotator::rewrite() {
  Location loc = loop.getLoc();
  OpBuilder b(loop);
  auto yield = cast<scf::YieldOp>(body->getTerminator());
  unsigned n = loop.getNumRegionIterArgs();
  Value lb = loop.getLowerBound(), ub = loop.getUpperBound(),
        st = loop.getStep();
  Value iv = loop.getInductionVar();
  auto lookup = [&](IRMapping &map, Value v) {
    Value out = map.lookupOrDefault(v);
    return out;
  };
  auto mapFreeAndLookup = [&](OpBuilder &ob, IRMapping &map, Value v) {
    cloneFree(ob, v, map);
    return lookup(map, v);
  };

  Value any = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::slt, lb, ub);
  auto ifOp = scf::IfOp::create(b, loc, loop.getResultTypes(), any,
                                /*withElseRegion=*/true);
  // Nothing runs: the initial values.
  {
    OpBuilder eb = OpBuilder::atBlockEnd(&ifOp.getElseRegion().front());
    scf::YieldOp::create(eb, loc, loop.getInitArgs());
  }
  OpBuilder tb = OpBuilder::atBlockEnd(&ifOp.getThenRegion().front());
  // Prologue: X of the first iteration.
  IRMapping pro;
  pro.map(iv, lb);
  for (unsigned i = 0; i < n; ++i)
    pro.map(loop.getRegionIterArg(i), loop.getInitArgs()[i]);
  cloneOps(tb, xHead, pro);
  cloneOps(tb, xTail, pro);
  SmallVector<Value> inits;
  for (unsigned i = 0; i < n; ++i)
    inits.push_back(inY[i] ? loop.getInitArgs()[i]
                           : mapFreeAndLookup(tb, pro, yield.getOperand(i)));
  for (Value v : xv)
    inits.push_back(lookup(pro, v));

  // The rotated loop: n - 1 iterations.
  Value ubNew = arith::SubIOp::create(tb, loc, ub, st);
  auto rotated = scf::ForOp::create(tb, loc, lb, ubNew, st, inits);
  for (NamedAttribute attr : loop->getDiscardableAttrs())
    rotated->setAttr(attr.getName(), attr.getValue());
  {
    Block *nb = rotated.getBody();
    // scf.for's builder may have ended the body with an empty yield.
    if (!nb->empty() && isa<scf::YieldOp>(nb->back()))
      nb->back().erase();
    OpBuilder lb2 = OpBuilder::atBlockEnd(nb);
    Value niv = rotated.getInductionVar();
    Value next = arith::AddIOp::create(lb2, loc, niv, st);
    IRMapping mx, my;
    mx.map(iv, next);
    my.map(iv, niv);
    for (unsigned i = 0; i < n; ++i) {
      Value arg = rotated.getRegionIterArg(i);
      (inY[i] ? my : mx).map(loop.getRegionIterArg(i), arg);
    }
    for (auto [k, v] : llvm::enumerate(xv))
      my.map(v, rotated.getRegionIterArg(n + k));
    cloneOps(lb2, xHead, mx);
    cloneOps(lb2, yOps, my);
    cloneOps(lb2, xTail, mx);
    SmallVector<Value> yields;
    for (unsigned i = 0; i < n; ++i)
      yields.push_back(
          mapFreeAndLookup(lb2, inY[i] ? my : mx, yield.getOperand(i)));
    for (Value v : xv)
      yields.push_back(lookup(mx, v));
    // The second dot's operands made for the next iteration (p in f16)
    // last: the loop keeps them in the registers this iteration's dot
    // reads, so they can only be written once it is done; everything
    // else of the next softmax comes before.
    for (Value v : xv) {
      if (v != dot2->getOperand(0) && v != dot2->getOperand(1))
        continue;
      Operation *def = lookup(mx, v).getDefiningOp();
      if (def && def->getBlock() == nb && def->hasOneUse() &&
          llvm::all_of(def->getOperands(), [&](Value operand) {
            return !llvm::is_contained(yields, operand);
          }))
        def->moveBefore(nb, nb->end());
    }
    scf::YieldOp::create(lb2, loc, yields);
  }
  // Epilogue: Y of the last iteration, lb + ((ub - lb - 1) / st) * st.
  Value one = isa<IndexType>(lb.getType())
                  ? (Value)arith::ConstantIndexOp::create(tb, loc, 1)
                  : (Value)arith::ConstantIntOp::create(tb, loc,
                                                        lb.getType(), 1);
  Value span = arith::SubIOp::create(
      tb, loc, arith::SubIOp::create(tb, loc, ub, lb), one);
  Value last = arith::AddIOp::create(
      tb, loc, lb,
      arith::MulIOp::create(tb, loc,
                            arith::DivSIOp::create(tb, loc, span, st), st));
  IRMapping epi;
  epi.map(iv, last);
  for (unsigned i = 0; i < n; ++i)
    if (inY[i])
      epi.map(loop.getRegionIterArg(i), rotated.getResult(i));
  for (auto [k, v] : llvm::enumerate(xv))
    epi.map(v, rotated.getResult(n + k));
  cloneOps(tb, yOps, epi);
  SmallVector<Value> results;
  for (unsigned i = 0; i < n; ++i)
    results.push_back(inY[i] ? mapFreeAndLookup(tb, epi, yield.getOperand(i))
                             : rotated.getResult(i));
  scf::YieldOp::create(tb, loc, results);
  loop->replaceAllUsesWith(ifOp.getResults());
  loop->erase();
}

struct RotateDotLoopsPass
    : trident::tir::impl::TileIRRotateDotLoopsBase<RotateDotLoopsPass> {
  using TileIRRotateDotLoopsBase::TileIRRotateDotLoopsBase;
  void runOnOperation() override {
    SmallVector<scf::ForOp> loops;
    getOperation()->walk([&](scf::ForOp loop) { loops.push_back(loop); });
    for (scf::ForOp loop : loops) {
      Rotator rotator(loop, maxWords);
      if (succeeded(rotator.analyze()))
        rotator.rewrite();
    }
  }
};

} // namespace
