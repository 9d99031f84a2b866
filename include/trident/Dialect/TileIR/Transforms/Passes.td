//===- Passes.td - Tile IR passes --------------------------*- tablegen -*-===//
#ifndef TRIDENT_TILEIR_PASSES
#define TRIDENT_TILEIR_PASSES

include "mlir/Pass/PassBase.td"

def TileIRCombine : Pass<"tir-combine"> {
  let summary = "Fold redundant Tile IR shape and pointer operations";
  let description = [{
    Rewrites chains of tile shape operations into simpler forms, for example
    a broadcast of a splat into one splat.
  }];
  let dependentDialects = ["::trident::tir::TileIRDialect"];
}

#endif // TRIDENT_TILEIR_PASSES
