//===- DotLayouts.cpp - gir-dot-layouts -----------------------------------===//
//
// Gives each tir.dot the accumulator layout of the fastest unit that can
// compute it (gir::accumulatorLayout): Hopper's warpgroup MMA, Ampere's
// mma.sync, or CUDA cores with 8x4 elements per thread. The operands stay
// in the layout they come in (the dot lowerings stage them through shared
// memory), so that coalesced loads feed the dot without a conversion.
//
//===----------------------------------------------------------------------===//
#include "trident/Dialect/GPUIR/Transforms/Passes.h"

#include "trident/Dialect/GPUIR/Transforms/LayoutAssignment.h"

namespace trident::gir {
#define GEN_PASS_DEF_GPUIRDOTLAYOUTS
#include "trident/Dialect/GPUIR/Transforms/Passes.h.inc"
} // namespace trident::gir

using namespace mlir;
using namespace trident;

namespace {

struct GPUIRDotLayoutsPass
    : trident::gir::impl::GPUIRDotLayoutsBase<GPUIRDotLayoutsPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    FailureOr<gir::LayoutTarget> target =
        gir::LayoutTarget::fromModule(module, getArgument());
    if (failed(target))
      return signalPassFailure();
    module.walk([&](tir::DotOp dot) {
      if (Attribute layout = gir::accumulatorLayout(dot, target->forOp(dot)))
        gir::setAccumulatorLayout(dot, layout);
    });
  }
};

} // namespace
