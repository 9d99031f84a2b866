//===- Pipeline.h - gir-pipeline's pieces (private) -----------------------===//
//
// gir-pipeline (see Passes.td) in four files:
//
//   PipelineAnalysis.cpp  which loads feed which dots (PipelinePlan), the
//                         loads the loop reads in registers, the address
//                         slices that run ahead; generic;
//   PipelineExpand.cpp    the schedule: ring slots, prologue, the rewritten
//                         loop, the drain; generic, through the hooks below;
//   PipelineNVIDIA.cpp    what is NVIDIA's: the rings' shared layouts, the
//                         copies (cp.async, TMA) and their mbarriers, the
//                         reads of rings back into registers,
//                         warpgroup MMAs and their waits, and which loads
//                         and layouts those can take;
//   Pipeline.cpp          the pass: options, candidate loops.
//
//===----------------------------------------------------------------------===//
#ifndef TRIDENT_LIB_DIALECT_GPUIR_TRANSFORMS_PIPELINE_H
#define TRIDENT_LIB_DIALECT_GPUIR_TRANSFORMS_PIPELINE_H

#include "trident/Dialect/GPUIR/IR/GPUIR.h"
#include "trident/Dialect/TileIR/IR/TileIR.h"

#include "mlir/Dialect/SCF/IR/SCF.h"
#include "llvm/ADT/SetVector.h"

namespace trident {
class AxisInfoAnalysis;
} // namespace trident

namespace trident::gir::pipeline {

/// One tile the pass rings: a dot operand, the load that produces it
/// (through pointers, copied by cp.async, or through a TMA descriptor made
/// before the loop or passed as a kernel argument) and the layout
/// conversions (and at most one transposition) between the two, all only
/// used on that path; or a load whose tile the loop reads in registers
/// (`inRegisters`).
struct Operand {
  // (Op handles' accessors are not const.)
  mutable tir::LoadOp load;
  mutable tir::DescriptorLoadOp tma;
  llvm::SmallVector<mlir::Operation *> chain;
  /// The dot reads the loaded tile transposed (`tl.dot(a, b.T)`): the ring
  /// holds the tile as loaded and the dot a transposed view of its slot.
  bool transposed = false;
  /// The dot operand it feeds: 0 for A (K is dimension 1), 1 for B.
  unsigned index = 0;
  /// The ring (S stages of the tile), once allocated.
  mlir::Value ring;
  /// When the loaded tile feeds several dots (attention backward's q^T
  /// feeds Q K^T as it is and dK transposed), the plan has an operand for
  /// each; all but the first (the owner, -1 here) read the owner's ring
  /// (its index in PipelinePlan::operands) and copy nothing themselves.
  int owner = -1;
  /// A load the loop reads in registers (attention backward's row
  /// statistics, a softmax's rows), no dot operand: copied by cp.async
  /// into a ring of #gir.plain_shared slots; the body reads its slot back
  /// into the load's layout (gir.local_load) and applies the load's
  /// `other` where its mask is false (the copies zero-fill).
  bool inRegisters = false;

