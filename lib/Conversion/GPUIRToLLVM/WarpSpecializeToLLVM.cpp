//===- WarpSpecializeToLLVM.cpp - tir.warp_specialize on NVIDIA GPUs ------===//
//
// A program with a tir.warp_specialize launches the warps of its default
// group (gir.num_warps) and of every partition. Only the default group runs
// the code around the op; the partitions' warps go straight to a branch of
// their own, where they wait on named barrier 1 for the default group to
// reach the op and store the captures in shared memory, read them, run
// their partition and meet the default group on barrier 1 again when the
// op ends:
//
//   warp < num_warps:  ...before; captures -> smem; bar 1; [setmaxnreg]
//                      default region; bar 1; ...after
//   otherwise:         bar 1; captures <- smem; partition of the warp
//                      ([setmaxnreg]; its region); bar 1
//
// Inside a group, CTA barriers are named barriers of the group's threads
// (barrier() in LayoutMap.cpp), and thread and warp ids count from the
// group's first warp (LoweringContext::threadId, laneAndWarp).
//
//===----------------------------------------------------------------------===//
#include "WarpSpecialize.h"

#include "trident/Dialect/NVGIR/IR/NVGIR.h"
#include "trident/Pipeline/TargetRegistry.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/PatternMatch.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace trident;

