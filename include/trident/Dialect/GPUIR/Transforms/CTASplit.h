//===- CTASplit.h - Which ops take tiles split over a cluster -*- C++ -*-===//
//
// A program that runs on a cluster of CTAs (num_ctas > 1) can hold a tile
// split over them: `ctaSplit` on the tile's #gir.blocked or #gir.wgmma
// layout cuts dimension 0 into one block of rows per CTA (GPUIR.h,
// getCTASplit). gir-split-ctas chooses which tiles are split; the lowering
// of an op must then work on each CTA's block alone. These say which ops
// it does for, so that the pass and convert-gir-to-llvm agree (and a
// plugin's op, which they do not name, keeps its tiles whole).
//
//===----------------------------------------------------------------------===//
#ifndef TRIDENT_DIALECT_GPUIR_TRANSFORMS_CTASPLIT_H
#define TRIDENT_DIALECT_GPUIR_TRANSFORMS_CTASPLIT_H

#include "mlir/IR/Operation.h"

namespace trident::gir {

/// Whether `op`'s lowering handles split tiles among its operands and
/// results, each CTA working on its block alone: elementwise ops, splats,
/// ranges, broadcasts, expand_dims, pointer loads, stores and atomics,
/// reductions and scans (along a dimension other than 0), the
/// accumulator of dots, layout conversions from a whole tile, and the
/// structured control flow that carries them.
bool acceptsCTASplit(mlir::Operation *op);

/// Whether operand `index` of an op that acceptsCTASplit must still be held
/// whole by every CTA: the B operand of a dot (its A is split with its
/// accumulator), the operand of a reduction or scan along dimension 0.
bool needsWholeOperand(mlir::Operation *op, unsigned index);

} // namespace trident::gir

#endif // TRIDENT_DIALECT_GPUIR_TRANSFORMS_CTASPLIT_H
