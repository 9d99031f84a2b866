//===- SharedStaging.h - A tile's place in a scratch buffer -----*- C++ -*-===//
//
// A layout conversion moves a tile through shared memory: every thread
// writes the elements the source layout gives it and reads back those the
// destination layout gives it. How the tile sits in the buffer decides what
// those accesses cost: a thread whose registers hold v consecutive elements
// along the buffer's fastest dimension writes or reads them as one vector
// (up to 16 bytes), and the banks the 32 lanes of a warp touch decide how
// many wavefronts each access takes. A StagingPlan is that placement:
// linear over the dimensions in an `order` (slowest to fastest), with
// `pad` elements inserted after every `segment` elements. planStaging picks
// the order, segment and pad that minimize the modeled wavefronts of the
// writes plus the reads (then the buffer's size), all at compile time,
// which it can since every layout is linear in the bits of (register,
// lane, warp).
//
//===----------------------------------------------------------------------===//
#ifndef TRIDENT_LIB_CONVERSION_GPUIRTOLLVM_SHAREDSTAGING_H
#define TRIDENT_LIB_CONVERSION_GPUIRTOLLVM_SHAREDSTAGING_H

#include "Patterns.h"

namespace trident::gir_to_llvm {

struct StagingPlan {
  /// Dimensions from slowest to fastest, and each one's stride in the
  /// unpadded buffer.
  llvm::SmallVector<unsigned> order;
  llvm::SmallVector<int64_t> strides;
  /// Every `segment` elements (a power of two) come `pad` unused ones;
  /// pad 0: none.
  int64_t segment = 1, pad = 0;
  /// Elements per access of the writing (source) and reading (destination)
  /// side.
  int64_t srcVector = 1, dstVector = 1;
  /// Elements the buffer holds, padding included.
  int64_t elements = 0;
  /// The modeled cost: wavefronts of one warp's writes plus reads.
  int64_t wavefronts = 0;

  /// Element offset of the element at `coords` (compile time).
  int64_t offsetOf(llvm::ArrayRef<int64_t> coords) const;
  /// The same at run time (i32 coordinates).
  mlir::Value offsetOf(mlir::OpBuilder &b, mlir::Location loc,
                       llvm::ArrayRef<mlir::Value> coords) const;
};

/// The placement for moving a tile of `elemBytes`-byte elements from layout
/// `src` to layout `dst` (both of the same shape).
StagingPlan planStaging(const LayoutMap &src, const LayoutMap &dst,
                        int64_t elemBytes);

/// Stores/loads `values` (all of one integer/float type) as one vector of
/// consecutive elements starting at element `index` of a shared buffer,
/// aligned to the vector's size.
void storeSharedVector(mlir::OpBuilder &b, mlir::Location loc,
                       mlir::Value base, mlir::Value index,
                       llvm::ArrayRef<mlir::Value> values);
llvm::SmallVector<mlir::Value> loadSharedVector(mlir::OpBuilder &b,
                                                mlir::Location loc,
                                                mlir::Value base,
                                                mlir::Value index,
                                                mlir::Type type, int64_t n);

} // namespace trident::gir_to_llvm

#endif
