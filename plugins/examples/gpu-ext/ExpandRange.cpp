//===- ExpandRange.cpp - gpux-expand-range --------------------------------===//
//
// gpux.range(start, step) -> start + step * tir.make_range, for the CPU
// target, whose back end lowers core Tile IR only.
//
//===----------------------------------------------------------------------===//
#include "GpuxDialect.h"
#include "Passes.h"

#include "mlir/IR/PatternMatch.h"

namespace gpux_plugin {
#define GEN_PASS_DEF_GPUXEXPANDRANGE
#include "Passes.h.inc"
} // namespace gpux_plugin

using namespace mlir;
using namespace gpux_plugin;

namespace {

struct ExpandRangePass
    : gpux_plugin::impl::GpuxExpandRangeBase<ExpandRangePass> {
  void runOnOperation() override {
    SmallVector<RangeOp> ranges;
    getOperation().walk([&](RangeOp op) { ranges.push_back(op); });
    for (RangeOp op : ranges) {
      OpBuilder b(op);
      Location loc = op.getLoc();
      RankedTensorType type = op.getType();
      auto splat = [&](int64_t v) {
        return arith::ConstantOp::create(
            b, loc, type, DenseElementsAttr::get(type, b.getI32IntegerAttr(v)));
      };
      Value index = trident::tir::MakeRangeOp::create(
          b, loc, int32_t(0), int32_t(type.getDimSize(0)));
      Value scaled = arith::MulIOp::create(b, loc, index, splat(op.getStep()));
      Value value = arith::AddIOp::create(b, loc, scaled, splat(op.getStart()));
      op.getResult().replaceAllUsesWith(value);
      op.erase();
    }
  }
};

} // namespace
