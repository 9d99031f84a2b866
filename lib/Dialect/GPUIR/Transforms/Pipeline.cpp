//===- Pipeline.cpp - gir-pipeline ----------------------------------------===//
//
// Software pipelining of the loads that feed tensor-core dots, and of
// those the loop reads in registers (see Passes.td): the pass's options and
// its candidate loops. The work is in
// PipelineAnalysis.cpp (which loads feed which dots), PipelineExpand.cpp
// (prologue, rewritten loop, drain) and PipelineNVIDIA.cpp (Hopper's
// copies, mbarriers and warpgroup MMAs); Pipeline.h says how they meet.
//
//===----------------------------------------------------------------------===//
#include "Pipeline.h"

#include "trident/Dialect/GPUIR/Transforms/Passes.h"

#include "trident/Analysis/AxisInfo.h"
#include "trident/Dialect/GPUIR/Transforms/SharedMemoryAllocation.h"

#include "mlir/IR/BuiltinOps.h"

#include "llvm/ADT/StringSwitch.h"

namespace trident::gir {
#define GEN_PASS_DEF_GPUIRPIPELINE
#include "trident/Dialect/GPUIR/Transforms/Passes.h.inc"
} // namespace trident::gir

using namespace mlir;
using namespace trident;
using namespace trident::gir::pipeline;

