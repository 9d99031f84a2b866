//===- GPUIR.h - GPU IR dialect ---------------------------------*- C++ -*-===//
//
// The `gir` dialect: layout encodings for tiles and the operations that only
// exist once tiles have layouts.
//
//===----------------------------------------------------------------------===//
#ifndef TRIDENT_DIALECT_GPUIR_IR_GPUIR_H
#define TRIDENT_DIALECT_GPUIR_IR_GPUIR_H

#include "trident/Dialect/TileIR/IR/TileIR.h"

#include "mlir/IR/Attributes.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Dialect.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#include "trident/Dialect/GPUIR/IR/GPUIRDialect.h.inc"
#include "trident/Dialect/GPUIR/IR/GPUIRAttrInterfaces.h.inc"
#include "trident/Dialect/GPUIR/IR/GPUIROpInterfaces.h.inc"

#define GET_ATTRDEF_CLASSES
#include "trident/Dialect/GPUIR/IR/GPUIRAttrs.h.inc"

#define GET_TYPEDEF_CLASSES
#include "trident/Dialect/GPUIR/IR/GPUIRTypes.h.inc"

#define GET_OP_CLASSES
#include "trident/Dialect/GPUIR/IR/GPUIROps.h.inc"

namespace trident::gir {

/// Warps per program recorded on `module` (gir.num_warps), or 4 when absent.
unsigned getNumWarps(mlir::ModuleOp module);
/// Lanes per warp recorded on `module` (gir.threads_per_warp), or 32.
unsigned getThreadsPerWarp(mlir::ModuleOp module);

/// CTAs per program (gir.num_ctas: the cluster a program runs on), or 1.
unsigned getNumCTAs(mlir::ModuleOp module);

/// The distributed encoding of `type` if it is a tensor that has one.
DistributedEncodingAttr getDistributedEncoding(mlir::Type type);

/// CTA splits (the `ctaSplit` of #gir.blocked and #gir.wgmma): how many
/// blocks of dimension 0 the CTAs of a cluster hold a tile of `type` in
/// (1: every CTA holds all of it). A slice that removes its parent's
/// dimension 0 is held whole by every CTA.
int64_t getCTASplit(mlir::Type type);
/// The rows of dimension 0 one CTA holds (the whole tile's shape when not
/// split).
llvm::SmallVector<int64_t> getCTABlockShape(mlir::RankedTensorType type);
/// `encoding` with its root (#gir.blocked or #gir.wgmma, through slices)
/// split `n` ways; null for encodings that cannot be split (#gir.mma_v2).
DistributedEncodingAttr withCTASplit(DistributedEncodingAttr encoding,
                                     unsigned n);

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
  NVMMASharedEncodingAttr sharedEncoding(mlir::MLIRContext *ctx) const;
};

/// The TMA layout of `type`'s blocks, or an error message saying why TMA
/// cannot move them (element size, a dimension over 256 boxes, an inner
/// dimension under 16 bytes, ...).
llvm::FailureOr<TmaBlockLayout>
getTmaBlockLayout(trident::tir::TensorDescType type, std::string *why = nullptr);

} // namespace trident::gir

#endif // TRIDENT_DIALECT_GPUIR_IR_GPUIR_H
