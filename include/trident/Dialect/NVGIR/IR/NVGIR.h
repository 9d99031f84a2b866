//===- NVGIR.h - NVIDIA GPU IR dialect --------------------------*- C++ -*-===//
//
// The `nvgir` dialect: GPU IR's operations that only NVIDIA's Ampere and
// Hopper GPUs have, and the rule by which the tensor memory accelerator
// moves a descriptor's blocks.
//
//===----------------------------------------------------------------------===//
#ifndef TRIDENT_DIALECT_NVGIR_IR_NVGIR_H
#define TRIDENT_DIALECT_NVGIR_IR_NVGIR_H

#include "trident/Dialect/GPUIR/IR/GPUIR.h"

#include "trident/Dialect/NVGIR/IR/NVGIRDialect.h.inc"

#define GET_TYPEDEF_CLASSES
#include "trident/Dialect/NVGIR/IR/NVGIRTypes.h.inc"

#define GET_OP_CLASSES
#include "trident/Dialect/NVGIR/IR/NVGIROps.h.inc"

namespace trident::nvgir {

/// How the tensor memory accelerator moves one block of a tensor
/// descriptor between global and shared memory. The block is seen as
/// `rows` (the product of every dimension but the last) by `inner`
/// elements. With a swizzle (32, 64 or 128 bytes: the widest that the
/// inner dimension fills, used when there are at least 8 rows) each box is
/// `swizzle` bytes wide and lands as one atom of #gir.nvmma_shared (rows
/// of `swizzle` bytes, 16-byte chunks XOR-ed by the row); without one,
/// boxes are up to 256 elements wide and land row after row. Boxes follow
/// each other along the inner dimension (`pieces` of them).
struct TmaBlockLayout {
  llvm::SmallVector<int64_t> box; ///< outermost first; the last is boxInner
  int64_t swizzle = 0;            ///< 0 (none), 32, 64 or 128 bytes
  int64_t pieces = 1;
  int64_t rows = 1, inner = 1, elemBytes = 1;

  int64_t boxInner() const { return box.back(); }
  int64_t boxBytes() const { return rows * boxInner() * elemBytes; }
  int64_t bytes() const { return rows * inner * elemBytes; }
  /// The #gir.nvmma_shared encoding of the block in shared memory, if it
  /// is swizzled and 2-D.
  gir::NVMMASharedEncodingAttr sharedEncoding(mlir::MLIRContext *ctx) const;
};

/// The TMA layout of `type`'s blocks, or an error message saying why TMA
/// cannot move them (element size, a dimension over 256 boxes, an inner
/// dimension under 16 bytes, ...).
llvm::FailureOr<TmaBlockLayout>
getTmaBlockLayout(trident::tir::TensorDescType type, std::string *why = nullptr);

} // namespace trident::nvgir

#endif // TRIDENT_DIALECT_NVGIR_IR_NVGIR_H
