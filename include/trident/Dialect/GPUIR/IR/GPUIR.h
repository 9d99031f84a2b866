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
#include "mlir/IR/TensorEncoding.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#include <array>

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

/// The shape of the thread-block clusters `module`'s programs (one CTA
/// each) are launched in (gir.cluster_dims), or {1, 1, 1}.
std::array<int32_t, 3> getClusterDims(mlir::ModuleOp module);
/// CTAs per cluster of `module`'s programs (gir.cluster_dims), or 1.
int64_t getClusterSize(mlir::ModuleOp module);

/// The group of a program's warps that runs an op: the warps of a partition
/// of the tir.warp_specialize the op is in, or the program's own warps
/// (gir.num_warps: the default group, which also runs a warp_specialize's
/// default region).
struct WarpGroup {
  unsigned numWarps = 4;
  /// The group's first warp in the program.
  unsigned firstWarp = 0;
  /// The partition's index, or -1 for the default group.
  int partition = -1;
  /// The warp_specialize whose partition this is (null: default group).
  trident::tir::WarpSpecializeOp op;
};
/// The group that runs `op` (or code in `block`).
WarpGroup getWarpGroup(mlir::Operation *op);
WarpGroup getWarpGroup(mlir::Block *block);
/// Warps of the group that runs `op`: its partition's, or gir.num_warps.
unsigned getNumWarps(mlir::Operation *op);
/// Warps a program of `module` launches: gir.num_warps and every warp of
/// the partitions of its tir.warp_specialize ops (at most one per kernel).
unsigned getTotalNumWarps(mlir::ModuleOp module);
/// The registers each thread of a warp-specialized kernel of `threads`
/// threads starts with when it is compiled for one CTA per SM (what ptxas
/// gives such kernels: the register file over whole warpgroups, in steps of
/// 8, at most 248; 168 for 12 warps). setmaxnreg moves registers between
/// the groups of that pool and never grows it: the groups' budgets must fit
/// `entry * threads`, or a setmaxnreg.inc waits forever.
int64_t getWarpSpecializedEntryRegisters(int64_t threads);

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

/// The layout of a block of `shape` taken out of a tile in `encoding` by
/// gir.extract_slice, in which each thread holds some of its registers of
/// the tile: a #gir.wgmma layout with instructions no wider than the block
/// (the same warps and CTA split); null where no such layout is known (a
/// layout with warpgroups along N among them).
mlir::Attribute extractSliceLayout(mlir::Attribute encoding,
                                   llvm::ArrayRef<int64_t> shape);

} // namespace trident::gir

#endif // TRIDENT_DIALECT_GPUIR_IR_GPUIR_H
