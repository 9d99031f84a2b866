//===- Coalesce.cpp - gir-coalesce ----------------------------------------===//
//
// Puts each memory access whose addresses the axis-info analysis proves
// contiguous in its coalesced layout (gir::coalescedLayout): the access's
// tiles are converted into it, and gir-remove-layout-conversions later
// makes the tiles that reach the access in that layout.
//
//===----------------------------------------------------------------------===//
#include "trident/Dialect/GPUIR/Transforms/Passes.h"

#include "trident/Dialect/GPUIR/Transforms/LayoutAssignment.h"

namespace trident::gir {
#define GEN_PASS_DEF_GPUIRCOALESCE
#include "trident/Dialect/GPUIR/Transforms/Passes.h.inc"
} // namespace trident::gir

namespace {

struct GPUIRCoalescePass
    : trident::gir::impl::GPUIRCoalesceBase<GPUIRCoalescePass> {
  void runOnOperation() override {
    if (mlir::failed(trident::gir::coalesceAccesses(
            getOperation(), getArgument(), trident::gir::coalescedLayout)))
      signalPassFailure();
  }
};

} // namespace
