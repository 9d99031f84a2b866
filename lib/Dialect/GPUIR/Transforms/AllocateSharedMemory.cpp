//===- AllocateSharedMemory.cpp - gir-allocate-shared-memory --------------===//
//
// Places every shared-memory buffer and every op's scratch of the module
// (planSharedMemory), checks the total against the target's limit, and
// records each offset in the IR.
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
    module.walk([&](gir::SharedMemoryScratchOpInterface op) {
      int64_t align = op.getScratchAlignment();
      if (align < 128 || !llvm::isPowerOf2_64(align) || align > 1024) {
        op->emitOpError("asks for a scratch alignment of ")
            << align << " bytes; alignments are powers of two from 128 to "
            << "1024";
        bad = true;
      }
    });
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
      // The largest first: those are what to shrink. When the buffers
      // alone overflow, only they (scratch lies over the dead ones).
      int64_t buffersEnd = 0;
      for (const gir::PlacedBuffer &b : plan.buffers)
        buffersEnd = std::max(buffersEnd, b.offset + b.bytes);
      bool buffersOver = buffersEnd > limit;
      std::vector<std::pair<gir::PlacedBuffer, bool>> largest;
      for (const gir::PlacedBuffer &b : plan.buffers)
        largest.push_back({b, false});
      if (!buffersOver)
        for (const gir::PlacedBuffer &b : plan.scratch)
          largest.push_back({b, true});
      llvm::stable_sort(largest, [](const auto &a, const auto &b) {
        return a.first.bytes > b.first.bytes;
      });
      auto what = [](const std::pair<gir::PlacedBuffer, bool> &b) {
        return "'" + b.first.op->getName().getStringRef().str() + "' (" +
               std::to_string(b.first.bytes) + " bytes" +
               (b.second ? " of scratch)" : ")");
      };
      InFlightDiagnostic diag =
          largest.front().first.op->emitError(
              buffersOver ? "the kernel's shared-memory buffers need "
                          : "the kernel's shared-memory buffers and "
                            "scratch need ")
          << (buffersOver ? buffersEnd : plan.end) << " bytes, over the "
          << limit
          << "-byte limit of shared memory per program on sm_" << cc
          << "; the largest is this " << what(largest.front());
      for (const auto &b : ArrayRef(largest).drop_front().take_front(3))
        diag.attachNote(b.first.op->getLoc()) << "then this " << what(b);
      return signalPassFailure();
    }
    gir::recordSharedMemoryPlan(plan);
  }
};

} // namespace
