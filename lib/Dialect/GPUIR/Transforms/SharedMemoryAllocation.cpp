//===- SharedMemoryAllocation.cpp - Buffers in shared memory --------------===//
#include "trident/Dialect/GPUIR/Transforms/SharedMemoryAllocation.h"

#include "trident/Pipeline/TargetRegistry.h"

#include "trident/Dialect/NVGIR/IR/NVGIR.h"

#include "llvm/Support/MathExtras.h"

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
  for (SharedMemoryBufferOpInterface op : buffers) {
    int64_t bytes = op.getSharedMemoryBytes();
    int64_t offset;
    if (auto at = op->getAttrOfType<IntegerAttr>(kSharedOffsetAttr)) {
      offset = at.getInt();
    } else {
      int64_t align = std::max<int64_t>(1, op.getSharedMemoryAlignment());
      offset = llvm::alignTo(plan.end, align);
      plan.end = offset + bytes;
    }
    PlacedBuffer placed{op, offset, bytes, std::numeric_limits<int64_t>::min(),
                        std::numeric_limits<int64_t>::max()};
    if (!op.isSharedMemoryLiveForKernel() && op->getNumResults() == 1) {
      placed.begin = plan.position[op];
      placed.end = lastUse(op, last, plan.position);
    }
    plan.buffers.push_back(placed);
  }
  return plan;
}

void gir::recordSharedMemoryPlan(const SharedMemoryPlan &plan) {
  for (const PlacedBuffer &b : plan.buffers) {
    Builder builder(b.op->getContext());
    b.op->setAttr(kSharedOffsetAttr, builder.getI64IntegerAttr(b.offset));
  }
}

int64_t gir::sharedMemoryLimit(int64_t cc) {
  // The NVIDIA back end's registered limits (TargetRegistry.h).
  return targetLimits(Target{"cuda", std::to_string(cc)})
      .sharedBytesPerProgram;
}
