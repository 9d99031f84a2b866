//===- Passes.h - Tile IR passes --------------------------------*- C++ -*-===//
#ifndef TRIDENT_DIALECT_TILEIR_TRANSFORMS_PASSES_H
#define TRIDENT_DIALECT_TILEIR_TRANSFORMS_PASSES_H

#include "mlir/Pass/Pass.h"
#include "trident/Dialect/TileIR/IR/TileIR.h"

namespace trident::tir {
#define GEN_PASS_DECL
#include "trident/Dialect/TileIR/Transforms/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "trident/Dialect/TileIR/Transforms/Passes.h.inc"
} // namespace trident::tir

#endif
