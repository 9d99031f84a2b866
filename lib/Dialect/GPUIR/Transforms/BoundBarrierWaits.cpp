//===- BoundBarrierWaits.cpp - gir-bound-barrier-waits --------------------===//
//
// Marks every mbarrier wait with a time bound and the region that waits, so
// that its lowering reports a wait that never completes (see Passes.td).
//
//===----------------------------------------------------------------------===//
#include "trident/Dialect/GPUIR/Transforms/Passes.h"

#include "trident/Dialect/NVGIR/IR/NVGIR.h"
#include "trident/Dialect/TileIR/IR/TileIR.h"

#include "mlir/IR/Builders.h"

namespace trident::gir {
#define GEN_PASS_DEF_GPUIRBOUNDBARRIERWAITS
#include "trident/Dialect/GPUIR/Transforms/Passes.h.inc"
} // namespace trident::gir

using namespace mlir;
using namespace trident;

namespace {

/// Which region of the program runs `op`: the innermost warp-specialized
/// region holding it, in the words the report prints.
std::string waiterOf(Operation *op) {
  for (Region *region = op->getParentRegion(); region;
       region = region->getParentRegion()) {
    Operation *parent = region->getParentOp();
    if (isa<tir::WarpSpecializeOp>(parent))
      return "the default region";
    if (auto parts = dyn_cast<tir::WarpPartitionsOp>(parent)) {
      auto ws = cast<tir::WarpSpecializeOp>(parts->getParentOp());
      return "partition " + std::to_string(ws.getPartitionIndex(region));
    }
  }
  return "the program";
}

struct BoundBarrierWaitsPass
    : gir::impl::GPUIRBoundBarrierWaitsBase<BoundBarrierWaitsPass> {
  using Base::Base;
  void runOnOperation() override {
    if (timeoutMs <= 0) {
      getOperation().emitError("gir-bound-barrier-waits: timeout-ms must be "
                               "positive, not " +
                               std::to_string(timeoutMs));
      return signalPassFailure();
    }
    Builder b(&getContext());
    getOperation().walk([&](nvgir::MBarrierWaitOp wait) {
      wait.setTimeoutMsAttr(b.getI64IntegerAttr(timeoutMs));
      wait.setWaiterAttr(b.getStringAttr(waiterOf(wait)));
    });
  }
};

} // namespace
