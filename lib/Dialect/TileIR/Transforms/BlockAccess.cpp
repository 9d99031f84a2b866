//===- BlockAccess.cpp - Pointer tiles of strided blocks --------*- C++ -*-===//
#include "BlockAccess.h"

#include "trident/Dialect/TileIR/IR/TileIR.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/Matchers.h"

using namespace mlir;
using namespace trident::tir;

/// `vec` (1-D, length `shape[dim]`) placed along dimension `dim` of a tile
/// of `shape`, repeated along every other dimension.
static Value alongDim(ImplicitLocOpBuilder &b, Value vec, unsigned dim,
                      ArrayRef<int64_t> shape) {
  unsigned rank = shape.size();
  for (unsigned axis = 0; axis < dim; ++axis)
    vec = ExpandDimsOp::create(b, vec, 0);
  for (unsigned axis = dim + 1; axis < rank; ++axis)
    vec = ExpandDimsOp::create(b, vec, static_cast<int32_t>(axis));
  auto type = cast<RankedTensorType>(vec.getType());
  if (type.getShape() == shape)
    return vec;
  return BroadcastOp::create(b, type.clone(shape), vec);
}

BlockAccess trident::tir::buildBlockAccess(ImplicitLocOpBuilder &b, Value base,
                                           ArrayRef<int64_t> shape,
                                           ValueRange extents,
                                           ValueRange strides,
                                           ValueRange indices,
                                           ArrayRef<bool> checked) {
  Type i64 = b.getI64Type();
  Value offsets, mask;
  for (auto [dim, index] : llvm::enumerate(indices)) {
    int64_t size = shape[dim];
    auto vecType = RankedTensorType::get({size}, i64);
    // pos = index + [0, 1, .., size - 1], in i64: no wrap-around for any
    // i32 index.
    Value range = MakeRangeOp::create(b, 0, static_cast<int32_t>(size));
    Value range64 = arith::ExtSIOp::create(b, vecType, range);
    Value index64 = arith::ExtSIOp::create(b, i64, index);
    Value pos = arith::AddIOp::create(
        b, SplatOp::create(b, vecType, index64), range64);

    // This dimension's share of the element offsets: pos * stride.
    Value stride = strides[dim];
    Value offset = pos;
    if (!matchPattern(stride, m_One()))
      offset =
          arith::MulIOp::create(b, pos, SplatOp::create(b, vecType, stride));
    offset = alongDim(b, offset, dim, shape);
    offsets = offsets ? arith::AddIOp::create(b, offsets, offset) : offset;

    if (!checked.empty() && !checked[dim])
      continue;
    // In bounds along this dimension: 0 <= pos < extent.
    Value extent = extents[dim];
    if (extent.getType() != i64)
      extent = arith::ExtSIOp::create(b, i64, extent);
    Value zero = arith::ConstantOp::create(b, b.getZeroAttr(vecType));
    Value notNegative =
        arith::CmpIOp::create(b, arith::CmpIPredicate::sge, pos, zero);
    Value belowExtent =
        arith::CmpIOp::create(b, arith::CmpIPredicate::slt, pos,
                              SplatOp::create(b, vecType, extent));
    Value inBounds = arith::AndIOp::create(b, notNegative, belowExtent);
    inBounds = alongDim(b, inBounds, dim, shape);
    mask = mask ? arith::AndIOp::create(b, mask, inBounds) : inBounds;
  }
  auto ptrTileType = RankedTensorType::get(shape, base.getType());
  Value ptrs = SplatOp::create(b, ptrTileType, base);
  return {AddPtrOp::create(b, ptrs, offsets), mask};
}
