//===- ScratchModels.cpp - The scratch of the core ops, declared ----------===//
//
// SharedMemoryScratchOpInterface for the core ops the NVIDIA lowering gives
// scratch, as external models: each asks the function its pattern takes
// its requests from (Patterns.h), so that gir-allocate-shared-memory plans
// exactly what the lowering will use; and SharedMemoryBufferOpInterface for
// tir.warp_specialize's capture slots.
//
//===----------------------------------------------------------------------===//
#include "trident/Conversion/GPUIRToLLVM/ScratchModels.h"

#include "Patterns.h"

#include "mlir/IR/DialectRegistry.h"

using namespace mlir;
using namespace trident;

namespace trident::gir_to_llvm {
namespace {

/// The model of op `Op` whose requests come from `requests(op)`.
template <typename Op, SmallVector<ScratchRequest> (*requests)(Op)>
struct Scratch
    : gir::SharedMemoryScratchOpInterface::ExternalModel<Scratch<Op, requests>,
                                                         Op> {
  int64_t getScratchBytes(Operation *op) const {
    return scratchTotal(requests(cast<Op>(op)));
  }
  int64_t getScratchAlignment(Operation *op) const {
    int64_t align = 128;
    for (const ScratchRequest &r : requests(cast<Op>(op)))
      align = std::max(align, r.align);
    return align;
  }
};

/// A dot's scratch: that of the lowering its accumulator selects (wgmma,
/// then mma.sync, else CUDA cores, in the patterns' order).
SmallVector<ScratchRequest> dotScratch(tir::DotOp op) {
  if (SmallVector<ScratchRequest> r = wgmmaDotScratch(op); !r.empty())
    return r;
  if (SmallVector<ScratchRequest> r = mmaV2DotScratch(op); !r.empty())
    return r;
  return fmaDotScratch(op);
}

template <typename Op> SmallVector<ScratchRequest> shapeOf(Op op) {
  return shapeScratch(op);
}
template <typename Op> SmallVector<ScratchRequest> atomicOf(Op op) {
  return atomicScratch(op);
}
template <typename Op> SmallVector<ScratchRequest> tmaOf(Op op) {
  return tmaScratch(op);
}

/// tir.warp_specialize's buffer: a slot of 8 bytes per capture, through
/// which the default group hands the captures to the partitions (the
/// lowering's protocol, WarpSpecializeToLLVM.cpp).
struct CaptureSlots
    : gir::SharedMemoryBufferOpInterface::ExternalModel<CaptureSlots,
                                                        tir::WarpSpecializeOp> {
  int64_t getSharedMemoryBytes(Operation *op) const {
    return std::max<int64_t>(
        8, 8 * int64_t(cast<tir::WarpSpecializeOp>(op).getCaptures().size()));
  }
  int64_t getSharedMemoryAlignment(Operation *) const { return 8; }
  bool isSharedMemoryLiveForKernel(Operation *) const { return true; }
};

} // namespace

void registerScratchModels(DialectRegistry &registry) {
  registry.addExtension(+[](MLIRContext *ctx, tir::TileIRDialect *) {
    tir::ReduceOp::attachInterface<Scratch<tir::ReduceOp, reduceScratch>>(
        *ctx);
    tir::ScanOp::attachInterface<Scratch<tir::ScanOp, scanScratch>>(*ctx);
    tir::DotOp::attachInterface<Scratch<tir::DotOp, dotScratch>>(*ctx);
    tir::ReshapeOp::attachInterface<
        Scratch<tir::ReshapeOp, shapeOf<tir::ReshapeOp>>>(*ctx);
    tir::TransOp::attachInterface<Scratch<tir::TransOp, shapeOf<tir::TransOp>>>(
        *ctx);
    tir::JoinOp::attachInterface<Scratch<tir::JoinOp, shapeOf<tir::JoinOp>>>(
        *ctx);
    tir::SplitOp::attachInterface<Scratch<tir::SplitOp, shapeOf<tir::SplitOp>>>(
        *ctx);
    tir::AtomicRMWOp::attachInterface<
        Scratch<tir::AtomicRMWOp, atomicOf<tir::AtomicRMWOp>>>(*ctx);
    tir::AtomicCASOp::attachInterface<
        Scratch<tir::AtomicCASOp, atomicOf<tir::AtomicCASOp>>>(*ctx);
    tir::DescriptorLoadOp::attachInterface<
        Scratch<tir::DescriptorLoadOp, tmaOf<tir::DescriptorLoadOp>>>(*ctx);
    tir::DescriptorStoreOp::attachInterface<
        Scratch<tir::DescriptorStoreOp, tmaOf<tir::DescriptorStoreOp>>>(*ctx);
    tir::MakeTensorDescOp::attachInterface<
        Scratch<tir::MakeTensorDescOp, tensorMapScratch>>(*ctx);
    tir::WarpSpecializeOp::attachInterface<CaptureSlots>(*ctx);
  });
  registry.addExtension(+[](MLIRContext *ctx, gir::GPUIRDialect *) {
    gir::ConvertLayoutOp::attachInterface<
        Scratch<gir::ConvertLayoutOp, convertLayoutScratch>>(*ctx);
  });
  registry.addExtension(+[](MLIRContext *ctx, nvgir::NVGIRDialect *) {
    nvgir::WarpgroupDotOp::attachInterface<
        Scratch<nvgir::WarpgroupDotOp, warpgroupDotScratch>>(*ctx);
  });
}

} // namespace trident::gir_to_llvm
