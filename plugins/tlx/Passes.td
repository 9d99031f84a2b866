//===- Passes.td - TLX plugin passes ------------------------*- tablegen -*-===//
#ifndef TLX_PLUGIN_PASSES
#define TLX_PLUGIN_PASSES

include "mlir/Pass/PassBase.td"

def TlxLowerToGir : Pass<"tlx-lower-to-gir", "::mlir::ModuleOp"> {
  let summary = "TLX buffers onto the core's shared-memory descriptors";
  let description = [{
    Runs in the CUDA pipeline's gir stage, right after convert-tir-to-gir
    (the tiles have layouts): `tlx.local_alloc` becomes `gir.local_alloc`
    of a `!gir.memdesc` ring laid out row-major without swizzling
    (`#gir.plain_shared`), `tlx.local_view` `gir.memdesc_index`,
    `tlx.local_load` and `tlx.local_store` `gir.local_load` and
    `gir.local_store`. Each store is fenced by CTA barriers on both sides
    (earlier reads of the buffer finish before it, later reads see it), as
    Triton's barrier analysis does for the same kernels.
  }];
  let dependentDialects = ["::trident::gir::GPUIRDialect"];
}

#endif
