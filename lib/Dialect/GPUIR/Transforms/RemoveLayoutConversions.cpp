//===- RemoveLayoutConversions.cpp - gir-remove-layout-conversions --------===//
//
// Lays each function out again around the choices the layout passes made
// (gir::collectLayoutAnchors: accesses whose pointers they converted, dot
// accumulators): the conversions those passes left around the ops they
// chose for go, and the tiles that reach such an op are made in its
// layout, so that conversions remain only where two choices disagree.
//
//===----------------------------------------------------------------------===//
#include "trident/Dialect/GPUIR/Transforms/Passes.h"

#include "trident/Dialect/GPUIR/Transforms/LayoutAssignment.h"

namespace trident::gir {
#define GEN_PASS_DEF_GPUIRREMOVELAYOUTCONVERSIONS
#include "trident/Dialect/GPUIR/Transforms/Passes.h.inc"
} // namespace trident::gir

using namespace mlir;
using namespace trident;

namespace {

struct GPUIRRemoveLayoutConversionsPass
    : trident::gir::impl::GPUIRRemoveLayoutConversionsBase<
          GPUIRRemoveLayoutConversionsPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    FailureOr<gir::LayoutTarget> target =
        gir::LayoutTarget::fromModule(module, getArgument());
    if (failed(target))
      return signalPassFailure();
    for (auto func : module.getOps<func::FuncOp>()) {
      if (func.isExternal())
        continue;
      gir::LayoutAnchors anchors = gir::collectLayoutAnchors(func);
      gir::stripLayouts(func);
      if (failed(gir::assignLayouts(func, *target, anchors)))
        return signalPassFailure();
    }
  }
};

} // namespace
