//===- StagingAccess.h - Addressing a staged tile's accesses ----*- C++ -*-===//
//
// The accesses of a layout conversion through shared memory (a
// StagingPlan): where each side's accesses fall in the buffer, and the
// source's writes with stmatrix.
//
// An access's element sits at the thread's run-time coordinates XOR the
// access's compile-time ones. When the two move disjoint bits of every
// coordinate (blocked and mma layouts), the XOR is a sum, and so is the
// element offset, padding included (the index's bits are disjoint too):
// every access is then a constant offset from one pointer per thread,
// which the addressing modes absorb ([reg+imm]), instead of an address
// register per access.
//
//===----------------------------------------------------------------------===//
#ifndef TRIDENT_LIB_CONVERSION_GPUIRTOLLVM_STAGINGACCESS_H
#define TRIDENT_LIB_CONVERSION_GPUIRTOLLVM_STAGINGACCESS_H

#include "SharedStaging.h"

namespace trident::gir_to_llvm {

/// Per dimension, the coordinate bits the lanes and warps of `map` move.
llvm::SmallVector<int64_t> threadMask(const LayoutMap &map);
/// Per dimension, the coordinate bits register bits `from` and up move.
llvm::SmallVector<int64_t> registerMask(const LayoutMap &map, int64_t from);

/// Where one side's accesses fall in the buffer.
class SideAddress {
public:
  /// `thread`: the thread's coordinates (i32); `threadBits` and
  /// `accessBits`: per dimension, the bits they and the accesses' move.
  SideAddress(mlir::OpBuilder &b, mlir::Location loc, const StagingPlan &plan,
              mlir::Value buffer, int64_t elemBytes,
              llvm::SmallVector<mlir::Value> thread,
              llvm::ArrayRef<int64_t> threadBits,
              llvm::ArrayRef<int64_t> accessBits);

  /// (base pointer, element index) of the access whose compile-time part
  /// is `c`: the thread's pointer and a constant when the parts add.
  std::pair<mlir::Value, mlir::Value> at(mlir::OpBuilder &b, mlir::Location loc,
                                         llvm::ArrayRef<int64_t> c) const;
  /// The thread's pointer (null: each access computes its offset).
  mlir::Value threadPointer() const { return threadPtr; }

private:
  const StagingPlan &plan;
  mlir::Value buffer;
  llvm::SmallVector<mlir::Value> thread;
  mlir::Value threadPtr;
};

/// Writes `vec` (the registers of `src`, 16-bit elements) to `buffer` with
/// stmatrix as `plan` says (plan.matrices blocks per instruction,
/// plan.transposed): register pairs packed in i32s, each lane the address
/// of its block's row (column).
void writeMatrices(mlir::OpBuilder &b, mlir::Location loc,
                   const StagingPlan &plan, const LayoutMap &src,
                   const MatrixFragment &frag, mlir::Value buffer,
                   mlir::Value vec, mlir::Value lane, mlir::Value warp);

} // namespace trident::gir_to_llvm

#endif
