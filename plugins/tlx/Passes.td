//===- Passes.td - TLX plugin passes ------------------------*- tablegen -*-===//
#ifndef TLX_PLUGIN_PASSES
#define TLX_PLUGIN_PASSES

include "mlir/Pass/PassBase.td"

def TlxLowerToGir : Pass<"tlx-lower-to-gir", "::mlir::ModuleOp"> {
  let summary = "TLX buffers onto the core's shared-memory descriptors";
  let description = [{
    Runs in the CUDA pipeline's gir stage, right after convert-tir-to-gir
    (the tiles have layouts), before the layout passes, which lay the
    kernel out around what it writes:
    - `tlx.local_alloc` becomes `gir.local_alloc` of a `!gir.memdesc`
      ring, row-major: swizzled for the tensor cores
      (`#gir.nvmma_shared`, 128-byte atoms or the row's bytes) when
      `tlx.async_dot` reads it, else unswizzled (`#gir.plain_shared`);
      `tlx.local_view` becomes `gir.memdesc_index`;
    - `tlx.local_load` and `tlx.local_store` become `gir.local_load` and
      `gir.local_store` (plain buffers), each store between CTA barriers
      (earlier reads of the buffer finish before it, later reads see it),
      as Triton's barrier analysis places them for the same kernels;
    - `tlx.async_load` becomes `nvgir.async_copy` (gir-coalesce gives its
      pointers the layout of a coalesced load), after a CTA barrier unless
      one already separates it from earlier reads of shared memory;
      `tlx.async_commit_group` and `tlx.async_wait` become
      `nvgir.async_commit_group` and `nvgir.async_wait`;
    - `tlx.async_dot` becomes an asynchronous `nvgir.warpgroup_dot`, its
      accumulator in the `#gir.wgmma` layout of the program's warps (a
      register A of 8 or 32 bits makes it synchronous: the lowering stages
      that A through shared memory); `tlx.async_dot_wait` becomes
      `nvgir.warpgroup_wait`.
  }];
  let dependentDialects = ["::trident::gir::GPUIRDialect",
                           "::trident::nvgir::NVGIRDialect"];
}

#endif
