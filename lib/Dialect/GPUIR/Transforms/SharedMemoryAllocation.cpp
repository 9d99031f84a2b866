//===- SharedMemoryAllocation.cpp - Buffers in shared memory --------------===//
#include "trident/Dialect/GPUIR/Transforms/SharedMemoryAllocation.h"

#include "trident/Pipeline/TargetRegistry.h"

#include "trident/Dialect/NVGIR/IR/NVGIR.h"

#include "llvm/ADT/MapVector.h"
#include "llvm/Support/MathExtras.h"

#include <map>

#include <limits>

using namespace mlir;
using namespace trident;
using namespace trident::gir;

namespace {

/// Whether `type` is a view of shared memory that carries a buffer on.
bool isSharedView(Type type, Type buffer) {
  return type == buffer || isa<MemDescType, nvgir::MBarriersType>(type);
}

/// The last position at which `op`'s buffer is used: through its result,
/// the views made of it and the loops that carry them, up to the op of the
/// buffer's block that holds each use (the whole loop, for a use in one).
int64_t lastUse(Operation *op, const DenseMap<Operation *, int64_t> &last,
                const DenseMap<Operation *, int64_t> &position) {
  int64_t end = position.lookup(op);
  Type buffer = op->getResult(0).getType();
  SmallVector<Value> values{op->getResult(0)};
  while (!values.empty()) {
    Value v = values.pop_back_val();
    for (Operation *user : v.getUsers()) {
      Operation *holder = op->getBlock()->findAncestorOpInBlock(*user);
      if (!holder) // used outside the buffer's block: keep it
        return std::numeric_limits<int64_t>::max();
      end = std::max(end, last.lookup(holder));
      for (Value r : user->getResults())
        if (isSharedView(r.getType(), buffer))
          values.push_back(r);
    }
  }
  return end;
}

void planScratch(ModuleOp module, SharedMemoryPlan &plan,
                 const DenseMap<Operation *, int64_t> &last) {
  auto place = [&](Operation *op, int64_t offset, int64_t bytes, int64_t from,
                   int64_t to) {
    plan.scratch.push_back({op, offset, bytes, from, to});
    plan.end = std::max(plan.end, offset + bytes);
  };
  // Regions of one warp_specialize: [ws][region] -> ops.
  llvm::MapVector<Operation *, std::map<int, SmallVector<Operation *>>>
      concurrent;
  module.walk([&](SharedMemoryScratchOpInterface op) {
    int64_t bytes = op.getScratchBytes();
    if (bytes <= 0)
      return;
    int64_t at = plan.position.lookup(op);
    if (auto [ws, region] = gir::warpRegion(op); ws) {
      concurrent[ws][region].push_back(op);
      return;
    }
    int64_t align = std::max<int64_t>(128, op.getScratchAlignment());
    int64_t offset;
    if (auto given = op->getAttrOfType<IntegerAttr>(kScratchOffsetAttr))
      offset = given.getInt();
    else
      offset = gir::firstFit(plan.buffers, bytes, align, at, at);
    place(op, offset, bytes, at, at);
  });
  for (auto &[ws, regions] : concurrent) {
    int64_t from = plan.position.lookup(ws), to = last.lookup(ws);
    // One area per region (the most its ops need: they run one after the
    // other), side by side.
    int64_t align = 128;
    for (auto &[region, ops] : regions)
      for (Operation *op : ops)
        align = std::max<int64_t>(
            align, cast<SharedMemoryScratchOpInterface>(op)
                       .getScratchAlignment());
    std::map<int, int64_t> start;
    int64_t total = 0;
    for (auto &[region, ops] : regions) {
      int64_t need = 0;
      for (Operation *op : ops)
        need = std::max(need,
                        cast<SharedMemoryScratchOpInterface>(op).getScratchBytes());
      start[region] = total;
      total += llvm::alignTo(need, align);
    }
    int64_t base = gir::firstFit(plan.buffers, total, align, from, to);
    for (auto &[region, ops] : regions)
      for (Operation *op : ops) {
        auto s = cast<SharedMemoryScratchOpInterface>(op);
        int64_t offset = base + start[region];
        if (auto given = op->getAttrOfType<IntegerAttr>(kScratchOffsetAttr))
          offset = given.getInt();
        place(op, offset, s.getScratchBytes(), from, to);
      }
  }
}

} // namespace

