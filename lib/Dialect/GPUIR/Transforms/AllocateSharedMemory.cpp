//===- AllocateSharedMemory.cpp - gir-allocate-shared-memory --------------===//
//
// Places every shared-memory buffer of the module (planSharedMemory), checks
// the total against the target's limit, and records each offset in the IR.
//
//===----------------------------------------------------------------------===//
#include "trident/Dialect/GPUIR/Transforms/Passes.h"

#include "trident/Dialect/GPUIR/Transforms/SharedMemoryAllocation.h"

#include "llvm/Support/MathExtras.h"

namespace trident::gir {
#define GEN_PASS_DEF_GPUIRALLOCATESHAREDMEMORY
#include "trident/Dialect/GPUIR/Transforms/Passes.h.inc"
} // namespace trident::gir

using namespace mlir;
using namespace trident;

namespace {

struct AllocateSharedMemoryPass
    : trident::gir::impl::GPUIRAllocateSharedMemoryBase<
          AllocateSharedMemoryPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    bool bad = false;
    module.walk([&](gir::SharedMemoryBufferOpInterface op) {
      int64_t align = op.getSharedMemoryAlignment();
      if (align < 1 || !llvm::isPowerOf2_64(align) || align > 1024) {
        op->emitOpError("asks for a shared-memory alignment of ")
            << align << " bytes; alignments are powers of two up to 1024";
        bad = true;
      }
      if (op.getSharedMemoryBytes() < 0) {
        op->emitOpError("asks for a negative number of shared-memory bytes");
        bad = true;
      }
    });
    if (bad)
      return signalPassFailure();
    gir::SharedMemoryPlan plan = gir::planSharedMemory(module);
    int64_t cc = 90;
    if (auto attr = module->getAttrOfType<IntegerAttr>(
            gir::GPUIRDialect::getComputeCapabilityAttrName()))
      cc = attr.getInt();
    int64_t limit = gir::sharedMemoryLimit(cc);
    if (plan.end > limit) {
      // The largest buffers first: those are what to shrink.
      std::vector<gir::PlacedBuffer> largest = plan.buffers;
      llvm::stable_sort(largest, [](const auto &a, const auto &b) {
        return a.bytes > b.bytes;
      });
      InFlightDiagnostic diag =
          largest.front().op->emitError("the kernel's shared-memory buffers "
                                        "need ")
          << plan.end << " bytes, over the " << limit
          << "-byte limit of shared memory per program on sm_" << cc
          << "; the largest is this '" << largest.front().op->getName()
          << "' (" << largest.front().bytes << " bytes)";
      for (const gir::PlacedBuffer &b :
           ArrayRef(largest).drop_front().take_front(3))
        diag.attachNote(b.op->getLoc())
            << "then this '" << b.op->getName() << "' (" << b.bytes
            << " bytes)";
      return signalPassFailure();
    }
    gir::recordSharedMemoryPlan(plan);
  }
};

} // namespace
