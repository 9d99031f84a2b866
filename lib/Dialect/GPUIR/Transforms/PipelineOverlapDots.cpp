//===- PipelineOverlapDots.cpp - gir-pipeline: dots left in flight --------===//
//
// A pipelined loop of several dots (attention's backward: q k^T, then
// p^T dO, then v dO^T, then ds^T q) issues each warpgroup dot and waits for
// it at once. Here, in the new loop's body, every dot wgmma can read without
// staging (A in shared memory, or a 16-bit register A already in wgmma's
// register fragment) is issued asynchronously, and the wait for it is
// placed before the first operation that reads its result:
//
//   d1 = dot async ...        // in flight: d1
//   d2 = dot async ...        // in flight: d1 d2
//   x  = f(d2)                // wait pending 0 (d1, d2) before f
//
// A wait for the i-th dot in flight leaves the dots issued after it in
// flight (`pending`): wgmma groups complete in order. Every value a wait
// completes passes through it, so that nothing that reads it is scheduled
// before the wait. The iteration's last dots are waited for before the
// terminator, and before any operation that may write memory (a barrier
// frees the ring slots the dots read; a copy may write one) or another
// warpgroup dot that must stay synchronous.
//
// With `carry` (gir-pipeline's carry-dots, copies two stages behind the
// reads), the iteration's last dots whose results only the next
// iteration's same dots accumulate into (attention backward's dK) stay in
// flight across the back edge, as Triton leaves them: the next
// iteration's first wait completes them (wgmma groups complete in order),
// or a wait before its first operation that may write memory other than
// the ring's own copies, barriers and stage waits (the copies write the
// slot read two iterations before, never the one the carried dots read).
// The loop's results then leave it in flight too (the caller waits for
// them after the loop).
//
//===----------------------------------------------------------------------===//
#include "Pipeline.h"

#include "trident/Dialect/GPUIR/IR/GPUIR.h"
#include "trident/Dialect/NVGIR/IR/NVGIR.h"

#include "mlir/Interfaces/SideEffectInterfaces.h"

using namespace mlir;
using namespace trident;

namespace trident::gir::pipeline {
namespace {

/// Whether wgmma reads `dot`'s operands where they are, so that it may
/// stay in flight: A in shared memory, or a 16-bit register A in a wgmma
/// layout of the accumulator's warps (the register fragment). A dot that
/// promotes partial sums waits for its MMAs itself.
bool canStayInFlight(nvgir::WarpgroupDotOp dot) {
  if (dot.getAsync() || dot.getPromotionInterval())
    return false;
  auto a = dyn_cast<RankedTensorType>(dot.getA().getType());
  if (!a)
    return true;
  auto acc = cast<WgmmaEncodingAttr>(
      cast<RankedTensorType>(dot.getC().getType()).getEncoding());
  auto enc = dyn_cast_or_null<WgmmaEncodingAttr>(a.getEncoding());
  return enc && enc.getWarpsPerCTA() == acc.getWarpsPerCTA() &&
         acc.getWarpsPerCTA()[1] == 1 && enc.getCtaSplit() == 1 &&
         acc.getCtaSplit() == 1 &&
         (a.getElementType().isF16() || a.getElementType().isBF16());
}

/// Whether `op` may write memory (or has effects we cannot see).
bool mayWrite(Operation *op) {
  if (isa<nvgir::WarpgroupDotOp, nvgir::WarpgroupWaitOp>(op))
    return false;
  if (isMemoryEffectFree(op))
    return false;
  auto iface = dyn_cast<MemoryEffectOpInterface>(op);
  if (!iface)
    return true;
  SmallVector<MemoryEffects::EffectInstance> effects;
  iface.getEffects(effects);
  return llvm::any_of(effects, [](const MemoryEffects::EffectInstance &e) {
    return !isa<MemoryEffects::Read>(e.getEffect());
  });
}

/// The ring's own work at the top of an iteration: copies into other
/// slots, their arrivals and commit groups, stage waits and barriers. A
/// dot carried in flight across the back edge reads none of what they
/// write.
bool ringWork(Operation *op) {
  return isa<gir::BarrierOp, nvgir::AsyncCopyOp, nvgir::AsyncCopyArriveOp,
             nvgir::AsyncCommitGroupOp, nvgir::AsyncWaitOp, nvgir::TmaLoadOp,
             nvgir::MBarrierWaitOp>(op);
}

class Overlapper {
public:
  Overlapper(Block *body, bool carry, bool pastStageWaits)
      : body(body), carry(carry), pastStageWaits(pastStageWaits) {}

