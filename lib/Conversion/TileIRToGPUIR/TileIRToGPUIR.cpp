//===- TileIRToGPUIR.cpp - convert-tir-to-gir -----------------------------===//
//
// Gives every tile of a module its default distributed layout
// (gir::assignLayouts without anchors; see Passes.td) and records the
// module's warps, lanes and compute capability for the layout passes that
// follow: gir-coalesce, gir-dot-layouts, gir-remove-layout-conversions.
//
//===----------------------------------------------------------------------===//
#include "trident/Conversion/Passes.h"

#include "trident/Dialect/GPUIR/Transforms/LayoutAssignment.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Builders.h"

namespace trident {
#define GEN_PASS_DEF_CONVERTTILEIRTOGPUIR
#include "trident/Conversion/Passes.h.inc"
} // namespace trident

using namespace mlir;
using namespace trident;

namespace {

struct ConvertTileIRToGPUIRPass
    : trident::impl::ConvertTileIRToGPUIRBase<ConvertTileIRToGPUIRPass> {
  using Base::Base;
  void runOnOperation() override {
    ModuleOp module = getOperation();
    // A kernel module may ask for its own warp count (like Triton's
    // num_warps): the module attribute `tir.num_warps` overrides the option.
    unsigned numWarps = this->numWarps;
    if (Attribute attr = module->getAttr("tir.num_warps")) {
      auto warps = dyn_cast<IntegerAttr>(attr);
      if (!warps || warps.getInt() <= 0 || warps.getInt() > 32) {
        module.emitError("convert-tir-to-gir: 'tir.num_warps' must be an "
                         "integer in [1, 32], got ")
            << attr;
        return signalPassFailure();
      }
      numWarps = warps.getInt();
    }
    if (numWarps == 0 || (numWarps & (numWarps - 1)) || threadsPerWarp == 0 ||
        (threadsPerWarp & (threadsPerWarp - 1))) {
      module.emitError("convert-tir-to-gir: num-warps and threads-per-warp "
                       "must be powers of two, got ")
          << numWarps << " and " << static_cast<unsigned>(threadsPerWarp);
      return signalPassFailure();
    }
    // Block pointers are Tile IR's own (tir-lower-block-pointers).
    WalkResult leftover = module.walk([&](Operation *op) {
      if (!isa<tir::MakeBlockPtrOp, tir::AdvanceOp, tir::BlockLoadOp,
               tir::BlockStoreOp>(op))
        return WalkResult::advance();
      op->emitOpError("is left for convert-tir-to-gir: block pointers become "
                      "pointer loads and stores in tir-lower-block-pointers, "
                      "which has not run");
      return WalkResult::interrupt();
    });
    if (leftover.wasInterrupted())
      return signalPassFailure();
    Builder b(module.getContext());
    module->setAttr(gir::GPUIRDialect::getNumWarpsAttrName(),
                    b.getI32IntegerAttr(numWarps));
    module->setAttr(gir::GPUIRDialect::getThreadsPerWarpAttrName(),
                    b.getI32IntegerAttr(threadsPerWarp));
    if (computeCapability != 0)
      module->setAttr(gir::GPUIRDialect::getComputeCapabilityAttrName(),
                      b.getI32IntegerAttr(computeCapability));
    // Programs of several CTAs (Triton's num_ctas) run on clusters, which
    // Hopper introduced.
    if (Attribute attr = module->getAttr("tir.num_ctas")) {
      auto ctas = dyn_cast<IntegerAttr>(attr);
      int64_t n = ctas ? ctas.getInt() : 0;
      if (n < 1 || n > 16 || (n & (n - 1))) {
        module.emitError("convert-tir-to-gir: 'tir.num_ctas' must be a power "
                         "of two in [1, 16], got ")
            << attr;
        return signalPassFailure();
      }
      if (n > 1 && computeCapability != 0 && computeCapability < 90) {
        module.emitError("convert-tir-to-gir: num_ctas = ")
            << n << " needs clusters of CTAs, which sm_"
            << static_cast<unsigned>(computeCapability)
            << " does not have (sm_90 or newer)";
        return signalPassFailure();
      }
      if (n > 1)
        module->setAttr(gir::GPUIRDialect::getNumCTAsAttrName(),
                        b.getI32IntegerAttr(n));
    }
    // Programs of one CTA each, launched in thread-block clusters (CUDA's
    // ctas_per_cga).
    if (Attribute attr = module->getAttr("tir.cluster_dims")) {
      module->removeAttr("tir.cluster_dims");
      if (computeCapability != 0 && computeCapability < 90) {
        module.emitError("convert-tir-to-gir: thread-block clusters (")
            << attr << ") need sm_90 or newer, not sm_"
            << static_cast<unsigned>(computeCapability);
        return signalPassFailure();
      }
      // (checked by the module's verifier)
      module->setAttr(gir::GPUIRDialect::getClusterDimsAttrName(), attr);
    }
    gir::LayoutTarget target{numWarps, threadsPerWarp, computeCapability};
    for (auto func : module.getOps<func::FuncOp>())
      if (!func.isExternal() && failed(gir::assignLayouts(func, target)))
        return signalPassFailure();
  }
};

} // namespace
