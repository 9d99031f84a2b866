//===- LowerTasks.cpp - TLX tasks onto tir.warp_specialize ----------------===//
//
// tlx-lower-tasks: each tlx.async_tasks becomes a tir.warp_specialize (see
// Passes.td). The default task's body moves into the default region as it
// is; every other task becomes a partition, isolated from above, whose
// block arguments take the captures.
//
//===----------------------------------------------------------------------===//
#include "Passes.h"
#include "TlxDialect.h"

#include "trident/Dialect/TileIR/IR/TileIR.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Transforms/RegionUtils.h"
#include "llvm/ADT/SetVector.h"

namespace tlx_plugin {
#define GEN_PASS_DEF_TLXLOWERTASKS
#include "Passes.h.inc"
} // namespace tlx_plugin

using namespace mlir;
using namespace tlx_plugin;
namespace tir = trident::tir;

namespace {

/// Whether `value` is made again inside a partition rather than captured:
/// a constant, or a tile (partitions lay out their own), when the ops that
/// make it are pure and what they start from is captured or constant.
bool remade(Value value) {
  Operation *def = value.getDefiningOp();
  if (!def)
    return false;
  if (def->hasTrait<OpTrait::ConstantLike>())
    return true;
  return isa<RankedTensorType>(value.getType());
}

/// Clones into the partition (at `b`) the ops that make `value`, mapping
/// what they start from: captured values to the partition's arguments
/// (`args`), others made again. Fails on a tile that is not made by pure
/// ops.
FailureOr<Value> remake(OpBuilder &b, Value value, IRMapping &map,
                        const llvm::DenseMap<Value, Value> &args,
                        Operation *task) {
  if (Value done = map.lookupOrNull(value))
    return done;
  if (auto it = args.find(value); it != args.end())
    return it->second;
  Operation *def = value.getDefiningOp();
  if (!def || def->getNumRegions() != 0 || !isPure(def)) {
    InFlightDiagnostic diag = task->emitOpError(
        "uses a tile made outside the task; a task lays out its own tiles: "
        "make it inside the task (from scalars, pointers or buffers)");
    diag.attachNote(value.getLoc()) << "the tile is made here";
    return failure();
  }
  for (Value operand : def->getOperands())
    if (failed(remake(b, operand, map, args, task)))
      return failure();
  Operation *copy = b.clone(*def, map);
  return copy->getResult(cast<OpResult>(value).getResultNumber());
}

struct LowerTasksPass : tlx_plugin::impl::TlxLowerTasksBase<LowerTasksPass> {
  LogicalResult lower(AsyncTasksOp tasks) {
    AsyncTaskOp defaultTask;
    SmallVector<AsyncTaskOp> partitions;
    for (Operation &op : tasks.getBody().front()) {
      auto task = cast<AsyncTaskOp>(op);
      if (task.getDefaultTask())
        defaultTask = task;
      else
        partitions.push_back(task);
    }
    if (partitions.empty())
      return tasks.emitOpError("needs a task besides the default one (a "
                               "tlx.async_task with num_warps)");
    // What the partitions use from outside: captured, or made again.
    llvm::SetVector<Value> captures;
    for (AsyncTaskOp task : partitions) {
      llvm::SetVector<Value> used;
      getUsedValuesDefinedAbove(task.getBody(), used);
      // A value remade inside starts from values that may be captured.
      SmallVector<Value> work(used.begin(), used.end());
      llvm::DenseSet<Value> seen;
      while (!work.empty()) {
        Value v = work.pop_back_val();
        if (!seen.insert(v).second)
          continue;
        if (!remade(v)) {
          captures.insert(v);
          continue;
        }
        for (Value operand : v.getDefiningOp()->getOperands())
          work.push_back(operand);
      }
    }
    OpBuilder b(tasks);
    Location loc = tasks.getLoc();
    SmallVector<int32_t> warps, regs;
    for (AsyncTaskOp task : partitions) {
      warps.push_back(int32_t(*task.getNumWarps()));
      regs.push_back(int32_t(task.getRegisters().value_or(0)));
    }
    OperationState state(loc, tir::WarpSpecializeOp::getOperationName());
    state.addOperands(captures.getArrayRef());
    state.addAttribute("partition_num_warps", b.getDenseI32ArrayAttr(warps));
    if (llvm::any_of(regs, [](int32_t r) { return r != 0; }))
      state.addAttribute("partition_num_registers",
                         b.getDenseI32ArrayAttr(regs));
    if (defaultTask && defaultTask.getRegisters())
      state.addAttribute("default_num_registers",
                         b.getI32IntegerAttr(*defaultTask.getRegisters()));
    else if (llvm::any_of(regs, [](int32_t r) { return r != 0; }))
      // As uTLX: the default task takes the registers the others leave
      // (tlx-lower-to-gir sets the budget once the program's warps are
      // known).
      state.addAttribute(kFillDefaultRegisters, b.getUnitAttr());
    state.addRegion();
    state.addRegion();
    Operation *ws = b.create(state);
    // The default region: the default task's body as it is.
    Block *body = b.createBlock(&ws->getRegion(0));
    if (defaultTask)
      body->getOperations().splice(body->end(),
                                   defaultTask.getBody().front().getOperations());
    b.setInsertionPointToEnd(body);
    tir::WarpYieldOp::create(b, loc);
    // The partitions: each task's body in a region of tir.warp_partitions.
    b.createBlock(&ws->getRegion(1));
    OperationState holder(loc, tir::WarpPartitionsOp::getOperationName());
    for (size_t i = 0; i < partitions.size(); ++i)
      holder.addRegion();
    Operation *parts = b.create(holder);
    SmallVector<Type> types(captures.size());
    for (auto [i, v] : llvm::enumerate(captures))
      types[i] = v.getType();
    SmallVector<Location> locs(types.size(), loc);
    for (auto [region, task] : llvm::zip(parts->getRegions(), partitions)) {
      Block *entry = b.createBlock(&region, {}, types, locs);
      llvm::DenseMap<Value, Value> args;
      for (auto [i, v] : llvm::enumerate(captures))
        args[v] = entry->getArgument(i);
      // Values remade inside first, then the task's own ops.
      llvm::SetVector<Value> used;
      getUsedValuesDefinedAbove(task.getBody(), used);
      IRMapping map;
      b.setInsertionPointToStart(entry);
      for (Value v : used) {
        FailureOr<Value> inside = remake(b, v, map, args, task);
        if (failed(inside))
          return failure();
        replaceAllUsesInRegionWith(v, *inside, task.getBody());
      }
      entry->getOperations().splice(entry->end(),
                                    task.getBody().front().getOperations());
      b.setInsertionPointToEnd(entry);
      tir::WarpYieldOp::create(b, loc);
    }
    tasks.erase();
    return success();
  }

  void runOnOperation() override {
    SmallVector<AsyncTasksOp> all;
    getOperation().walk([&](AsyncTasksOp op) { all.push_back(op); });
    for (AsyncTasksOp tasks : all) {
      if (tasks->getParentOfType<AsyncTasksOp>())
        return (void)tasks.emitOpError("inside another tlx.async_tasks"),
               signalPassFailure();
      if (failed(lower(tasks)))
        return signalPassFailure();
    }
  }
};

} // namespace