  /// The yield positions of the results left in flight (with `carry`).
  SmallVector<unsigned> carried;

  void run() {
    SmallVector<Operation *> ops;
    for (Operation &op : *body)
      ops.push_back(&op);
    for (Operation *op : ops) {
      auto dot = dyn_cast<nvgir::WarpgroupDotOp>(op);
      bool terminator = op->hasTrait<OpTrait::IsTerminator>();
      if (terminator) {
        unsigned keep = carry ? carriableSuffix(op) : 0;
        SmallVector<nvgir::WarpgroupDotOp> kept(inFlight.end() - keep,
                                                inFlight.end());
        waitThrough(op, inFlight.size() - keep);
        for (nvgir::WarpgroupDotOp d : kept) {
          carried.push_back(
              d.getResult().getUses().begin()->getOperandNumber());
          waitCarriedAtTop(d);
        }
      } else if ((dot && !canStayInFlight(dot)) ||
                 (!dot && mayWrite(op) &&
                  !(pastStageWaits && isa<nvgir::MBarrierWaitOp>(op)))) {
        waitThrough(op, inFlight.size());
      } else if (int last = lastRewritesA(op); last >= 0) {
        // The next A's inputs (p in f32) pass through the wait too: made
        // before it, all of the softmax stays beside the MMAs in flight,
        // rather than moved after the wait by ptxas to start the next
        // A's conversion early.
        waitThrough(op, std::max(last, lastRead(op)) + 1,
                    op->getOperands());
      } else if (int last = lastRead(op); last >= 0) {
        waitThrough(op, unsigned(last) + 1);
      }
      if (dot && canStayInFlight(dot)) {
        dot.setAsync(true);
        inFlight.push_back(dot);
      }
    }
  }

private:
  /// How many of the last dots in flight at the terminator `yield` may stay
  /// in flight: each one's result is only yielded, and the loop argument
  /// it becomes is only the same dot's accumulator.
  unsigned carriableSuffix(Operation *yield) {
    unsigned n = 0;
    for (auto it = inFlight.rbegin(); it != inFlight.rend(); ++it, ++n) {
      Value result = it->getResult();
      if (!result.hasOneUse() || result.getUses().begin()->getOwner() != yield)
        break;
      unsigned pos = result.getUses().begin()->getOperandNumber();
      BlockArgument arg = body->getArgument(pos + 1);
      if (!arg.hasOneUse() || it->getC() != arg)
        break;
    }
    return n;
  }

  /// The carried `dot`'s group is still in flight when the next iteration
  /// starts: unless a wait comes first, waits for it before the first
  /// operation that may write memory other than the ring's own work.
  void waitCarriedAtTop(nvgir::WarpgroupDotOp dot) {
    Value arg = dot.getC();
    for (Operation &op : *body) {
      if (isa<nvgir::WarpgroupWaitOp>(&op) || &op == dot.getOperation())
        return;
      if (ringWork(&op) || !mayWrite(&op))
        continue;
      OpBuilder b(&op);
      auto wait = nvgir::WarpgroupWaitOp::create(b, op.getLoc(), arg.getType(),
                                                 ValueRange{arg}, 0u);
      arg.replaceUsesWithIf(wait.getResult(0), [&](OpOperand &use) {
        return use.getOwner() != wait;
      });
      return;
    }
  }

