//===- LayoutAssignment.h - Layout assignment for GPU IR -------*- C++ -*-===//
//
// The pieces the layout passes of the `gir` stage are made of, public so
// that a plugin's pass can take the place of one of them:
//
//   convert-tir-to-gir             every tile in the default layout
//   gir-coalesce                   memory accesses in coalesced layouts
//   gir-dot-layouts                dot accumulators in tensor-core layouts
//   gir-remove-layout-conversions  the other tiles follow those choices
//
// A pass that chooses a layout for an op rewrites that op alone
// (setAccessLayout, setAccumulatorLayout): its operands are converted into
// the layout and its results converted back, so that the IR stays valid.
// gir-remove-layout-conversions then reads the choices back from the IR
// (collectLayoutAnchors) and lays the rest of the function out around
// them, so the conversions remain only where two choices disagree.
//
//===----------------------------------------------------------------------===//
#ifndef TRIDENT_DIALECT_GPUIR_TRANSFORMS_LAYOUTASSIGNMENT_H
#define TRIDENT_DIALECT_GPUIR_TRANSFORMS_LAYOUTASSIGNMENT_H

#include "trident/Dialect/GPUIR/IR/GPUIR.h"
#include "trident/Dialect/TileIR/IR/TileIR.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/STLFunctionalExtras.h"

namespace trident {
class AxisInfoAnalysis;
} // namespace trident

namespace trident::gir {

/// What layouts are chosen for: the module's warps, lanes and compute
/// capability (0: no tensor cores).
struct LayoutTarget {
  unsigned numWarps = 4;
  unsigned threadsPerWarp = 32;
  unsigned computeCapability = 0;

  /// The values convert-tir-to-gir recorded on `module`; an error naming
  /// `pass` when they are missing (the module is not in GPU IR yet).
  static mlir::FailureOr<LayoutTarget> fromModule(mlir::ModuleOp module,
                                                  llvm::StringRef pass);
  /// This target for the group of warps that runs `op` (a partition of
  /// tir.warp_specialize lays out its tiles over its own warps).
  LayoutTarget forOp(mlir::Operation *op) const {
    LayoutTarget t = *this;
    WarpGroup group = getWarpGroup(op);
    if (group.partition >= 0)
      t.numWarps = group.numWarps;
    return t;
  }
};

/// The layouts chosen for particular ops, which the others follow:
/// `accesses` maps a memory access (tir.load, tir.store, tir.atomic_rmw,
/// tir.atomic_cas) to the layout of its pointer tile, `dots` a tir.dot to
/// the layout of its accumulator.
struct LayoutAnchors {
  llvm::DenseMap<mlir::Operation *, mlir::Attribute> accesses;
  llvm::DenseMap<mlir::Operation *, mlir::Attribute> dots;
};

/// Lays out every tile of `func` (which must have none yet) by one forward
/// walk: sources take the default blocked layout of their rank (that of
/// the function's largest tile of the rank), other ops derive theirs from
/// their operands, and conversions reconcile operands that disagree.
/// Anchored ops take their anchor's layout, and backward hints let the
/// tiles that reach them be made in it (cheap index arithmetic is made
/// again in a second layout rather than converted). Without anchors every
/// access and dot keeps the default.
mlir::LogicalResult assignLayouts(mlir::func::FuncOp func,
                                  const LayoutTarget &target,
                                  const LayoutAnchors &anchors = LayoutAnchors());

/// Marks a memory access whose pointer tile was already in the layout a
/// layout pass chose for it (setAccessLayout): that layout, so that the
/// choice is seen although nothing was converted.
constexpr llvm::StringLiteral kAccessLayoutAttrName = "gir.access_layout";

/// The choices made in `func`: an access whose pointer tile comes through
/// a gir.convert_layout (a layout pass put it in another layout) or that
/// carries `gir.access_layout` (taken off the op here), and every dot's
/// accumulator layout.
LayoutAnchors collectLayoutAnchors(mlir::func::FuncOp func);

/// Removes every layout of `func`: its gir.convert_layout ops go, and its
/// tiles (values, constants, the signature) lose their encodings. (Layouts
/// written by hand in GPU IR are not kept: the layout passes start from
/// Tile IR.)
void stripLayouts(mlir::func::FuncOp func);

/// Whether `op` is a memory access that the layout passes lay out by its
/// pointer tile.
bool isMemoryAccess(mlir::Operation *op);
/// The mask of memory access `op` (tir.load, tir.store, tir.atomic_rmw,
/// nvgir.async_copy), or null.
mlir::Value accessMask(mlir::Operation *op);

/// Puts memory access `op` in `layout`: its tiled operands are converted
/// into it, its tiled results made in it and converted back for their
/// users. When the pointer is already in `layout`, the op is marked with
/// `gir.access_layout` instead: the choice stands against the layouts
/// that other choices would otherwise pull its tiles into.
void setAccessLayout(mlir::Operation *op, mlir::Attribute layout);

/// Gives `dot`'s accumulator `layout` (its C operand converted into it, its
/// result converted back for its users).
void setAccumulatorLayout(tir::DotOp dot, mlir::Attribute layout);

/// Trident's coalesced layout for memory access `op`: the pointer's most
/// contiguous dimension fastest, each thread holding up to 16 aligned bytes
/// of consecutive elements over which the mask is constant (atomics: one
/// element), lanes then warps spread from it. Null when the axis info
/// proves nothing contiguous, or the default layout would do as well.
mlir::Attribute coalescedLayout(mlir::Operation *op,
                                const AxisInfoAnalysis &axisInfo,
                                const LayoutTarget &target);

/// A coalescing pass's work: `choose` gives each memory access of `module`
/// its pointer layout (null: leave it), from one axis-info analysis of the
/// module as it is; then every choice is recorded with setAccessLayout.
/// gir-coalesce passes coalescedLayout; a plugin's strategy its own rule.
/// Fails (naming `pass`) when the module is not in GPU IR yet.
mlir::LogicalResult coalesceAccesses(
    mlir::ModuleOp module, llvm::StringRef pass,
    llvm::function_ref<mlir::Attribute(mlir::Operation *,
                                       const AxisInfoAnalysis &,
                                       const LayoutTarget &)>
        choose);

/// Trident's accumulator layout for `dot`: #gir.wgmma where Hopper's
/// warpgroup MMA can compute it, #gir.mma_v2 for Ampere's mma.sync, else a
/// blocked layout of 8x4 elements per thread for the CUDA-core dot (null
/// for a dot that is not 2-D: it keeps its layout).
mlir::Attribute accumulatorLayout(tir::DotOp dot, const LayoutTarget &target);

/// The #gir.wgmma layout of an `m` x `n` accumulator of Hopper's warpgroup
/// MMA over `numWarps` warps (whole warpgroups stacked along M; where M
/// has fewer than 16 rows per warp, the remaining warpgroups side by side
/// along N, as Triton's MMAv3), as accumulatorLayout gives a dot; null
/// where wgmma cannot take that shape (M not whole warpgroups of rows,
/// warps not whole warpgroups, N under 8 columns per warpgroup).
mlir::Attribute wgmmaAccumulatorLayout(mlir::MLIRContext *ctx, int64_t m,
                                       int64_t n, unsigned numWarps);

/// The layout each operand of scan `type` along `axis` must have: each
/// thread holds one contiguous run along the axis. `base` is the default
/// blocked layout of the tile's rank.
mlir::Attribute scanLayout(BlockedEncodingAttr base, mlir::RankedTensorType type,
                           unsigned axis);

} // namespace trident::gir

#endif
