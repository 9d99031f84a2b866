//===- TileSizeLimit.h - The limit on elements per tile ---------*- C++ -*-===//
//
// How many elements a tile may hold, and the check every entry point runs
// (docs/dialects/TileIR.md, "Tile sizes").
//
//===----------------------------------------------------------------------===//
#ifndef TRIDENT_DIALECT_TILEIR_IR_TILESIZELIMIT_H
#define TRIDENT_DIALECT_TILEIR_IR_TILESIZELIMIT_H

#include "mlir/IR/Operation.h"
#include "mlir/Support/LLVM.h"

#include <cstdint>

namespace trident::tir {

/// The most elements a tile may hold: 2^20, as Triton's
/// TRITON_MAX_TENSOR_NUMEL. Distributing a tile gives each thread a share of
/// it that every later stage unrolls, so tiles beyond this are refused on
/// input rather than left to exhaust time or memory in a pass.
constexpr int64_t kMaxTileElements = int64_t(1) << 20;

/// Checks every tile under `root` (`root` included: results, block
/// arguments and the signatures of bodiless functions) against
/// kMaxTileElements. The first tile over it is reported as an error on its
/// op, with its shape, its number of elements (computed without overflow)
/// and the limit; returns failure then.
mlir::LogicalResult verifyTileSizes(mlir::Operation *root);

} // namespace trident::tir

#endif // TRIDENT_DIALECT_TILEIR_IR_TILESIZELIMIT_H
