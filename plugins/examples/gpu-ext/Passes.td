//===- Passes.td - gpux example passes ----------------------*- tablegen -*-===//
#ifndef GPUX_PLUGIN_PASSES
#define GPUX_PLUGIN_PASSES

include "mlir/Pass/PassBase.td"

def GpuxNarrowCoalesce : Pass<"gpux-narrow-coalesce", "::mlir::ModuleOp"> {
  let summary = "Coalesce memory accesses in at most 8 bytes per thread";
  let description = [{
    A coalescing strategy in place of the core's gir-coalesce (the plugin's
    `gpux-narrow` pipeline replaces it): the core's choice
    (trident::gir::coalescedLayout), with each thread's run along the
    contiguous dimension cut to 8 bytes, so that accesses move 8-byte
    vectors (ld.global.v2.f32) instead of 16-byte ones.
  }];
  let dependentDialects = ["::trident::gir::GPUIRDialect"];
}

def GpuxExpandRange : Pass<"gpux-expand-range", "::mlir::ModuleOp"> {
  let summary = "gpux.range as core Tile IR (for targets without its lowering)";
  let description = [{
    Rewrites `gpux.range` into `tir.make_range`, `arith.muli` and
    `arith.addi`, for the CPU target (whose back end lowers Tile IR itself).
  }];
  let dependentDialects = ["::trident::tir::TileIRDialect",
                           "::mlir::arith::ArithDialect"];
}

#endif
