//===- SharedLayout.h - Swizzled shared-memory tiles ------------*- C++ -*-===//
//
// The byte layout of a #gir.nvmma_shared tile, shared by the lowerings that
// write such tiles (async copies, register staging) and the one that reads
// them (wgmma descriptors); the addresses of a thread's elements in a
// #gir.plain_shared tile (async copies into it, gir.local_load).
//
//===----------------------------------------------------------------------===//
#ifndef TRIDENT_CONVERSION_GPUIRTOLLVM_SHAREDLAYOUT_H
#define TRIDENT_CONVERSION_GPUIRTOLLVM_SHAREDLAYOUT_H

#include "trident/Conversion/GPUIRToLLVM/Lowering.h"
#include "trident/Dialect/GPUIR/IR/GPUIR.h"

#include "mlir/IR/Builders.h"

namespace trident::gir_to_llvm {

/// How one operand sits in shared memory: `rows` rows (the dimension that
/// is not contiguous) of `inner` contiguous elements of `elemBytes` bytes.
struct OperandLayout {
  int64_t rows, inner, elemBytes, swizzle;
  bool kMajor; // the contiguous dimension is K

  int64_t bytes() const { return rows * inner * elemBytes; }
  int64_t elemsPerAtomRow() const { return swizzle / elemBytes; }
  int64_t atomBytes() const { return rows * swizzle; }
  /// PTX's swizzle-mode field for this swizzle width.
  int64_t mode() const { return swizzle == 128 ? 1 : swizzle == 64 ? 2 : 3; }

  /// Byte offset of element (row, in), as i32 arithmetic on run-time values.
  mlir::Value offset(mlir::OpBuilder &b, mlir::Location loc, mlir::Value row,
                     mlir::Value in) const;

  /// Byte offset (compile time) of the sub-matrix starting at `mn` along M
  /// or N and `k` along K, both multiples of the instruction's steps.
  int64_t subTileOffset(int64_t mn, int64_t k) const {
    int64_t perRow = elemsPerAtomRow();
    if (kMajor)
      return (k / perRow) * atomBytes() + mn * swizzle + (k % perRow) * elemBytes;
    return (mn / perRow) * atomBytes() + k * swizzle + (mn % perRow) * elemBytes;
  }
  int64_t leadingOffset() const { return kMajor ? 16 : atomBytes(); }
  int64_t strideOffset() const { return 8 * swizzle; }
};

/// The layout of a 2-D #gir.nvmma_shared buffer; `kDim` is the operand's
/// K dimension (1 for A, 0 for B).
OperandLayout layoutOf(trident::gir::MemDescType type, unsigned kDim);

/// Registers per access of a thread's elements of a tile of layout `map` in
/// the #gir.plain_shared buffer `type` (one stage): runs of consecutive
/// registers along the buffer's contiguous dimension, at most `limit`
/// elements and 16 bytes, a power of two.
int64_t plainVectorWidth(const LayoutMap &map, trident::gir::MemDescType type,
                         int64_t limit);

/// The addresses (in `base`'s address space) of the calling thread's
/// register groups `0, vec, 2 vec, ...` of a tile of layout `map` in the
/// #gir.plain_shared buffer `type` at `base`; `thread` is
/// map.threadCoords(). When the thread's and the registers' coordinate bits
/// are disjoint (blocked layouts, slices of them), every group is one
/// constant offset from one per-thread address (immediate offsets in PTX).
llvm::SmallVector<mlir::Value>
plainAddresses(mlir::OpBuilder &b, mlir::Location loc, mlir::Value base,
               const LayoutMap &map, trident::gir::MemDescType type,
               llvm::ArrayRef<mlir::Value> thread, int64_t vec);

} // namespace trident::gir_to_llvm

#endif