SharedMemoryPlan gir::planSharedMemory(ModuleOp module) {
  SharedMemoryPlan plan;
  int64_t next = 0;
  module.walk<WalkOrder::PreOrder>(
      [&](Operation *op) { plan.position[op] = next++; });
  // The last position inside each op (its regions included).
  DenseMap<Operation *, int64_t> last;
  module.walk<WalkOrder::PostOrder>([&](Operation *op) {
    int64_t end = plan.position[op];
    for (Region &r : op->getRegions())
      for (Block &blk : r)
        if (!blk.empty())
          end = std::max(end, last[&blk.back()]);
    last[op] = end;
  });
  // Offsets the pass recorded stay; the others follow them.
  SmallVector<SharedMemoryBufferOpInterface> buffers;
  module.walk([&](SharedMemoryBufferOpInterface op) {
    buffers.push_back(op);
    if (auto at = op->getAttrOfType<IntegerAttr>(kSharedOffsetAttr))
      plan.end = std::max(plan.end, at.getInt() + op.getSharedMemoryBytes());
  });
  bool anyGiven = llvm::any_of(buffers, [](SharedMemoryBufferOpInterface op) {
    return op->hasAttr(kSharedOffsetAttr);
  });
  for (SharedMemoryBufferOpInterface op : buffers) {
    int64_t bytes = op.getSharedMemoryBytes();
    PlacedBuffer placed{op, 0, bytes, std::numeric_limits<int64_t>::min(),
                        std::numeric_limits<int64_t>::max()};
    if (!op.isSharedMemoryLiveForKernel() && op->getNumResults() == 1) {
      placed.begin = plan.position[op];
      placed.end = lastUse(op, last, plan.position);
    }
    int64_t align = std::max<int64_t>(1, op.getSharedMemoryAlignment());
    if (auto at = op->getAttrOfType<IntegerAttr>(kSharedOffsetAttr)) {
      placed.offset = at.getInt();
    } else if (!anyGiven && isa<LocalAllocOp>(op) &&
               placed.end > placed.begin &&
               placed.end != std::numeric_limits<int64_t>::max() &&
               !gir::warpRegion(op).first) {
      // A ring that dies (its loop ended) leaves its bytes to the buffers
      // made after it: the first fit among those live at the same time
      // (the causal attention's two loops each have their K and V rings).
      // The pipeliner puts a barrier after such a loop. (A buffer nothing
      // uses keeps the next free bytes.)
      placed.offset =
          firstFit(plan.buffers, bytes, align, placed.begin, placed.end);
      plan.end = std::max(plan.end, placed.offset + bytes);
    } else {
      placed.offset = llvm::alignTo(plan.end, align);
      plan.end = placed.offset + bytes;
    }
    plan.buffers.push_back(placed);
  }
  planScratch(module, plan, last);
  return plan;
}

void gir::recordSharedMemoryPlan(const SharedMemoryPlan &plan) {
  for (const PlacedBuffer &b : plan.buffers) {
    Builder builder(b.op->getContext());
    b.op->setAttr(kSharedOffsetAttr, builder.getI64IntegerAttr(b.offset));
  }
  for (const PlacedBuffer &b : plan.scratch) {
    Builder builder(b.op->getContext());
    b.op->setAttr(kScratchOffsetAttr, builder.getI64IntegerAttr(b.offset));
  }
}

int64_t gir::sharedMemoryLimit(int64_t cc) {
  // The NVIDIA back end's registered limits (TargetRegistry.h).
  return targetLimits(Target{"cuda", std::to_string(cc)})
      .sharedBytesPerProgram;
}

int64_t gir::firstFit(ArrayRef<PlacedBuffer> placed, int64_t bytes,
                      int64_t align, int64_t from, int64_t to) {
  SmallVector<std::pair<int64_t, int64_t>> taken;
  for (const PlacedBuffer &b : placed)
    if (b.begin <= to && from <= b.end)
      taken.push_back({b.offset, b.offset + b.bytes});
  llvm::sort(taken);
  int64_t at = 0;
  for (auto [lo, hi] : taken) {
    if (at + bytes <= lo)
      break;
    at = std::max<int64_t>(at, llvm::alignTo(hi, align));
  }
  return at;
}

std::pair<tir::WarpSpecializeOp, int> gir::warpRegion(Operation *op) {
  for (Operation *inner = op; inner; inner = inner->getParentOp()) {
    auto ws = dyn_cast_or_null<tir::WarpSpecializeOp>(inner->getParentOp());
    if (!ws)
      continue;
    auto parts = dyn_cast<tir::WarpPartitionsOp>(inner);
    if (!parts)
      return {ws, 0};
    // `op` is in one of the partitions: which one.
    for (Operation *p = op; p != inner; p = p->getParentOp())
      if (p->getParentOp() == inner)
        return {ws, 1 + int(p->getParentRegion()->getRegionNumber())};
    return {ws, 0};
  }
  return {tir::WarpSpecializeOp(), -1};
}
