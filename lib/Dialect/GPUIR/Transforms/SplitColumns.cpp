//===- SplitColumns.cpp - gir-split-columns -------------------------------===//
//
// The column halves of an accumulator taken in registers: the reshape /
// permute / split chain of an epilogue becomes two gir.extract_slice ops
// (see Passes.td).
//
//===----------------------------------------------------------------------===//
#include "trident/Dialect/GPUIR/Transforms/Passes.h"

#include "trident/Dialect/GPUIR/IR/GPUIR.h"
#include "trident/Dialect/NVGIR/IR/NVGIR.h"
#include "trident/Dialect/TileIR/IR/TileIR.h"

#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Builders.h"

namespace trident::gir {
#define GEN_PASS_DEF_GPUIRSPLITCOLUMNS
#include "trident/Dialect/GPUIR/Transforms/Passes.h.inc"
} // namespace trident::gir

using namespace mlir;
using namespace trident;

namespace {

/// The #gir.wgmma layout `value` has, or comes in through conversions,
/// warpgroup waits and loops that carry it (which
/// gir-remove-layout-conversions then carries to it); null if none.
gir::WgmmaEncodingAttr accumulatorLayout(Value value) {
  for (int hops = 0; value && hops < 8; ++hops) {
    auto type = cast<RankedTensorType>(value.getType());
    if (auto wgmma = dyn_cast_or_null<gir::WgmmaEncodingAttr>(type.getEncoding()))
      // (Only warpgroups stacked along M: with some along N, a half of the
      // columns is not a block of every thread's registers.)
      return wgmma.getWarpsPerCTA()[1] == 1 ? wgmma : gir::WgmmaEncodingAttr();
    Operation *def = value.getDefiningOp();
    if (auto convert = dyn_cast_or_null<gir::ConvertLayoutOp>(def))
      value = convert.getSrc();
    else if (auto wait = dyn_cast_or_null<nvgir::WarpgroupWaitOp>(def))
      value = wait.getValues()[cast<OpResult>(value).getResultNumber()];
    else if (auto loop = dyn_cast_or_null<scf::ForOp>(def))
      value = loop.getYieldedValues()[cast<OpResult>(value).getResultNumber()];
    else
      return {};
  }
  return {};
}

/// `x` of split(trans(reshape(x, [M, 2, N/2]), [0, 2, 1])), the
/// reshape and trans used by the chain only, `x` a 2-D tile in a
/// #gir.wgmma layout; else null.
Value halvedTile(tir::SplitOp split) {
  auto trans = split.getSrc().getDefiningOp<tir::TransOp>();
  if (!trans || !trans->hasOneUse() ||
      trans.getOrder() != ArrayRef<int32_t>{0, 2, 1})
    return {};
  auto reshape = trans.getSrc().getDefiningOp<tir::ReshapeOp>();
  if (!reshape || !reshape->hasOneUse())
    return {};
  auto x = dyn_cast<TypedValue<RankedTensorType>>(reshape.getSrc());
  auto mid = cast<RankedTensorType>(reshape.getType());
  if (!x || x.getType().getRank() != 2 || mid.getRank() != 3)
    return {};
  int64_t m = x.getType().getDimSize(0), n = x.getType().getDimSize(1);
  if (mid.getShape() != ArrayRef<int64_t>{m, 2, n / 2} || n % 2 != 0)
    return {};
  if (!accumulatorLayout(x))
    return {};
  return x;
}

struct SplitColumnsPass
    : trident::gir::impl::GPUIRSplitColumnsBase<SplitColumnsPass> {
  void runOnOperation() override {
    SmallVector<tir::SplitOp> splits;
    getOperation().walk([&](tir::SplitOp split) {
      if (halvedTile(split))
        splits.push_back(split);
    });
    for (tir::SplitOp split : splits) {
      Value x = halvedTile(split);
      auto type = cast<RankedTensorType>(x.getType());
      gir::WgmmaEncodingAttr acc = accumulatorLayout(x);
      SmallVector<int64_t> half{type.getDimSize(0), type.getDimSize(1) / 2};
      auto halfType = RankedTensorType::get(
          half, type.getElementType(), gir::extractSliceLayout(acc, half));
      OpBuilder b(split);
      Location loc = split.getLoc();
      // The tile in the accumulator's layout (the layout passes after
      // this one drop the conversion where the tile is made in it).
      auto accType =
          RankedTensorType::get(type.getShape(), type.getElementType(), acc);
      if (type != accType)
        x = gir::ConvertLayoutOp::create(b, loc, accType, x);
      Operation *trans = split.getSrc().getDefiningOp();
      Operation *reshape = trans->getOperand(0).getDefiningOp();
      for (unsigned i = 0; i < 2; ++i) {
        int64_t offsets[] = {0, int64_t(i) * half[1]};
        Value slice = gir::ExtractSliceOp::create(
            b, loc, halfType, x, b.getDenseI64ArrayAttr(offsets));
        // The users keep their layouts until the layout passes lay them
        // out again around the slices.
        Value result = split.getResult(i);
        if (result.getType() != halfType)
          slice = gir::ConvertLayoutOp::create(b, loc, result.getType(), slice);
        result.replaceAllUsesWith(slice);
      }
      split.erase();
      trans->erase();
      reshape->erase();
    }
  }
};

} // namespace
