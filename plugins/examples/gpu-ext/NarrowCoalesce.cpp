//===- NarrowCoalesce.cpp - gpux-narrow-coalesce --------------------------===//
//
// A plugin's coalescing strategy, built on the core's layout helpers
// (trident/Dialect/GPUIR/Transforms/LayoutAssignment.h): it takes the
// core's coalesced layout and cuts each thread's run to 8 bytes; the
// core's driver (coalesceAccesses) records each choice, which
// gir-remove-layout-conversions reads back like the core's own.
//
//===----------------------------------------------------------------------===//
#include "Passes.h"

#include "trident/Analysis/AxisInfo.h"
#include "trident/Dialect/GPUIR/Transforms/LayoutAssignment.h"

namespace gpux_plugin {
#define GEN_PASS_DEF_GPUXNARROWCOALESCE
#include "Passes.h.inc"
} // namespace gpux_plugin

using namespace mlir;
namespace gir = trident::gir;

namespace {

constexpr int64_t kMaxBytesPerThread = 8;

/// `layout` with each thread's run along its fastest dimension cut to
/// kMaxBytesPerThread bytes of the access's elements.
Attribute narrowed(Operation *access, Attribute layout,
                   const gir::LayoutTarget &target) {
  auto blocked = dyn_cast_or_null<gir::BlockedEncodingAttr>(layout);
  auto ptrType = cast<RankedTensorType>(access->getOperand(0).getType());
  auto pointer = cast<trident::tir::PointerType>(ptrType.getElementType());
  int64_t bytes = trident::getPointeeBytes(pointer.getPointeeType());
  if (!blocked || bytes == 0)
    return layout;
  ArrayRef<unsigned> order = blocked.getOrder();
  int64_t run = blocked.getSizePerThread()[order[0]];
  if (run * bytes <= kMaxBytesPerThread)
    return layout;
  return gir::BlockedEncodingAttr::getDefault(
      access->getContext(), ptrType.getShape(), target.numWarps,
      target.threadsPerWarp, std::max<int64_t>(1, kMaxBytesPerThread / bytes),
      SmallVector<unsigned>(order));
}

struct NarrowCoalescePass
    : gpux_plugin::impl::GpuxNarrowCoalesceBase<NarrowCoalescePass> {
  void runOnOperation() override {
    auto choose = [](Operation *op, const trident::AxisInfoAnalysis &axisInfo,
                     const gir::LayoutTarget &target) -> Attribute {
      Attribute layout = gir::coalescedLayout(op, axisInfo, target);
      return layout ? narrowed(op, layout, target) : Attribute();
    };
    if (failed(gir::coalesceAccesses(getOperation(), getArgument(), choose)))
      signalPassFailure();
  }
};

} // namespace
