//===- Passes.td - Tile IR passes --------------------------*- tablegen -*-===//
#ifndef TRIDENT_TILEIR_PASSES
#define TRIDENT_TILEIR_PASSES

include "mlir/Pass/PassBase.td"

def TileIRCombine : Pass<"tir-combine"> {
  let summary = "Fold redundant Tile IR shape and pointer operations";
  let description = [{
    Runs the canonicalization patterns of every Tile IR operation (splat of
    a constant to a dense constant; broadcast, expand_dims, reshape and
    trans of a splat to a splat; chains of broadcast, reshape, trans and
    bitcast composed; zero-offset addptr removed; constant masks resolved)
    together with rewrites that span dialects:

    - `arith.addf/addi(tir.dot(a, b, 0), d)` -> `tir.dot(a, b, d)`
    - `tir.addptr(tir.addptr(p, a), b)` -> `tir.addptr(p, arith.addi(a, b))`
      when `a` and `b` have the same type
    - `tir.addptr(tir.splat p, tir.splat o)` -> `tir.splat(tir.addptr(p, o))`
    - `arith.select(m, tir.load(p, m), x)` -> `tir.load(p, m, x)`
  }];
  let dependentDialects = ["::trident::tir::TileIRDialect",
                           "::mlir::arith::ArithDialect"];
}

def TileIRLowerBlockPointers : Pass<"tir-lower-block-pointers"> {
  let summary = "Lower block pointers to pointer arithmetic and masked "
                "loads and stores";
  let description = [{
    Rewrites every block pointer (`!tir.blockptr`) into the values it
    stands for: its base pointer, its shape and strides (i64) and its
    offsets (i32), one per dimension.

    - `tir.make_block_ptr` disappears (its operands are those values);
    - `tir.advance` adds to the offsets (`arith.addi`; a constant zero adds
      nothing);
    - `tir.block_load` becomes a `tir.load` through a tile of pointers
      `splat(base) + sum_k pos_k * stride_k` (i64 offsets, a unit stride is
      not multiplied by), with `pos_k = offset_k + make_range(0, B_k)`
      placed along dimension `k`; with a `boundary_check` it is masked by
      `and_k (0 <= pos_k < shape_k)` over the checked dimensions, and reads
      `padding` (zero or NaN) there. `tir.block_store` becomes a
      `tir.store` masked the same way. Cache, eviction and volatile are
      kept. Blocks of `i1` are moved as `i8`, as the front end does.

    Block pointers carried by `scf.for`, `scf.while` and `scf.if`
    (iteration arguments, results, yields), selected by `arith.select`, or
    passed to and returned from functions become as many values of these
    types (a 1:N type conversion); the ones a loop does not change are left
    for canonicalization to drop. A block pointer used by any other
    operation is an error.
  }];
  let dependentDialects = ["::trident::tir::TileIRDialect",
                           "::mlir::arith::ArithDialect"];
}

def TileIRRank0ToScalars : Pass<"tir-rank0-to-scalars"> {
  let summary = "Turn rank-0 tiles into the scalars they hold";
  let description = [{
    A rank-0 tile (`tensor<f32>`, `tensor<!tir.ptr<f32>>`) has one element,
    as a scalar does, and the back ends compute on scalars (on a GPU every
    thread of the program holds the value and one thread stores it, as
    Triton does for scalars). This pass rewrites every rank-0 tile into the
    scalar of its element type:

    - `arith.constant dense<c> : tensor<T>` becomes `arith.constant c : T`;
    - `tir.splat` to, and `tir.broadcast` and `tir.trans` of, a rank-0 tile
      become the scalar; `tir.expand_dims` and `tir.reshape` of one become
      a `tir.splat` to their result;
    - `tir.reshape` of a one-element tile to rank 0 becomes that element
      (a `tir.reduce` whose combine keeps its accumulator; pointers through
      i64); `tir.join` of two rank-0 tiles and `tir.split` into two go
      through tiles of shape 1 and 1x2;
    - elementwise `arith` and `math` operations, `tir.load`, `tir.store`,
      `tir.addptr`, `tir.bitcast`, `tir.int_to_ptr`, `tir.ptr_to_int`,
      `tir.atomic_rmw`, `tir.atomic_cas`, `tir.print`, `tir.assert`,
      `tir.assume`, `tir.inline_asm_elementwise` and
      `tir.extern_elementwise` become the same operation on scalars;
    - `scf.for`, `scf.while` and `scf.if`, function signatures (a kernel's
      `tensor<f32>` argument is an `f32` argument), calls and returns carry
      the scalars.

    Any other operation with a rank-0 tile is an error that names it.
    Every target runs the pass first thing after inlining; the back ends'
    conversions (`convert-tir-to-gir` and the GPU layout passes,
    `convert-gir-to-llvm`, `convert-tir-to-cpu`) name a rank-0 tile that
    is still there rather than lower it.
  }];
  let dependentDialects = ["::trident::tir::TileIRDialect",
                           "::mlir::arith::ArithDialect"];
}

