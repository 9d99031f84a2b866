//===- BlockAccess.h - Pointer tiles of strided blocks ----------*- C++ -*-===//
//
// The address arithmetic shared by tir-lower-descriptors and
// tir-lower-block-pointers: the tile of pointers to the elements of a block
// of a strided tensor, and the mask of those in bounds.
//
//===----------------------------------------------------------------------===//
#ifndef TRIDENT_LIB_DIALECT_TILEIR_TRANSFORMS_BLOCKACCESS_H
#define TRIDENT_LIB_DIALECT_TILEIR_TRANSFORMS_BLOCKACCESS_H

#include "mlir/IR/ImplicitLocOpBuilder.h"

namespace trident::tir {

/// The pointers to the elements of one block and whether each is in bounds.
struct BlockAccess {
  mlir::Value ptrs;
  /// Null when no dimension is checked.
  mlir::Value mask;
};

/// The block of `blockShape` whose first element is at `indices` (i32, one
/// per dimension) of the tensor at `base` (a scalar pointer) with
/// `extents` (i32 or i64) and `strides` (i64), all in elements. With
/// pos_k = index_k + make_range(0, B_k) in i64, placed along dimension k
/// and broadcast:
///
///   ptrs = splat(base) + sum_k pos_k * stride_k   (a unit stride is not
///                                                  multiplied by)
///   mask = and_k (0 <= pos_k < extent_k)           over the dimensions k
///                                                  with checked[k]
///
/// An empty `checked` checks every dimension. Built at `b`'s insertion
/// point.
BlockAccess buildBlockAccess(mlir::ImplicitLocOpBuilder &b, mlir::Value base,
                             llvm::ArrayRef<int64_t> blockShape,
                             mlir::ValueRange extents, mlir::ValueRange strides,
                             mlir::ValueRange indices,
                             llvm::ArrayRef<bool> checked = {});

} // namespace trident::tir

#endif
