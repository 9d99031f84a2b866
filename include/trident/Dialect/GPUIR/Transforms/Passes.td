//===- Passes.td - GPU IR passes ---------------------------*- tablegen -*-===//
#ifndef TRIDENT_GPUIR_PASSES
#define TRIDENT_GPUIR_PASSES

include "mlir/Pass/PassBase.td"

// The layout passes of the `gir` stage, after convert-tir-to-gir (which
// gives every tile the default layout). Each reads the module's
// gir.num_warps, gir.threads_per_warp and gir.compute_capability.

def GPUIRCoalesce : Pass<"gir-coalesce", "::mlir::ModuleOp"> {
  let summary = "Put memory accesses in coalesced layouts";
  let description = [{
    Each memory access (`tir.load`, `tir.store`, `tir.atomic_rmw`,
    `tir.atomic_cas`) whose pointer tile the axis-info analysis proves
    contiguous gets a coalesced layout: the most contiguous dimension
    fastest, each thread holding up to 16 aligned bytes of consecutive
    elements over which the mask is constant (the vector the lowering then
    moves in one access; atomics one element), lanes then warps spread from
    it. The access's tiles (pointer, mask, other, value) are converted into
    it by `gir.convert_layout` and its result converted back, so the IR is
    valid after this pass alone; `gir-remove-layout-conversions` then makes
    the tiles that reach the access in its layout. Accesses for which the
    default layout does as well are left alone.
  }];
  let dependentDialects = ["::trident::gir::GPUIRDialect"];
}

def GPUIRDotLayouts : Pass<"gir-dot-layouts", "::mlir::ModuleOp"> {
  let summary = "Give dots tensor-core accumulator layouts";
  let description = [{
    With `gir.compute_capability` 90 or more, a `tir.dot` whose operands
    are bf16 or fp16 (or f32 with `precision = tf32`) and whose fp32
    accumulator tile spans whole warpgroups (rows a multiple of 16 *
    num_warps, num_warps a multiple of 4) gets the `#gir.wgmma`
    accumulator layout: the lowering then uses Hopper's warpgroup MMA.
    A tile of fewer rows (a power of two, at least 64) stacks as many
    warpgroups along M as its rows take and puts the others side by side
    along N, as Triton's MMAv3 does (64x64 on 8 warps: `warpsPerCTA =
    [4, 2]`, each warpgroup an n32 slab), where N (a power of two) leaves
    each at least 8 columns.
    With 80 to 89, a bf16 or fp16 dot with an fp32 accumulator, K a
    multiple of 16 and at least 16 rows and 8 columns per warp gets
    `#gir.mma_v2` (the warps split the tile as squarely as possible, rows
    first), which the lowering runs on Ampere's `mma.sync.m16n8k16`. Other
    2-D dots get a blocked layout of 8x4 elements per thread for the
    CUDA-core lowering. The accumulator operand is converted into the
    layout and the result converted back; `gir-remove-layout-conversions`
    then carries the layout through the loop that accumulates. The operands
    A and B keep the layout they come in.
  }];
  let dependentDialects = ["::trident::gir::GPUIRDialect"];
}

def GPUIRSplitCTAs : Pass<"gir-split-ctas", "::mlir::ModuleOp"> {
  let summary = "Split tiles over the CTAs of a program's cluster";
  let description = [{
    For a module whose programs run on clusters of `gir.num_ctas` CTAs
    (`num_ctas` > 1; nothing changes otherwise): every CTA runs the whole
    kernel, and this pass chooses the tiles each CTA holds only a block of,
    by setting `ctaSplit = num_ctas` on their layouts (dimension 0 cut into
    one block of rows per CTA). Tiles stay whole where an op needs all of
    them: ops whose lowering does not work on blocks (CTASplit.h), the A
    and B operands of dots, reductions and scans along dimension 0, and,
    backwards, the operands of ops whose results stay whole. Where a split
    op takes a whole tile, a `gir.convert_layout` takes the CTA's block.
    A dot's accumulator is split when each block keeps whole warpgroups of
    rows; a CTA then runs its MMAs on its rows of A.
  }];
  let dependentDialects = ["::trident::gir::GPUIRDialect"];
}