def TileIRLowerDescriptors : Pass<"tir-lower-descriptors"> {
  let summary = "Lower tensor descriptors made in the kernel to masked "
                "pointer loads and stores";
  let description = [{
    Rewrites every `tir.descriptor_load` and `tir.descriptor_store` whose
    descriptor is the result of a `tir.make_tensor_descriptor` (in the same
    function, at any depth of nested regions below it) into a `tir.load` or
    `tir.store` through a tile of pointers. For a block of shape
    `B_0 x .. x B_r-1` at indices `i_k` of a tensor of shape `s_k` and
    strides `t_k`, with `pos_k = i_k + make_range(0, B_k)` broadcast along
    dimension `k`:

    - pointers: `splat(base) + sum_k pos_k * t_k`, with i64 offsets;
    - mask: `and_k (0 <= pos_k < s_k)`;
    - a load reads zero where the mask is false (`other` is a zero tile);
      a store writes nothing there. Cache and eviction hints are kept.

    Descriptors from anywhere else are left alone: kernel arguments, which
    are the back end's to lower (TMA tensor maps on sm_90), and values
    carried through `scf` iteration arguments or results; so are blocks
    that already have a layout (GPU IR). `tir.make_tensor_descriptor`
    operations left without uses are erased.

    With `expand-arguments`, a kernel's (`tir.kernel`) tensor-descriptor
    arguments are first replaced by what a host passes for them on targets
    without TMA: the base pointer, then the shape and the strides (i64, in
    elements, outermost first), then the padding flag (i64, 1 for "nan";
    these loads read zeros), from which a descriptor is made at the top
    of the kernel and lowered like the others. The CPU target runs it so.

    Descriptors kept in memory are records without `tma`: a
    `tir.make_tensor_descriptor ... into %p` writes base address, shape and
    strides (64-bit words) at %p and becomes a plain make, and a
    `tir.reinterpret_tensor_descriptor %p` reads them back into one. With
    `tma` both stay for the back end, which writes and reads TMA tensor
    maps there.

    With `tma` (CUDA targets with TMA, sm_90 and newer), a descriptor made in
    a kernel is kept for the back end, which builds a TMA tensor map for it
    in global scratch memory, when every use of it is a block load or store,
    its block is one TMA can move, and its last stride is the constant 1
    (TMA needs the innermost dimension contiguous); other descriptors are
    lowered to pointer accesses as without the option.
  }];
  let options = [
    Option<"expandArguments", "expand-arguments", "bool", "false",
           "Replace each tensor-descriptor argument of a kernel by its base "
           "pointer, shape and strides">,
    Option<"keepTma", "tma", "bool", "false",
           "Keep descriptors made in kernels that TMA can serve (the back end "
           "builds their tensor maps)">,
  ];
  let dependentDialects = ["::trident::tir::TileIRDialect",
                           "::mlir::arith::ArithDialect"];
}

def TileIRFlattenLoops : Pass<"tir-flatten-loops"> {
  let summary = "Fuse a loop marked tir.flatten with its inner loop";
  let description = [{
    A loop with the `tir.flatten` attribute (`tl.range(..., flatten=True)`)
    whose body holds one inner loop, with bounds that do not depend on the
    outer loop and a prologue without side effects, becomes one loop over
    every (outer, inner) step: the prologue's values the inner loop reads
    are carried (recomputed once per outer step, in an `scf.if` at the
    last inner index), the inner loop's carried values restart from their
    initial values at a step whose inner index is 0, and the epilogue runs
    in an `scf.if` at the last inner index. A nest whose inner loop runs no iterations keeps
    the outer loop (without the inner one). Persistent kernels use it so
    that the software pipeliner fills its ring across tiles. Nests of
    another form keep their loops and lose the attribute.
  }];
  let dependentDialects = ["::mlir::arith::ArithDialect",
                           "::mlir::scf::SCFDialect"];
}

def TileIRRotateDotLoops : Pass<"tir-rotate-dot-loops"> {
  let summary = "Start the next iteration's first dot before this "
                "iteration's second (attention's forward loop)";
  let description = [{
    A loop of two dots whose second accumulates into a carried value
    (`s = q k^T; p, alpha = softmax(s); acc = acc * alpha + p v`) becomes a
    prologue (the first iteration's first dot and what follows from it),
    a loop of one iteration fewer whose body issues the next iteration's
    first dot, then this iteration's second, then the next softmax, and an
    epilogue (the last iteration's second dot), all under `lb < ub`. The
    values the second part reads from the first (`p`, `alpha`) are
    carried. With gir-pipeline's asynchronous dots the tensor cores then
    compute `p v` while the threads compute the next softmax. Loops of
    another form (other than two dots, nested regions, memory writes, a
    step that is not a positive constant, carried values that both parts
    read) are left as they are; so, on GPU IR with `gir.num_warps`, are
    loops whose carried values and first dot's result would take more than
    `max-words` 32-bit registers per thread (0: no limit).
  }];
  let options = [
    Option<"maxWords", "max-words", "int64_t", /*default=*/"200",
           "registers per thread the rotated loop may keep live (GPU IR; "
           "0: no limit)">,
  ];
  let dependentDialects = ["::mlir::arith::ArithDialect",
                           "::mlir::scf::SCFDialect"];
}

def TileIRPrintAxisInfo : Pass<"tir-print-axis-info", "::mlir::ModuleOp"> {
  let summary = "Print the axis info of every integer and pointer value "
                "(a test pass)";
  let description = [{
    Runs the axis-info analysis (`include/trident/Analysis/AxisInfo.h`) on
    the module and reports, as a remark on the operation that defines each
    integer, index or pointer result, its
    `contiguity = [..], divisibility = [..], constancy = [..]` (results of
    operations with several are prefixed `result #i:`). Works on Tile IR
    and GPU IR alike; changes nothing.
  }];
}

#endif // TRIDENT_TILEIR_PASSES
