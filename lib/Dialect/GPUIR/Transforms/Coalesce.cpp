//===- Coalesce.cpp - gir-coalesce ----------------------------------------===//
//
// Puts each memory access whose addresses the axis-info analysis proves
// contiguous in its coalesced layout (gir::coalescedLayout): the access's
// tiles are converted into it, and gir-remove-layout-conversions later
// makes the tiles that reach the access in that layout.
//
//===----------------------------------------------------------------------===//
#include "trident/Dialect/GPUIR/Transforms/Passes.h"

#include "trident/Analysis/AxisInfo.h"
#include "trident/Dialect/GPUIR/Transforms/LayoutAssignment.h"

namespace trident::gir {
#define GEN_PASS_DEF_GPUIRCOALESCE
#include "trident/Dialect/GPUIR/Transforms/Passes.h.inc"
} // namespace trident::gir

using namespace mlir;
using namespace trident;

namespace {

struct GPUIRCoalescePass
    : trident::gir::impl::GPUIRCoalesceBase<GPUIRCoalescePass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    FailureOr<gir::LayoutTarget> target =
        gir::LayoutTarget::fromModule(module, getArgument());
    if (failed(target))
      return signalPassFailure();
    // Every choice first, from one analysis of the module as it is; then
    // the rewrites.
    AxisInfoAnalysis axisInfo(module);
    SmallVector<std::pair<Operation *, Attribute>> choices;
    module.walk([&](Operation *op) {
      if (gir::isMemoryAccess(op))
        if (Attribute layout = gir::coalescedLayout(op, axisInfo, *target))
          choices.emplace_back(op, layout);
    });
    for (auto [op, layout] : choices)
      gir::setAccessLayout(op, layout);
  }
};

} // namespace