namespace {

/// Drops the one-stage copies of A operands loaded before the loop (they
/// stay registers, staged by their dots) when the rings, those copies and
/// the staging of register operands would not fit the target's shared
/// memory. A 16-bit register A in a #gir.wgmma layout (attention's p, the
/// accumulator of the dot that made it) feeds wgmma from registers and is
/// not staged. No margin is kept for other scratch: the allocator places
/// the loop's neighbours over dead buffers, and a kernel that still does
/// not fit is refused (an OutOfResources, which autotuners pass over), as
/// under Triton, rather than compiled with its invariant A moved to
/// registers (attention forward at head dim 128, BLOCK_N 128, 3 stages:
/// 192 KiB of K and V rings and 32 KiB of q fit the H100's 227 KiB).
void keepInvariantsInBudget(PipelinePlan &plan, unsigned stages) {
  auto module = plan.loop->getParentOfType<ModuleOp>();
  int64_t cc = 90;
  if (auto attr = module->getAttrOfType<IntegerAttr>(
          gir::GPUIRDialect::getComputeCapabilityAttrName()))
    cc = attr.getInt();
  int64_t bytes = 0, invariant = 0, staging = 0;
  for (const Operand &operand : plan.operands)
    if (operand.owner < 0)
      bytes += ringType(operand, stages).getSizeInBytes();
  for (PipelinedDot &pd : plan.dots) {
    if (pd.invariantA)
      invariant += ringType(*pd.invariantA, 1).getSizeInBytes();
    else if (pd.a < 0) {
      auto a = cast<RankedTensorType>(pd.dot.getA().getType());
      unsigned bits = a.getElementType().getIntOrFloatBitWidth();
      auto enc = dyn_cast_or_null<gir::WgmmaEncodingAttr>(a.getEncoding());
      if (enc && enc.getWarpsPerCTA()[1] == 1 && bits == 16)
        continue;
      staging = std::max<int64_t>(staging, a.getNumElements() * bits / 8);
    }
  }
  if (bytes + invariant + staging <= gir::sharedMemoryLimit(cc))
    return;
  for (PipelinedDot &pd : plan.dots)
    pd.invariantA.reset();
}

/// The shared memory the target gives a program.
int64_t sharedLimit(scf::ForOp loop) {
  auto module = loop->getParentOfType<ModuleOp>();
  int64_t cc = 90;
  if (auto attr = module->getAttrOfType<IntegerAttr>(
          gir::GPUIRDialect::getComputeCapabilityAttrName()))
    cc = attr.getInt();
  return gir::sharedMemoryLimit(cc);
}

/// Whether the plan's rings of `slots` stages leave 16 KiB of the target's
/// shared memory for the kernel's other buffers and scratch.
bool ringsFit(const PipelinePlan &plan, unsigned slots) {
  int64_t total = 0;
  for (const Operand &operand : plan.operands)
    if (operand.owner < 0)
      total += ringType(operand, slots).getSizeInBytes();
  return total + 16384 <= sharedLimit(plan.loop);
}

/// The loop's own stage count (`tl.range(..., num_stages=N)`), 0 if it
/// has none or an invalid one.
unsigned loopStages(scf::ForOp loop) {
  auto attr = loop->getAttrOfType<IntegerAttr>("tir.num_stages");
  if (!attr || attr.getInt() < 1 || attr.getInt() > 16)
    return 0;
  return attr.getInt();
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
    // Dots in flight within an iteration (overlap-dots) need no stage of
    // their own when they may pass stage waits: every dot completes by the
    // end of its iteration, before the copies refill its slot.
    bool overlap = this->asyncDot && overlapDots;
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
      if (numStages == 2) {
        asyncDot = false;
        overlap &= bool(dotsPastStageWaits);
      }
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
    if (copyWait != "mbarrier" && copyWait != "group") {
      getOperation().emitError("gir-pipeline: copy-wait must be 'mbarrier' "
                               "or 'group', got '")
          << copyWait << "'";
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
    InvariantCopies invariants;
    getOperation().walk([&](scf::ForOp loop) { loops.push_back(loop); });
    auto inRegisters = [&](const Operand &operand) {
      return ringableInRegisters(*axisInfo, operand);
    };
    for (scf::ForOp loop : loops) {
      bool anyDot = llvm::any_of(
          loop.getBody()->getOps<tir::DotOp>(), [](tir::DotOp dot) {
            return isa<gir::WgmmaEncodingAttr>(
                cast<RankedTensorType>(dot.getType()).getEncoding());
          });
      if (!anyDot) {
        // A loop without dots rings the loads it reads in registers when
        // it asks for stages itself (as Triton pipelines only such loops),
        // is innermost and is not a warp-specialized partition's.
        unsigned stages = loopStages(loop);
        bool innermost = true;
        loop.getBody()->walk([&](scf::ForOp) { innermost = false; });
        if (stages < 2 || !innermost ||
            loop->getParentOfType<tir::WarpSpecializeOp>())
          continue;
        if (!axisInfo)
          axisInfo.emplace(getOperation());
        PipelinePlan plan;
        plan.loop = loop;
        if (failed(addRegisterLoads(plan, inRegisters,
                                    [&](const PipelinePlan &p) {
                                      return ringsFit(p, stages - 1);
                                    })))
          continue;
        expandLoop(plan, stages, /*asyncDot=*/false, *order,
                   /*overlap=*/false, /*carry=*/false, invariants);
        continue;
      }
      if (!axisInfo)
        axisInfo.emplace(getOperation());
      std::optional<PipelinePlan> plan = planLoop(
          loop,
          [&](const Operand &operand) { return ringable(*axisInfo, operand); },
          registerAOk);
      if (!plan)
        continue;
      // The loads the loop reads in registers run ahead with the dots'
      // operands, in the same stages (attention backward's m and D).
      if (ringRegisterLoads)
        (void)addRegisterLoads(*plan, inRegisters,
                               [&](const PipelinePlan &p) {
                                 return ringsFit(p, numStages);
                               });
      keepInvariantsInBudget(*plan, numStages);
      plan->fenceCopies = fenceCopies;
      plan->groupWaits = copyWait == "group";
      plan->dotsPastStageWaits = dotsPastStageWaits;
      // Only the tuned single-dot form keeps MMAs in flight across the
      // back edge; a loop of several dots, or a dot with a register A,
      // waits for each dot's MMAs in its iteration.
      expandLoop(*plan, numStages, asyncDot && plan->singleRingedDot(),
                 *order, overlap, carryDots, invariants);
    }
  }
};

} // namespace