  mlir::Operation *op() const {
    return load ? load.getOperation() : tma.getOperation();
  }
};

/// Whether `dot` (8-bit float operands) bounds the products wgmma may sum
/// at its reduced precision below its K (max_num_imprecise_acc in 1..K):
/// its MMA then adds each run's partial sum to the accumulator after
/// waiting for it, so it completes within its iteration (never in flight).
inline bool promotesPartialSums(tir::DotOp dot) {
  uint32_t bound = dot.getMaxNumImpreciseAcc();
  auto a = llvm::cast<mlir::RankedTensorType>(dot.getA().getType());
  return bound > 0 && bound <= a.getDimSize(a.getRank() - 1);
}

/// A dot the pass rewrites: B always comes from a ring; A from a ring, or
/// stays the register tile the loop computes or receives (attention's p,
/// its loop-invariant q).
struct PipelinedDot {
  tir::DotOp dot;
  int a = -1; // index into PipelinePlan::operands; -1: A in registers
  int b = -1;
  /// A loaded before the loop (attention's q): copied once into a
  /// one-stage buffer before the loop, which the dot reads, instead of
  /// staying in registers and being staged by every iteration.
  std::optional<Operand> invariantA;
};

/// What the pass does to one loop: the dots it rewrites, the operands it
/// rings (in the dots' program order, A before B), and the address slices.
struct PipelinePlan {
  mlir::scf::ForOp loop;
  llvm::SmallVector<Operand> operands;
  llvm::SmallVector<PipelinedDot> dots;
  /// The body's operations the ringed loads' addresses (and masks) depend
  /// on, and those that advance the loop-carried values they read.
  llvm::SetVector<mlir::Operation *> addressOps, advanceOps;
  llvm::SetVector<mlir::BlockArgument> carried;
  /// The loop has no other wgmma dot than its one rewritten dot, whose A
  /// and B are both ringed (the tuned matmul form: its MMAs may stay in
  /// flight across the back edge, unless they promote partial sums).
  bool singleRingedDot() const {
    return dots.size() == 1 && dots[0].a >= 0 && otherWgmmaDots == 0 &&
           !promotesPartialSums(dots[0].dot);
  }
  bool anyPointerLoads() const {
    return llvm::any_of(operands, [](const Operand &o) { return bool(o.load); });
  }
  bool allTma() const {
    return llvm::all_of(operands, [](const Operand &o) { return bool(o.tma); });
  }
  /// TMA copies per stage (one per ring).
  unsigned numTma() const {
    return llvm::count_if(operands, [](const Operand &o) {
      return o.tma && o.owner < 0;
    });
  }
  /// wgmma dots of the body left as they are.
  unsigned otherWgmmaDots = 0;
  /// Fence the async proxy before the tensor cores read a ring cp.async
  /// filled (gir-pipeline's fence-copies).
  bool fenceCopies = true;
  /// Wait for cp.async stages by commit groups rather than mbarriers
  /// (gir-pipeline's copy-wait=group), where the loop allows it.
  bool groupWaits = false;
  /// Dots in flight stay so across stage waits (gir-pipeline's
  /// dots-past-stage-waits).
  bool dotsPastStageWaits = false;
  /// No dot: every ring is read in registers (a loop with an explicit
  /// `tir.num_stages`, as Triton pipelines `tl.range(..., num_stages=N)`).
  bool registersOnly() const { return dots.empty(); }
};

//===-- PipelineAnalysis.cpp ----------------------------------------------===//

/// The ringable load behind `value` in `body` (through single-use layout
/// conversions and at most one 2-D transposition), if any. The load may
/// have other users: planLoop rings it only if they all are dots it rings.
std::optional<Operand> traceLoad(mlir::Value value, mlir::Block *body);

/// The load before `loop` behind `value` (a dot's A that the loop does not
/// change), through layout conversions and at most one transposition.
std::optional<Operand> traceInvariantLoad(mlir::Value value,
                                          mlir::scf::ForOp loop);

/// The dots of `loop` with a `#gir.wgmma` accumulator and the operands to
/// ring (those `ringable` accepts), with the address slices; nullopt when
/// there is nothing to do or the loop cannot be pipelined.
std::optional<PipelinePlan>
planLoop(mlir::scf::ForOp loop,
         llvm::function_ref<bool(const Operand &)> ringable,
         llvm::function_ref<bool(mlir::Value regA)> registerAOk);

/// Adds to `plan` (a dot plan of its loop, or an empty one) the loads of
/// the body the loop reads in registers that `ringable` accepts and whose
/// addresses can run ahead (the address slices as for dot operands), in
/// program order while the plan `fits` (shared memory); fails, leaving the
/// plan as it was, when it adds none.
mlir::LogicalResult
addRegisterLoads(PipelinePlan &plan,
                 llvm::function_ref<bool(const Operand &)> ringable,
                 llvm::function_ref<bool(const PipelinePlan &)> fits);

/// (start, acc) if `c` is `select(start, zeros, acc)` with a scalar
/// condition: an accumulator that restarts from zero where `start` holds.
std::pair<mlir::Value, mlir::Value> resetAccumulator(mlir::Value c);

//===-- PipelineNVIDIA.cpp ------------------------------------------------===//

/// Whether `operand`'s tile can be copied asynchronously (cp.async's runs
/// of 4, 8 or 16 bytes; any TMA block) into a ring wgmma reads.
bool ringable(const trident::AxisInfoAnalysis &axisInfo,
              const Operand &operand);
/// Whether `operand` (a load the loop reads in registers) can be copied
/// asynchronously: a tile of 1-, 2-, 4- or 8-byte elements whose threads'
/// runs along one dimension are contiguous in global memory in 4 bytes or
/// more.
bool ringableInRegisters(const trident::AxisInfoAnalysis &axisInfo,
                         const Operand &operand);
/// Whether wgmma can take `regA` (a register A tile) by staging it.
bool registerAOk(mlir::Value regA);
/// The shared layout of `operand`'s ring of `stages` tiles.
gir::MemDescType ringType(const Operand &operand, unsigned stages);
/// The stages' mbarriers for a group of rings: each expects one arrival
/// per thread if any of them comes by cp.async (`pointerLoads`), plus one
/// per TMA ring (`tma` of them).
mlir::Value allocateBarriers(mlir::OpBuilder &b, mlir::Location loc,
                             const PipelinePlan &plan, unsigned stages,
                             bool pointerLoads, unsigned tma);
/// Stage `slot` of `ring`.
mlir::Value stageView(mlir::OpBuilder &b, mlir::Location loc, mlir::Value ring,
                      mlir::Value slot);
/// The copy of `operand`'s tile into stage `slot`: by TMA at `coords`
/// (arriving on the slot's barrier itself), or by cp.async from `ptr`
/// under `mask`. `inRange`: the iteration exists.
void emitTmaCopy(mlir::OpBuilder &b, mlir::Location loc,
                 const Operand &operand, mlir::ValueRange coords,
                 mlir::Value barriers, mlir::Value slot, mlir::Value inRange);
void emitAsyncCopy(mlir::OpBuilder &b, mlir::Location loc,
                   const Operand &operand, mlir::Value ptr, mlir::Value mask,
                   mlir::Value slot, mlir::Value inRange);
/// Every thread's cp.async copies of the stage arrive on its barrier.
void emitCopiesArrive(mlir::OpBuilder &b, mlir::Location loc,
                      mlir::Value barriers, mlir::Value slot);
/// `operand`'s tile (inRegisters) read back from stage `slot` of its ring
/// into the load's registers, `other` applied where the mask is false.
mlir::Value emitRegisterRead(mlir::OpBuilder &b, mlir::Location loc,
                             const Operand &operand, mlir::Value slot,
                             mlir::Value mask, mlir::Value other);
/// Waits for stage `slot`'s copies (phase parity `phase`) of `operands`
/// (those the barriers count). No proxy fence when no tensor-core read
/// follows a generic write: every copy is TMA, or each cp.async-filled
/// ring is read back into registers; nor, without `fenceCopies`, after
/// cp.async at all.
void emitStageWait(mlir::OpBuilder &b, mlir::Location loc,
                   llvm::ArrayRef<const Operand *> operands, bool fenceCopies,
                   mlir::Value barriers, mlir::Value slot, mlir::Value phase);
/// The dot on operands `a` (a shared view or a register tile) and `b`.
mlir::Value emitDot(mlir::OpBuilder &b, tir::DotOp dot, mlir::Value a,
                    mlir::Value bView, mlir::Value c, mlir::Value useC,
                    bool async);
/// `acc` (an asynchronous dot's result) once at most `pending` MMA groups
/// are in flight.
mlir::Value emitDotWait(mlir::OpBuilder &b, mlir::Location loc, mlir::Value acc,
                        unsigned pending);
/// A loop-invariant A operand's copy in shared memory: the one-stage
/// buffer's view and the barrier its copy arrives on.
struct InvariantCopy {
  mlir::Type type; ///< the buffer's
  mlir::Value view;
  mlir::Value barrier;
  bool tma = false;
};
/// The copies made so far in one run of the pass, by the load they
/// replace: every loop that reads the same tile (attention backward's q
/// and dO, read by both dQ loops) reads the one copy.
using InvariantCopies = llvm::DenseMap<mlir::Operation *, InvariantCopy>;
/// Copies `operand` (loaded before the loop) once into a one-stage buffer
/// (its `ring`), where `b` stands; returns the buffer's view and barrier.
InvariantCopy emitInvariantCopy(mlir::OpBuilder &b, mlir::Location loc,
                                Operand &operand, unsigned threads);
/// Waits for an invariant copy to land.
void emitInvariantWait(mlir::OpBuilder &b, mlir::Location loc,
                       const InvariantCopy &copy);
/// In a pipelined loop's new body (several dots, each waited for where it
/// is issued): issues every dot that wgmma reads in place asynchronously
/// and waits for it before its result is first read
/// (PipelineOverlapDots.cpp). With `carry`, the last dots that only
/// accumulate into themselves stay in flight across the back edge; returns
/// the yield positions of those results (which leave the loop in flight).
llvm::SmallVector<unsigned> overlapDots(mlir::Block *body, bool carry,
                                        bool pastStageWaits = false);
/// Drains the cp.async copies past the loop's end.
void emitDrain(mlir::OpBuilder &b, mlir::Location loc);
/// Closes the thread's cp.async copies issued since the last one into a
/// commit group (copy-wait=group: one per stage).
void emitCommitGroup(mlir::OpBuilder &b, mlir::Location loc);
/// Waits until at most `pending` commit groups are in flight, then fences
/// and synchronizes the CTA (copy-wait=group's stage wait).
void emitGroupWait(mlir::OpBuilder &b, mlir::Location loc, unsigned pending);
/// Every warp is done with the slot about to be overwritten.
void emitBarrier(mlir::OpBuilder &b, mlir::Location loc);

//===-- PipelineExpand.cpp ------------------------------------------------===//

/// Where an iteration with an asynchronous dot issues its copies (the
/// pass's `copy-order` option).
enum class CopyOrder { Auto, Top, AfterDot };

/// Rewrites `plan.loop` with `stages` ring slots per operand.
/// `invariants` holds the invariant A copies of the loops expanded
/// before (reused when the same load feeds this loop's dot).
/// `carry`: with `overlap`, a loop of several dots leaves its last
/// self-accumulating dots in flight across the back edge (copies then run
/// stages - 2 iterations ahead).
void expandLoop(PipelinePlan &plan, unsigned stages, bool asyncDot,
                CopyOrder order, bool overlap, bool carry,
                InvariantCopies &invariants);

} // namespace trident::gir::pipeline

#endif // TRIDENT_LIB_DIALECT_GPUIR_TRANSFORMS_PIPELINE_H