def GPUIRSplitColumns : Pass<"gir-split-columns", "::mlir::ModuleOp"> {
  let summary = "Take the column halves of accumulators in registers";
  let description = [{
    Kernels split a 2-D tile `x` (M x N) into its left and right halves by
    `tir.split(tir.trans(tir.reshape(x, [M, 2, N/2]), [0, 2, 1]))` (the
    epilogue subtiling of GEMM kernels, Triton's tutorials among them).
    Moved as written, each of the three ops goes through shared memory.
    Where `x`
    is a warpgroup MMA's accumulator (a `#gir.wgmma` layout), each
    thread's elements of either half are some of its registers: the chain
    becomes two `gir.extract_slice` ops of `x` (offsets [0, 0] and
    [0, N/2]), and the layout passes after it carry the halves in the
    accumulator's layout restricted to them.
  }];
  let dependentDialects = ["::trident::gir::GPUIRDialect"];
}

def GPUIRBoundBarrierWaits
    : Pass<"gir-bound-barrier-waits", "::mlir::ModuleOp"> {
  let summary = "Report barrier waits that do not complete, then trap";
  let description = [{
    A debugging aid for kernels that hang (`TRIDENT_DEBUG_BARRIERS=1`,
    `trident-compile --debug-barriers`): every `nvgir.mbarrier_wait` gets
    `timeout_ms` and `waiter` (the region of a `tir.warp_specialize` it is
    in: "the default region", "partition 1", ..., or "the program"). A
    wait still incomplete after `timeout-ms` milliseconds prints the
    barrier's index and shared-memory address, the phase it waits for, the
    block, the warp and the waiter, with the wait's source line, once per
    warp, then traps: the launch fails with a message instead of hanging.
  }];
  let options = [
    Option<"timeoutMs", "timeout-ms", "int64_t", /*default=*/"1000",
           "milliseconds a barrier wait may take before it is reported">,
  ];
  let dependentDialects = ["::trident::nvgir::NVGIRDialect"];
}

def GPUIRClusterBarriers
    : Pass<"gir-cluster-barriers", "::mlir::ModuleOp"> {
  let summary = "Meet the cluster's CTAs around their use of each other's shared memory";
  let description = [{
    For a module whose programs run in thread-block clusters
    (`gir.cluster_dims`), each kernel whose CTAs reach into another's
    shared memory (`nvgir.mbarrier_arrive` on another CTA, multicast
    `nvgir.tma_load`) gets two `nvgir.cluster_barrier`s: one after its
    barriers are initialized (`barrier_init`: no CTA arrives on a barrier
    of another, or copies into its memory, before that CTA set it up),
    one before it returns (no CTA leaves while another may still arrive
    on its barriers or copy into it). Such a kernel allocates its
    barriers at its top level. Other modules are left as they are.
  }];
  let dependentDialects = ["::trident::nvgir::NVGIRDialect"];
}

def GPUIRRemoveLayoutConversions
    : Pass<"gir-remove-layout-conversions", "::mlir::ModuleOp"> {
  let summary = "Lay the other tiles out around the chosen layouts";
  let description = [{
    Reads back the choices of the layout passes before it (an access whose
    pointer tile comes through a `gir.convert_layout`, every dot's
    accumulator layout), drops every conversion and lays each function out
    again by one forward walk: sources get the default blocked layout of
    their rank, other ops derive theirs from their operands, and backward
    hints from the chosen ops (and scans) let the tiles that reach them be
    made in their layout: elementwise ops create their results in their
    hint, loop-carried tiles take the layout of the loop's use, and cheap
    index arithmetic needed in two layouts is made again rather than
    converted. Conversions remain where two choices disagree.
  }];
  let dependentDialects = ["::trident::gir::GPUIRDialect"];
}

def GPUIRAllocateSharedMemory
    : Pass<"gir-allocate-shared-memory", "::mlir::ModuleOp"> {
  let summary = "Place the kernel's shared-memory buffers";
  let description = [{
    Every op that implements `SharedMemoryBufferOpInterface`
    (`gir.local_alloc`, `nvgir.mbarrier_alloc`, a plugin's buffers and
    barriers) gets its byte offset in the program's dynamic shared-memory
    block, as the attribute `gir.shared_offset`, which the op's lowering
    reads. Buffers are placed in program order, each at the next offset its
    alignment allows; they do not share bytes with each other (a buffer over
    a dead one would need a barrier between the old one's last reads and
    the new one's first writes). The scratch an op's lowering needs while
    it runs is placed later, over the buffers that are dead at that op
    (each scratch user puts a barrier before its first write). A kernel
    whose buffers need more than the target allows
    (`gir.compute_capability`: 227 KiB on sm_90, 163 KiB on sm_80) is an
    error at the largest buffer, with notes at the next largest.
  }];
  let dependentDialects = ["::trident::gir::GPUIRDialect"];
}

def GPUIRPipeline : Pass<"gir-pipeline", "::mlir::ModuleOp"> {
  let summary = "Software-pipeline the loads that feed tensor-core dots "
                "(and those the loop reads in registers)";
  let description = [{
    For an `scf.for` whose body computes `tir.dot(load(pa), load(pb), acc)`
    with a `#gir.wgmma` accumulator (the loads masked with a zero or absent
    `other`, possibly through layout conversions), keeps `num-stages`
    shared-memory buffers per operand and copies global memory into them
    asynchronously, `num-stages - 1` iterations ahead:

    - one mbarrier per stage (`nvgir.mbarrier_alloc`); before the loop, copies
      for the first `num-stages - 1` iterations are started, each stage's
      completion tracked by its barrier (`nvgir.async_copy`,
      `nvgir.async_copy_arrive`);
    - each iteration first starts the copies for iteration
      `i + num-stages - 1` into the buffer the previous iteration read
      (after a `gir.barrier`: every warp is done reading it), then waits on
      the barrier of its own stage (`nvgir.mbarrier_wait`, phase parity
      carried by the loop) and multiplies from shared memory
      (`nvgir.warpgroup_dot`);
    - iterations past the end copy nothing (their masks are false).

    The address computation of the loads (the operations their pointers and
    masks depend on inside the loop, and the loop-carried values they read,
    such as pointer tiles advanced by a constant each iteration) is cloned
    to run ahead. Loops whose addresses depend on other loop-carried values
    (the accumulator, say) are left alone, and so are loads that the
    axis-info analysis cannot prove contiguous and aligned in runs of at
    least 4 bytes per thread (cp.async's smallest copy).

    An operand loaded through a tensor descriptor that is a kernel argument
    (`tir.descriptor_load` of a host-encoded TMA descriptor) is copied by
    TMA instead (`nvgir.tma_load`: one thread arrives on the stage's barrier
    with the block's byte count and starts the bulk tensor copies; copies
    for iterations past the end are not issued), into a ring laid out as
    TMA writes it (`nvgir::getTmaBlockLayout`). Each stage's barrier then
    expects one arrival per TMA operand, plus one per thread if the other
    operand comes by cp.async.

    A loop may hold several such dots (flash attention's Q K^T and P V,
    its backward pass's three or four): every dot operand that traces to a
    load of the body gets a ring, one barrier per stage for all the stage's
    copies; a tile that feeds several dots (the backward's q^T, read as it
    is by one dot and transposed by another) is copied once into one ring
    that both read; a load something else also reads stays as it is. A dot
    whose A is not such a load keeps it: loaded before the loop, it is
    copied once into a one-stage buffer when the rings leave room, else
    (and when computed in the loop, attention's P) it stays a register
    tile, which `nvgir.warpgroup_dot` feeds from registers when its layout
    holds wgmma's A fragment (16-bit types; another register A is converted
    to that layout once, where it is made). Loops of several dots, or with
    a register A, complete each dot in its iteration.

    With `async-dot`, `copy-order` says where each iteration starts its
    copies: at the top (`top`, `num-stages - 2` iterations ahead, since the
    previous iteration's MMAs may still read the slot) or after the wait
    for those MMAs, behind a CTA barrier (`after-dot`, `num-stages - 1`
    ahead, Triton's order). `auto` picks `after-dot` for a ring of three
    stages (TMA or cp.async operands), `top` otherwise.

    Loads the loop reads in registers (no dot operand: attention
    backward's row statistics m and D, a softmax's rows) are ringed too
    when their addresses can run ahead as the dot operands' do and
    cp.async can take them (runs of 4 bytes or more per thread, elements
    of 1 to 8 bytes): a ring of `#gir.plain_shared` slots per load, filled
    in the same stages under the same barriers; the body reads its slot
    back into the load's layout (`gir.local_load`) and applies the load's
    `other` where its mask is false (`arith.select`: the copies zero-fill).
    Such rings are added while every ring leaves 16 KiB of the target's
    shared memory free. A loop without dots is pipelined this way only
    when it carries its own `tir.num_stages = N` (`tl.range(...,
    num_stages=N)`, as Triton) with N >= 2 and holds no other loop: its
    rings have N - 1 slots, the copies run N - 1 iterations ahead, and each
    iteration refills the slot it has just read (after its last read and a
    `gir.barrier`).

    A module attribute `tir.num_stages = N : i32` (a kernel's own stage
    count, like Triton's `num_stages`) overrides the `num-stages` option;
    `tir.num_stages = 1` leaves the module's loops as they are.

    With `async-dot` and `overlap-dots`, a loop of several dots issues
    each dot that wgmma reads in place (A in shared memory, or a 16-bit
    register A in wgmma's register fragment) asynchronously and waits for
    it just before its result is first read, its iteration's later dots
    left in flight (`nvgir.warpgroup_wait` with `pending`): attention's
    backward overlaps p^T dO with v dO^T. The iteration's dots are all
    done by its end, except with `carry-dots`: the last dots whose results
    only the same dots of the next iteration accumulate into (backward's
    dK) stay in flight across the back edge, completed by the next
    iteration's first wait, as Triton's pipeliner leaves them; the copies
    then run `num-stages - 2` iterations ahead, so that they never write
    the slot a carried dot reads.
  }];
  let options = [
    Option<"numStages", "num-stages", "unsigned", "3",
           "Shared-memory buffers per operand (2 or more; 3 or more with "
           "async-dot)">,
    Option<"asyncDot", "async-dot", "bool", "false",
           "Leave each iteration's MMAs in flight until the next iteration "
           "(nvgir.warpgroup_wait {pending = 1}); the copies then run "
           "num-stages - 2 iterations ahead">,
    Option<"copyOrder", "copy-order", "std::string", "\"auto\"",
           "With async-dot, where each iteration issues its copies: 'top' "
           "(before the wait for its data, num-stages - 2 iterations "
           "ahead), 'after-dot' (after the wait for the previous "
           "iteration's MMAs, behind a CTA barrier, num-stages - 1 ahead) "
           "or 'auto' (after-dot when the top would leave fewer than 2 "
           "iterations of lead, else top)">,
    Option<"overlapDots", "overlap-dots", "bool", "true",
           "With async-dot, in a loop of several dots, leave each dot in "
           "flight until its result is first read (else each completes "
           "where it is issued)">,
    Option<"carryDots", "carry-dots", "bool", "false",
           "With overlap-dots, leave the last self-accumulating dots of an "
           "iteration in flight across the back edge (copies num-stages - 2 "
           "iterations ahead)">,
    Option<"dotsPastStageWaits", "dots-past-stage-waits", "bool", "false",
           "With overlap-dots, leave dots in flight across the waits for "
           "later rings' stages (which write nothing a dot in flight "
           "reads): attention's next q k^T beside this p v after "
           "tir-rotate-dot-loops (else every dot in flight completes "
           "before a stage wait)">,
    Option<"ringRegisterLoads", "ring-register-loads", "bool", "true",
           "In a pipelined loop of dots, ring the loads the loop reads in "
           "registers (attention backward's m and D) with the dots' "
           "operands (else they stay loads in the body)">,
    Option<"fenceCopies", "fence-copies", "bool", "true",
           "Fence the async proxy (fence.proxy.async, as the PTX memory "
           "model asks) after waiting for a stage of cp.async copies that "
           "wgmma reads; false leaves it out, as Triton's pipeliner does "
           "(its fences follow register-to-shared copies only)">,
    Option<"copyWait", "copy-wait", "std::string", "\"mbarrier\"",
           "How a loop waits for a stage of cp.async copies: 'mbarrier' "
           "(an mbarrier per stage, cp.async.mbarrier.arrive) or 'group' "
           "(a commit group per stage, cp.async.wait_group and a CTA "
           "barrier, as Triton's pipeliner; for loops whose rings "
           "cp.async alone fills, waited for at one point per iteration)">,
  ];
  let dependentDialects = ["::trident::gir::GPUIRDialect",
                           "::trident::nvgir::NVGIRDialect",
                           "::trident::tir::TileIRDialect",
                           "::mlir::arith::ArithDialect",
                           "::mlir::scf::SCFDialect"];
}

#endif // TRIDENT_GPUIR_PASSES