namespace trident::gir_to_llvm {
namespace {

/// Named barrier 1, where the default group and the partitions meet.
constexpr int64_t kJoinBarrier = 1;
/// Barrier ids 0..15 exist: 0 (default group) and 1 (join) are taken.
constexpr unsigned kMaxPartitions = 14;
constexpr llvm::StringLiteral kCapturesOffsetAttr = "trident.captures_offset";

LogicalResult checkPlacement(tir::WarpSpecializeOp ws, func::FuncOp fn,
                             LoweringContext &lc) {
  int64_t cc = 90;
  if (auto attr = lc.module->getAttrOfType<IntegerAttr>(
          gir::GPUIRDialect::getComputeCapabilityAttrName()))
    cc = attr.getInt();
  TargetLimits limits = targetLimits(Target{"cuda", std::to_string(cc)});
  if (ws->getParentOp() != fn.getOperation())
    return ws.emitOpError("must be at the top level of its kernel (not in a "
                          "loop, branch or region)");
  if (ws.getNumPartitions() > kMaxPartitions)
    return ws.emitOpError("has ")
           << ws.getNumPartitions() << " partitions; at most "
           << kMaxPartitions << " fit in the GPU's 16 named barriers";
  // The kernel's own named barriers must leave warp specialization's
  // alone: 0 (the default group), 1 (the join), 2 + i (partition i).
  WalkResult clash = fn.walk([&](nvgir::NamedBarrierOp bar) {
    int64_t id = bar.getId();
    if (id < 2 + int64_t(ws.getNumPartitions())) {
      bar.emitOpError("uses named barrier ")
          << id << ", which warp specialization takes (0: the default "
          << "group, 1: the join, 2-" << 1 + ws.getNumPartitions()
          << ": the partitions); use " << 2 + ws.getNumPartitions()
          << " to 15";
      return WalkResult::interrupt();
    }
    return WalkResult::advance();
  });
  if (clash.wasInterrupted())
    return failure();
  int64_t warps = ws.getTotalNumWarps(lc.numWarps);
  int64_t threads = warps * lc.threadsPerWarp;
  if (threads > limits.threadsPerProgram)
    return ws.emitOpError("needs ")
           << warps << " warps (" << lc.numWarps
           << " of the program and its partitions'), over the "
           << limits.threadsPerProgram / lc.threadsPerWarp << " warps ("
           << limits.threadsPerProgram << " threads) of a CTA";
  bool budgets = ws.getPartitionNumRegisters() || ws.getDefaultNumRegisters();
  if (!budgets)
    return success();
  if (lc.numWarps % 4 != 0)
    return ws.emitOpError("sets register budgets, which need warpgroups of 4 "
                          "warps, but the program has ")
           << lc.numWarps << " warps";
  // The register file must hold every group's budget.
  int64_t entry = gir::getWarpSpecializedEntryRegisters(threads);
  // Registers are set per warpgroup: the partitions' (and the idle warps
  // that fill the last one) at the largest budget of their partitions.
  int64_t used = int64_t(ws.getDefaultNumRegisters().value_or(entry)) *
                 lc.numWarps * lc.threadsPerWarp;
  for (int64_t w = lc.numWarps; w < warps; w += 4) {
    int64_t regs = ws.getWarpGroupRegisters(w, lc.numWarps);
    used += (regs ? regs : entry) * std::min<int64_t>(4, warps - w) *
            lc.threadsPerWarp;
  }
  // setmaxnreg only moves registers between the groups: the budgets must
  // fit what the CTA starts with, or a group's increase waits forever.
  int64_t pool = std::min<int64_t>(entry * threads,
                                   limits.registersPerProgram);
  if (used > pool)
    return ws.emitOpError("register budgets need ")
           << used << " registers, over the " << pool << " the CTA starts "
           << "with (" << threads << " threads of " << entry
           << "; setmaxnreg moves registers between the groups, never adds "
           << "any): lower a budget";
  return success();
}

/// setmaxnreg from the entry count to `regs` (nothing when they agree).
void setRegisters(OpBuilder &b, Location loc, int64_t entry, int64_t regs) {
  if (regs == entry)
    return;
  NVVM::SetMaxRegisterOp::create(
      b, loc, b.getI32IntegerAttr(regs),
      NVVM::SetMaxRegisterActionAttr::get(
          b.getContext(), regs > entry ? NVVM::SetMaxRegisterAction::increase
                                       : NVVM::SetMaxRegisterAction::decrease));
}

void namedBarrier(OpBuilder &b, Location loc, int64_t id, int64_t threads) {
  NVVM::BarrierOp::create(b, loc, Type(), i32Const(b, loc, id),
                          i32Const(b, loc, threads), {}, Value());
}

/// Where capture `i` lives in shared memory (8 bytes each).
Value captureSlot(OpBuilder &b, Location loc, LoweringContext &lc,
                  int64_t base, unsigned i) {
  return lc.persistentBuffer(b, loc, base + 8 * int64_t(i));
}

/// The type a capture of type `t` is stored as (index as i64).
Type storedType(Type t) {
  return isa<IndexType>(t) ? IntegerType::get(t.getContext(), 64) : t;
}

/// Moves `block`'s ops (but its terminator) before `before`, its
/// arguments replaced by `args`.
void inlineBefore(IRRewriter &rewriter, Block &block, Operation *before,
                  ValueRange args) {
  rewriter.eraseOp(block.getTerminator());
  rewriter.inlineBlockBefore(&block, before, args);
}

struct WarpSpecializePattern : OpConversionPattern<tir::WarpSpecializeOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(tir::WarpSpecializeOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    for (Region &region : op.getPartitionRegions())
      if (failed(rewriter.convertRegionTypes(&region, *getTypeConverter())))
        return rewriter.notifyMatchFailure(op, "partition arguments");
    rewriter.modifyOpInPlace(
        op, [&] { op->setOperands(adaptor.getOperands()); });
    return success();
  }
};

/// The cluster barriers (nvgir.cluster_barrier, lowered) at the top level
/// of `body` before `ws` (or after it): whether each arrival is relaxed.
SmallVector<bool> clusterArrivals(Block &body, Operation *ws, bool after) {
  SmallVector<bool> relaxed;
  bool past = false;
  for (Operation &op : body) {
    if (&op == ws) {
      past = true;
      continue;
    }
    if (past != after)
      continue;
    if (isa<NVVM::ClusterArriveRelaxedOp>(op))
      relaxed.push_back(true);
    else if (isa<NVVM::ClusterArriveOp>(op))
      relaxed.push_back(false);
  }
  return relaxed;
}

/// The partitions' warps meet the cluster barriers the default group's
/// code meets (each counts every thread of the cluster).
void mirrorClusterBarriers(OpBuilder &b, Location loc, ArrayRef<bool> relaxed) {
  for (bool r : relaxed) {
    if (r)
      NVVM::ClusterArriveRelaxedOp::create(b, loc, UnitAttr());
    else
      NVVM::ClusterArriveOp::create(b, loc, UnitAttr());
    NVVM::ClusterWaitOp::create(b, loc, UnitAttr());
  }
}

LogicalResult lowerOne(tir::WarpSpecializeOp ws, LoweringContext &lc) {
  auto fn = cast<func::FuncOp>(ws->getParentOp());
  Location loc = ws.getLoc();
  MLIRContext *ctx = ws.getContext();
  IRRewriter rewriter(ctx);
  int64_t lanes = lc.threadsPerWarp;
  int64_t totalThreads = ws.getTotalNumWarps(lc.numWarps) * lanes;
  int64_t entry = gir::getWarpSpecializedEntryRegisters(totalThreads);
  int64_t base = cast<IntegerAttr>(ws->getAttr(kCapturesOffsetAttr)).getInt();
  Block &body = fn.getBody().front();
  Operation *ret = body.getTerminator();
  SmallVector<bool> clusterBefore = clusterArrivals(body, ws, false);
  SmallVector<bool> clusterAfter = clusterArrivals(body, ws, true);

  // Allocas and constants at the top (print buffers) stay where every
  // warp sees them; the rest of the kernel is the default group's.
  auto first = body.begin();
  while (isa<LLVM::AllocaOp, LLVM::ConstantOp>(*first))
    ++first;
  rewriter.setInsertionPoint(&*first);
  Value tid = NVVM::ThreadIdXOp::create(rewriter, loc, rewriter.getI32Type());
  Value warp = arith::DivUIOp::create(rewriter, loc, tid,
                                      i32Const(rewriter, loc, lanes));
  Value isDefault =
      arith::CmpIOp::create(rewriter, loc, arith::CmpIPredicate::ult, warp,
                            i32Const(rewriter, loc, lc.numWarps));
  rewriter.setInsertionPoint(ret);
  auto branch = scf::IfOp::create(rewriter, loc, isDefault,
                                  /*withElseRegion=*/true);
  Block *defaultBlock = branch.thenBlock();
  defaultBlock->getOperations().splice(
      defaultBlock->getTerminator()->getIterator(), body.getOperations(),
      first, branch->getIterator());

  // The default group: hand the captures over, then run the default region.
  rewriter.setInsertionPoint(ws);
  Value isFirst = arith::CmpIOp::create(
      rewriter, loc, arith::CmpIPredicate::eq, tid, i32Const(rewriter, loc, 0));
  auto store = scf::IfOp::create(rewriter, loc, isFirst);
  rewriter.setInsertionPoint(store.thenBlock()->getTerminator());
  for (auto [i, capture] : llvm::enumerate(ws.getCaptures())) {
    Value v = capture;
    if (isa<IndexType>(v.getType()))
      v = arith::IndexCastOp::create(rewriter, loc, rewriter.getI64Type(), v);
    LLVM::StoreOp::create(rewriter, loc, v,
                          captureSlot(rewriter, loc, lc, base, i));
  }
  rewriter.setInsertionPoint(ws);
  namedBarrier(rewriter, loc, kJoinBarrier, totalThreads);
  if (auto regs = ws.getDefaultNumRegisters())
    setRegisters(rewriter, loc, entry, *regs);
  inlineBefore(rewriter, ws.getDefaultRegion().front(), ws, {});
  rewriter.setInsertionPoint(ws);
  namedBarrier(rewriter, loc, kJoinBarrier, totalThreads);

  // The partitions' warps.
  rewriter.setInsertionPoint(branch.elseBlock()->getTerminator());
  mirrorClusterBarriers(rewriter, loc, clusterBefore);
  namedBarrier(rewriter, loc, kJoinBarrier, totalThreads);
  SmallVector<Value> captures;
  for (auto [i, capture] : llvm::enumerate(ws.getCaptures())) {
    Type t = capture.getType();
    Value v = LLVM::LoadOp::create(rewriter, loc, storedType(t),
                                   captureSlot(rewriter, loc, lc, base, i));
    if (isa<IndexType>(t))
      v = arith::IndexCastOp::create(rewriter, loc, t, v);
    captures.push_back(v);
  }
  // One branch per partition, each in the previous one's else: no
  // partition's code is reachable from another's, so ptxas fits each
  // partition in its own register budget (a partition after one that
  // lowered its budget with setmaxnreg would otherwise have to fit that
  // budget too).
  Operation *joinPoint = branch.elseBlock()->getTerminator();
  int64_t padding = ws.getNumPaddingWarps();
  for (unsigned p = 0; p < ws.getNumPartitions(); ++p) {
    int64_t start = ws.getPartitionWarpStart(p, lc.numWarps);
    int64_t end = start + ws.getPartitionNumWarps()[p];
    Value inside = arith::AndIOp::create(
        rewriter, loc,
        arith::CmpIOp::create(rewriter, loc, arith::CmpIPredicate::uge, warp,
                              i32Const(rewriter, loc, start)),
        arith::CmpIOp::create(rewriter, loc, arith::CmpIPredicate::ult, warp,
                              i32Const(rewriter, loc, end)));
    bool more = p + 1 < ws.getNumPartitions() || padding > 0;
    auto run = scf::IfOp::create(rewriter, loc, inside, /*withElse=*/more);
    rewriter.setInsertionPoint(run.thenBlock()->getTerminator());
    // The budget of the partition's warpgroup (the largest its partitions
    // ask for: every warp of a warpgroup sets the same).
    if (int64_t regs = ws.getWarpGroupRegisters(start, lc.numWarps))
      setRegisters(rewriter, loc, entry, regs);
    inlineBefore(rewriter, ws.getPartitionRegions()[p].front(),
                 run.thenBlock()->getTerminator(), captures);
    if (more)
      rewriter.setInsertionPoint(run.elseBlock()->getTerminator());
  }
  // The idle warps that fill the last warpgroup set its budget too, then
  // wait at the join.
  if (padding > 0)
    if (int64_t regs =
            ws.getWarpGroupRegisters(totalThreads / lanes - 1, lc.numWarps))
      setRegisters(rewriter, loc, entry, regs);
  rewriter.setInsertionPoint(joinPoint);
  namedBarrier(rewriter, loc, kJoinBarrier, totalThreads);
  mirrorClusterBarriers(rewriter, loc, clusterAfter);
  rewriter.eraseOp(ws);
  return success();
}

} // namespace