  /// The position in `inFlight` of the latest dot whose result `op` (or an
  /// operation inside it) reads; -1 if none.
  int lastRead(Operation *op) {
    int last = -1;
    op->walk([&](Operation *inner) {
      for (Value operand : inner->getOperands())
        for (auto [i, dot] : llvm::enumerate(inFlight))
          if (operand == dot.getResult())
            last = std::max(last, int(i));
    });
    return last;
  }

  /// The position in `inFlight` of the latest dot whose register A is a
  /// loop-carried value that `op` makes the next iteration's (rotated
  /// attention's next p): both are one value in the loop's registers, so
  /// the dot must be done reading it first; -1 if none.
  int lastRewritesA(Operation *op) {
    int last = -1;
    Operation *yield = body->getTerminator();
    for (auto [i, dot] : llvm::enumerate(inFlight)) {
      auto arg = dyn_cast<BlockArgument>(dot.getA());
      if (!arg || arg.getOwner() != body || arg.getArgNumber() == 0 ||
          arg.getArgNumber() > yield->getNumOperands())
        continue;
      if (yield->getOperand(arg.getArgNumber() - 1).getDefiningOp() == op)
        last = std::max(last, int(i));
    }
    return last;
  }

  /// Waits, before `op`, for the first `count` dots in flight (the others
  /// stay so), passing through the wait each of their results that is read
  /// from `op` on.
  void waitThrough(Operation *op, unsigned count, ValueRange also = {}) {
    if (count == 0)
      return;
    SmallVector<Value> values;
    // Register tiles `op` reads, made in the body before it.
    for (Value v : also)
      if (isa<RankedTensorType>(v.getType()) && v.getDefiningOp() &&
          v.getDefiningOp()->getBlock() == body)
        values.push_back(v);
    for (unsigned i = 0; i < count; ++i) {
      Value result = inFlight[i].getResult();
      if (llvm::any_of(result.getUses(), [&](OpOperand &use) {
            Operation *user = body->findAncestorOpInBlock(*use.getOwner());
            return user && !user->isBeforeInBlock(op);
          }))
        values.push_back(result);
    }
    // The register A of a dot this wait completes is read by the tensor
    // cores until then: passed through the wait, its registers stay live
    // (and unwritten) up to it, or ptxas, seeing them free after the
    // issue, reuses them and has to wait for the MMAs right away
    // (attention's p while the next softmax is computed).
    // (With dots-past-stage-waits only, for now: the default pipeline's
    // waits are as they were timed.)
    for (unsigned i = 0; pastStageWaits && i < count; ++i) {
      Value a = inFlight[i].getA();
      if (isa<RankedTensorType>(a.getType()) && !llvm::is_contained(values, a))
        values.push_back(a);
    }
    OpBuilder b(op);
    auto wait = nvgir::WarpgroupWaitOp::create(
        b, op->getLoc(), ValueRange(values).getTypes(), values,
        unsigned(inFlight.size() - count));
    for (auto [before, after] : llvm::zip(values, wait.getResults()))
      before.replaceUsesWithIf(after, [&](OpOperand &use) {
        Operation *user = body->findAncestorOpInBlock(*use.getOwner());
        return user && user != wait && !user->isBeforeInBlock(op);
      });
    inFlight.erase(inFlight.begin(), inFlight.begin() + count);
  }

  Block *body;
  bool carry;
  /// A stage wait (nvgir.mbarrier_wait) makes copies into a later ring
  /// visible; it writes nothing a dot in flight reads (gir-pipeline's
  /// dots-past-stage-waits).
  bool pastStageWaits;
  SmallVector<nvgir::WarpgroupDotOp> inFlight;
};

} // namespace

SmallVector<unsigned> overlapDots(Block *body, bool carry,
                                  bool pastStageWaits) {
  Overlapper overlapper(body, carry, pastStageWaits);
  overlapper.run();
  return overlapper.carried;
}

} // namespace trident::gir::pipeline
