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
      pointers the layout of a coalesced load), after a CTA barrier when
      the group of warps that runs it (a task, or the program) also reads
      the ring, unless one already separates it from earlier reads of
      shared memory (other groups' reads are ordered by the kernel's own
      mbarriers);
      `tlx.async_commit_group` and `tlx.async_wait` become
      `nvgir.async_commit_group` and `nvgir.async_wait`;
    - `tlx.async_dot` becomes an asynchronous `nvgir.warpgroup_dot`, its
      accumulator in the `#gir.wgmma` layout of the program's warps (a
      register A of 8 or 32 bits makes it synchronous: the lowering stages
      that A through shared memory); `tlx.async_dot_wait` becomes
      `nvgir.warpgroup_wait`;
    - `tlx.alloc_barriers` becomes `nvgir.mbarrier_alloc`; a barrier view
      is the pair (barriers, index) the core's ops take:
      `tlx.barrier_expect_bytes`, `tlx.barrier_arrive` and
      `tlx.barrier_wait` become `nvgir.mbarrier_expect_tx`,
      `nvgir.mbarrier_arrive` (the first thread of the group that runs
      it) and an `unfenced` `nvgir.mbarrier_wait` (TLX kernels fence
      between proxies with `tlx.fence`), inside an `scf.if` when they
      have a predicate;
    - `tlx.async_descriptor_load` becomes an `nvgir.tma_load` marked
      `expected` (it completes the bytes announced to the barrier), after
      a CTA barrier as for `tlx.async_load`; a ring TMA writes takes the
      layout TMA writes (`nvgir::getTmaBlockLayout`), which tensor cores
      read too;
    - `tlx.local_trans` becomes `gir.memdesc_trans`.
  }];
  let dependentDialects = ["::trident::gir::GPUIRDialect",
                           "::trident::nvgir::NVGIRDialect",
                           "::mlir::scf::SCFDialect"];
}

def TlxLowerTasks : Pass<"tlx-lower-tasks", "::mlir::ModuleOp"> {
  let summary = "TLX tasks onto the core's warp-specialized regions";
  let description = [{
    Runs in the tir stage right after `inline`: each `tlx.async_tasks`
    becomes a `tir.warp_specialize` whose default region is the default
    task's body and whose partitions are the other tasks (one per
    replica), in order, with their warps and register budgets. A
    partition sees only its captures: the scalars, pointers, descriptors,
    buffers and barriers its body uses from outside; constants and the
    tiles made from them (which `cse` may have merged with the kernel's)
    are made again inside it. A tile made otherwise outside a task is an
    error that names it.
  }];
  let dependentDialects = ["::trident::tir::TileIRDialect"];
}

def TlxLowerToCpu : Pass<"tlx-lower-to-cpu", "::mlir::ModuleOp"> {
  let summary = "TLX ops onto the CPU target: real copies, threads, barriers";
  let description = [{
    On the CPU target a program is one thread and each of its TLX tasks
    (a partition of `tir.warp_specialize`) another: rings of buffers and
    barriers are memory of the program (the runtime's scratch memory,
    zeroed, freed at the end of the block that allocates them), a buffer
    is a pointer into it with its shape and strides (`tlx.local_trans`
    permutes them), `tlx.local_load` / `tlx.local_store` and the
    asynchronous copies are loads and stores that complete at once
    (masked-off elements of `tlx.async_load` are 0), `tlx.async_dot` is
    `tir.dot` of the buffers' tiles, and barriers are the runtime's
    mbarriers (`__trident_cpu_mbarrier_*`: arrival and byte counts per
    phase, waits on a phase's parity; `TRIDENT_DEBUG_BARRIERS` bounds the
    waits). Commit and wait groups have nothing left to wait for.
  }];
  let dependentDialects = ["::trident::tir::TileIRDialect",
                           "::mlir::scf::SCFDialect"];
}

#endif