LogicalResult prepareWarpSpecialize(ModuleOp module, LoweringContext &lc) {
  bool any = false;
  WalkResult result = module.walk([&](tir::WarpSpecializeOp ws) {
    any = true;
    auto fn = ws->getParentOfType<func::FuncOp>();
    if (!fn || failed(checkPlacement(ws, fn, lc)))
      return WalkResult::interrupt();
    bool second = false;
    fn.walk([&](tir::WarpSpecializeOp other) { second |= other != ws; });
    if (second) {
      ws.emitOpError("is one of several in kernel '")
          << fn.getSymName() << "'; a kernel may have one";
      return WalkResult::interrupt();
    }
    // The captures' slots: the op's buffer, which gir-allocate-shared-
    // memory placed (ScratchModels.cpp gives the op the buffer interface).
    int64_t offset = lc.bufferOffset(ws);
    if (offset < 0) {
      ws.emitOpError("has no place in shared memory for its captures");
      return WalkResult::interrupt();
    }
    ws->setAttr(kCapturesOffsetAttr,
                IntegerAttr::get(IntegerType::get(ws.getContext(), 64), offset));
    Builder b(ws.getContext());
    int32_t threads = ws.getTotalNumWarps(lc.numWarps) * lc.threadsPerWarp;
    fn->setAttr(NVVM::NVVMDialect::getMaxntidAttrName(),
                b.getDenseI32ArrayAttr({threads, 1, 1}));
    // setmaxnreg needs ptxas to know the registers at entry: one CTA per
    // SM pins them (the register file over the threads).
    if (ws.getPartitionNumRegisters() || ws.getDefaultNumRegisters())
      fn->setAttr(NVVM::NVVMDialect::getMinctasmAttrName(),
                  b.getI32IntegerAttr(1));
    return WalkResult::advance();
  });
  if (result.wasInterrupted())
    return failure();
  if (any)
    module->setAttr(LoweringContext::kWarpSpecializedAttr,
                    UnitAttr::get(module.getContext()));
  return success();
}

void populateWarpSpecializePatterns(TypeConverter &converter,
                                    RewritePatternSet &patterns,
                                    ConversionTarget &target) {
  target.addDynamicallyLegalOp<tir::WarpSpecializeOp>(
      [&converter](tir::WarpSpecializeOp op) {
        if (!converter.isLegal(op->getOperandTypes()))
          return false;
        for (Region &region : op.getPartitionRegions())
          if (!converter.isLegal(region.front().getArgumentTypes()))
            return false;
        return true;
      });
  target.addLegalOp<tir::WarpYieldOp, tir::WarpPartitionsOp>();
  patterns.add<WarpSpecializePattern>(converter, patterns.getContext());
}

LogicalResult lowerWarpSpecialize(ModuleOp module, LoweringContext &lc) {
  SmallVector<tir::WarpSpecializeOp> ops;
  module.walk([&](tir::WarpSpecializeOp ws) { ops.push_back(ws); });
  for (tir::WarpSpecializeOp ws : ops)
    if (failed(lowerOne(ws, lc)))
      return failure();
  module->removeAttr(LoweringContext::kWarpSpecializedAttr);
  return success();
}

} // namespace trident::gir_to_llvm
