//===- Passes.td - Trident conversion passes ---------------*- tablegen -*-===//
#ifndef TRIDENT_CONVERSION_PASSES
#define TRIDENT_CONVERSION_PASSES

include "mlir/Pass/PassBase.td"

def ConvertTileIRToGPUIR : Pass<"convert-tir-to-gir", "::mlir::ModuleOp"> {
  let summary = "Give every tile a register layout (Tile IR to GPU IR)";
  let description = [{
    The first step of the `gir` stage. Every tile gets a distributed
    encoding: sources (ranges, splats, constants, shape changes) get the
    default blocked layout of their rank (that of the function's largest
    tile of the rank) for `num-warps` warps of `threads-per-warp` lanes;
    elementwise operations, loads and stores take the layout of their first
    tiled operand (of the pointer, for memory operations) and convert the
    others to it; a reduction gives the slice of its operand's layout,
    `tir.expand_dims` the parent of a slice, a broadcast keeps its
    operand's layout, a scan has each thread hold a run along its axis;
    loop-carried tiles keep the layout they enter with. Conversions are
    explicit `gir.convert_layout` ops. The module records `gir.num_warps`,
    `gir.threads_per_warp` and, when the option is given,
    `gir.compute_capability`, which the layout passes after it read:
    `gir-coalesce` (memory accesses), `gir-dot-layouts` (tensor-core
    accumulators) and `gir-remove-layout-conversions` (the other tiles
    around those choices). `tir.barrier` becomes `gir.barrier`, the CTA
    barrier.

    A module attribute `tir.num_warps = N : i32` (a kernel's own warp count,
    like Triton's `num_warps`) overrides the `num-warps` option.
  }];
  let options = [
    Option<"numWarps", "num-warps", "unsigned", "4",
           "Warps per program">,
    Option<"threadsPerWarp", "threads-per-warp", "unsigned", "32",
           "Lanes per warp">,
    Option<"computeCapability", "compute-capability", "unsigned", "0",
           "NVIDIA compute capability as major*10+minor (90 for sm_90a); "
           "0 uses no tensor cores">,
  ];
  let dependentDialects = ["::trident::gir::GPUIRDialect"];
}

def ConvertGPUIRToLLVM : Pass<"convert-gir-to-llvm", "::mlir::ModuleOp"> {
  let summary = "Distribute tiles over threads and lower GPU IR to LLVM + NVVM";
  let description = [{
    The first step of the NVIDIA `llir` stage. Each tile becomes the vector
    of the elements its layout gives the calling thread; each Tile IR
    operation becomes the per-thread code of its layout: register
    arithmetic for elementwise operations, compile-time register moves for
    broadcasts and `tir.expand_dims`, warp shuffles and shared memory for
    reductions and layout conversions, gathers and scatters through vectors
    of pointers for loads and stores, except where the axis info (taken
    before anything changes) proves a thread's consecutive registers
    contiguous, aligned and under one mask bit: those move as one vector of
    up to 16 bytes, under a branch on the mask. The axis hints on
    operations (`tir.divisibility`, `tir.contiguity`, `tir.constancy`) are
    read by that analysis and then dropped. `tir.inline_asm_elementwise`
    becomes one `llvm.inline_asm` per `pack` of the thread's registers
    (narrower elements packed into 32-bit vectors); `tir.map_elementwise`
    has its region cloned once per `pack` of the thread's registers. Then
    everything (scf,
    arith, math, cf, func, vector) is lowered to the LLVM dialect. Kernels (`tir.kernel`)
    become `llvm.func`s marked `nvvm.kernel` with `nvvm.maxntid` set from
    `gir.num_warps`. Shared memory is one dynamic buffer per module
    (`@__trident_dynamic_smem`): buffers that live across operations first,
    then a scratch region that every operation needing one reuses, behind a
    barrier. The module records the bytes a launch must give in
    `trident.shared_bytes`; more than the target's per-program limit
    (`gir.compute_capability`, else sm_90: 227 KiB) is an error.

    A masked vector store to global memory is an `llvm.store` under a
    branch on its group's mask (few per thread; many are predicated PTX);
    with `predicate-stores` each is a predicated `st.global` (straight-line
    code, as Triton emits; LLVM then no longer sinks the computation of a
    group's values into its branch). Masked loads likewise: under branches
    (few per thread), all of a block's loads are issued before its
    compute, which keeps their registers live together (Liger's JSD ran at
    0.78 of Triton's speed so on an H100, 1.01 predicated). So a block's
    masked vector loads are predicated `ld.global`s, which ptxas may
    interleave with the compute, when together they hold more than
    `predicate-loads-above` 32-bit registers per thread; with
    `predicate-loads`, every masked global load.
  }];
  let options = [
    Option<"predicateStores", "predicate-stores", "bool", "false",
           "masked vector stores to global memory as predicated PTX, not "
           "under branches">,
    Option<"predicateLoads", "predicate-loads", "bool", "false",
           "masked loads from global memory as predicated PTX, not under "
           "branches">,
    Option<"predicateLoadsAbove", "predicate-loads-above", "int64_t", "48",
           "a block's masked loads from global memory as predicated PTX "
           "when together they hold more than this many 32-bit registers "
           "per thread (negative: never)">,
  ];
  let dependentDialects = ["::mlir::LLVM::LLVMDialect",
                           "::mlir::NVVM::NVVMDialect",
                           "::mlir::vector::VectorDialect",
                           "::mlir::cf::ControlFlowDialect",
                           "::mlir::arith::ArithDialect",
                           "::mlir::math::MathDialect",
                           "::mlir::scf::SCFDialect",
                           "::mlir::ub::UBDialect"];
}

def ConvertTileIRToCPU : Pass<"convert-tir-to-cpu", "::mlir::ModuleOp"> {
  let summary = "Lower Tile IR kernels to loops over buffers for the CPU";
  let description = [{
    The first step of the CPU `cir` stage. Each kernel (`tir.kernel`) is one
    program instance; it becomes a `func.func` whose `!tir.ptr` arguments
    are `!llvm.ptr`s, with six trailing `i32` arguments: the program id
    along axes 0, 1, 2, then the number of programs along them.

    Tiles do not become values: every tile is either materialized in a
    buffer (`memref.alloca`, or `memref.alloc` past a stack budget, one per
    tile value, hoisted to the function's entry) written by a loop nest, or
    computed where it is used. Reductions, scans, dots, atomics,
    loop-carried tiles and loads read more than once are materialized;
    ranges, splats, broadcasts, shape changes, pointer arithmetic,
    elementwise arithmetic and loads read once (with no memory write before
    that read) are computed inside their users' loops (fused), except
    floating-point values used more than once or from inside a nested loop.
    Innermost loops run along the last dimension in steps of `vector-bits`
    / 32 lanes, on `vector` values: buffers through `vector.load` /
    `vector.store`, loads and stores whose pointers are consecutive along
    the last dimension as one (masked) LLVM vector access from the first
    lane's pointer (a run-time stride is checked to be 1), reductions in
    vector accumulators, dots in register blocks of `vector.fma`s; what has
    no vector form is computed lane by lane. Pointers are `!llvm.ptr`
    (`tir.addptr` is a GEP); tiles of pointers kept in buffers hold `i64`
    addresses. Other masked accesses branch on the mask; atomics are
    `llvm.atomicrmw` / `llvm.cmpxchg`, atomic across threads. A `tir.dot`
    accumulates in the accumulator's type with products in that type
    (bf16/f16 inputs are extended). A `tir.inline_asm_elementwise` writes
    its results' buffers in a loop over the elements, one `llvm.inline_asm`
    per `pack` of them (each element its own asm operand); a
    `tir.map_elementwise` does the same with its region inlined in the
    loop; `tir.barrier`
    is nothing (a program instance is one thread); axis hints are dropped.

    Each kernel also gets a grid entry `__trident_cpu_grid_<kernel>(args,
    begin, end, nx, ny, nz)` that runs the program instances with linear
    ids in [begin, end) (x fastest), each argument read through `args[i]`
    (a pointer to its value, like CUDA's kernel parameters). The module
    records `trident.cpu.kernel`, `trident.cpu.entry` and
    `trident.cpu.arg_types` (`ptr`, `i32`, `f32`, ... per argument) for the
    runtime. Functions that are not kernels are left alone.
  }];
  let options = [
    Option<"stackBytes", "stack-bytes", "unsigned", "262144",
           "Bytes of tile buffers a program instance may keep on its stack; "
           "buffers past this budget (or over a quarter of it) are "
           "heap-allocated">,
    Option<"vectorBits", "vector-bits", "unsigned", "0",
           "Width in bits of the vectors that loops work on (lanes of 32-bit "
           "elements = bits / 32; below 64, scalar loops); 0: the host "
           "CPU's widest (512 with AVX-512, 256 with AVX, else 128)">,
  ];
  let dependentDialects = ["::mlir::LLVM::LLVMDialect",
                           "::mlir::memref::MemRefDialect",
                           "::mlir::vector::VectorDialect",
                           "::mlir::func::FuncDialect",
                           "::mlir::arith::ArithDialect",
                           "::mlir::math::MathDialect",
                           "::mlir::scf::SCFDialect"];
}

def CPUApproximateMath : Pass<"cpu-approximate-math", "::mlir::ModuleOp"> {
  let summary = "Polynomial approximations of math functions on vectors";
  let description = [{
    LLVM has no vector form of libm's `exp`, `log`, `tanh` or `erf`: on a
    vector it calls the scalar function once per lane. This pass rewrites
    those math operations on vectors (`exp`, `expm1`, `log`, `log2`,
    `log1p`, `tanh`, `erf`) into MLIR's polynomial approximations in arith
    (f16 and bf16 through f32), which stay in vector registers. Scalar math
    operations keep libm's correctly rounded functions.
  }];
  let dependentDialects = ["::mlir::arith::ArithDialect",
                           "::mlir::math::MathDialect",
                           "::mlir::vector::VectorDialect"];
}

def CPUBoundsCheck : Pass<"cpu-bounds-check", "::mlir::ModuleOp"> {
  let summary = "Check each memory access of a CPU kernel against its "
                "launch's buffers (a debug mode)";
  let description = [{
    Runs after `convert-tir-to-cpu`, on the kernel it lowered (the module's
    `trident.cpu.kernel`), and only when bounds checking is asked for
    (`TRIDENT_CPU_BOUNDS_CHECK=1`, `trident-run-cpu --bounds-check`): it is
    not in the default pipeline. Before each `llvm.load`, `llvm.store`,
    `llvm.intr.masked.load`, `llvm.intr.masked.store`, `llvm.atomicrmw` and
    `llvm.cmpxchg` of the kernel it calls the CPU runtime's

      __trident_cpu_check_access(ptr, element_bytes, lanes, mask, site)

    where lane i (bit i of the i64 `mask`; a masked access's active lanes,
    every lane of another) accesses `element_bytes` bytes at `ptr + i *
    element_bytes`, and `site` is a string "load at FILE:LINE:COL" (store,
    atomic) from the access's location, the Tile IR op's. Accesses of more
    than 64 lanes are checked 64 lanes at a time. Tile buffers of the
    lowering are memrefs, not checked. The runtime reports the first
    access that lies in none of the launch's buffers and stops its program
    instance. The module gets the unit attribute `trident.cpu.bounds_check`,
    which the kernel's metadata carries to the runtime.
  }];
  let dependentDialects = ["::mlir::LLVM::LLVMDialect",
                           "::mlir::arith::ArithDialect",
                           "::mlir::vector::VectorDialect"];
}

#endif // TRIDENT_CONVERSION_PASSES
