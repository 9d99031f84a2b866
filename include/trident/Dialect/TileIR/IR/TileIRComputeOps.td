//===- TileIRComputeOps.td - dot, reduce and scan ----------*- tablegen -*-===//
//
// Tile-wide computations. Included by TileIROps.td. Elementwise arithmetic
// is upstream `arith` and `math` on tiles.
//
//===----------------------------------------------------------------------===//
#ifndef TRIDENT_TILEIR_COMPUTEOPS
#define TRIDENT_TILEIR_COMPUTEOPS

def TIR_DotOp : TileIR_Op<"dot", [Pure, AllTypesMatch<["c", "d"]>]> {
  let summary = "matrix product with accumulation: d = a * b + c";
  let description = [{
    `a` is MxK, `b` is KxN, `c` and `d` are MxN (with an optional leading
    batch dimension on all four), like `tl.dot(a, b, acc)`. `a` and `b`
    have the same element type, except that the two 8-bit float types may
    be mixed; floats accumulate into a float `c`, integers into an integer
    `c`. `precision` (`ieee`, `tf32`, `tf32x3`) selects how f32 products are
    formed; `max_num_imprecise_acc` bounds how many fp8 products may be
    accumulated at reduced precision before being added in full precision
    (0: all in full precision).

    ```mlir
    %d = tir.dot %a, %b, %c : tensor<128x64xbf16> * tensor<64x128xbf16> -> tensor<128x128xf32>
    ```
  }];
  let arguments = (ins TIR_NumTile:$a, TIR_NumTile:$b, TIR_NumTile:$c,
                       DefaultValuedAttr<TIR_InputPrecision,
                           "::trident::tir::InputPrecision::IEEE">:$precision,
                       DefaultValuedAttr<ConfinedAttr<I32Attr, [IntMinValue<0>]>,
                           "0">:$max_num_imprecise_acc);
  let results = (outs TIR_NumTile:$d);
  let assemblyFormat = [{
    $a `,` $b `,` $c (`precision` `=` $precision^)?
    (`max_num_imprecise_acc` `=` $max_num_imprecise_acc^)? attr-dict
    `:` type($a) `*` type($b) `->` type($d)
  }];
  let builders = [
    OpBuilder<(ins "::mlir::Value":$a, "::mlir::Value":$b, "::mlir::Value":$c,
                   CArg<"::trident::tir::InputPrecision",
                        "::trident::tir::InputPrecision::IEEE">:$precision,
                   CArg<"uint32_t", "0">:$maxNumImpreciseAcc), [{
      build($_builder, $_state, c.getType(), a, b, c, precision,
            maxNumImpreciseAcc);
    }]>
  ];
  let hasVerifier = 1;
}

def TIR_ReduceOp : TileIR_Op<"reduce", [RecursiveMemoryEffects,
    RecursivelySpeculatable, SameOperandsShape, SingleBlock]> {
  let summary = "reduce tiles along an axis with a combine region";
  let description = [{
    Reduces one or more tiles of the same shape along `axis`, like
    `tl.reduce((x, y), axis, combine_fn)`. The region combines two partial
    results: its block takes, for each operand, an accumulated value and
    then, in the same order, a new value (`2 * N` scalar arguments with the
    operands' element types) and yields `N` combined values through
    `tir.reduce.return`. The order of combination is unspecified, so the
    combine function should be associative and commutative. Each result
    has the operand's shape without `axis`, or is a scalar when the operand
    is 1-D.

    ```mlir
    %m = tir.reduce %x axis = 1 : tensor<128x64xf32> -> tensor<128xf32> {
    ^bb0(%acc: f32, %v: f32):
      %r = arith.maxnumf %acc, %v : f32
      tir.reduce.return %r : f32
    }
    ```
  }];
  let arguments = (ins Variadic<TIR_Tile>:$srcs, I32Attr:$axis);
  let results = (outs Variadic<TIR_Type>:$result);
  let regions = (region SizedRegion<1>:$combineOp);
  let assemblyFormat = [{
    $srcs `axis` `=` $axis attr-dict `:` type($srcs) `->` type($result)
    $combineOp
  }];
  let builders = [
    OpBuilder<(ins "::mlir::ValueRange":$srcs, "int32_t":$axis)>
  ];
  let hasVerifier = 1;
  let hasRegionVerifier = 1;
  let extraClassDeclaration = [{
    /// The element types of the operands, in order.
    ::llvm::SmallVector<::mlir::Type> getElementTypes();
  }];
}

def TIR_ReduceReturnOp : TileIR_Op<"reduce.return", [Pure, Terminator,
    ReturnLike, HasParent<"ReduceOp">]> {
  let summary = "yield the combined values of a tir.reduce region";
  let arguments = (ins Variadic<AnyType>:$result);
  let assemblyFormat = "attr-dict ($result^ `:` type($result))?";
}

def TIR_ScanOp : TileIR_Op<"scan", [RecursiveMemoryEffects,
    RecursivelySpeculatable, SameOperandsAndResultShape, SingleBlock]> {
  let summary = "inclusive scan of tiles along an axis with a combine region";
  let description = [{
    Computes the inclusive prefix combination of one or more tiles of the
    same shape along `axis` (from the end with `reverse`), like
    `tl.associative_scan((x, y), axis, combine_fn, reverse)`. The region
    has the same signature as in `tir.reduce` and ends in
    `tir.scan.return`. Results have the operands' types.

    ```mlir
    %c = tir.scan %x axis = 0 reverse : tensor<128xi32> -> tensor<128xi32> {
    ^bb0(%acc: i32, %v: i32):
      %s = arith.addi %acc, %v : i32
      tir.scan.return %s : i32
    }
    ```
  }];
  let arguments = (ins Variadic<TIR_Tile>:$srcs, I32Attr:$axis,
                       UnitAttr:$reverse);
  let results = (outs Variadic<TIR_Tile>:$result);
  let regions = (region SizedRegion<1>:$combineOp);
  let assemblyFormat = [{
    $srcs `axis` `=` $axis (`reverse` $reverse^)? attr-dict `:` type($srcs)
    `->` type($result) $combineOp
  }];
  let builders = [
    OpBuilder<(ins "::mlir::ValueRange":$srcs, "int32_t":$axis,
                   CArg<"bool", "false">:$reverse)>
  ];
  let hasVerifier = 1;
  let hasRegionVerifier = 1;
  let extraClassDeclaration = [{
    /// The element types of the operands, in order.
    ::llvm::SmallVector<::mlir::Type> getElementTypes();
  }];
}

def TIR_ScanReturnOp : TileIR_Op<"scan.return", [Pure, Terminator,
    ReturnLike, HasParent<"ScanOp">]> {
  let summary = "yield the combined values of a tir.scan region";
  let arguments = (ins Variadic<AnyType>:$result);
  let assemblyFormat = "attr-dict ($result^ `:` type($result))?";
}

def TIR_InlineAsmElementwiseOp : TileIR_Op<"inline_asm_elementwise", [
    DeclareOpInterfaceMethods<MemoryEffectsOpInterface>]> {
  let summary = "apply target assembly to the elements of tiles";
  let description = [{
    Runs the assembly `asm_string` on the elements of its operands, like
    `tl.inline_asm_elementwise(asm, constraints, args, dtype, is_pure,
    pack)`. Operands and results are scalars, or tiles of one shape. Each
    invocation of the assembly handles `pack` elements (of every operand
    and result; `pack` divides the element count). Which elements share an
    invocation is the back end's choice (on a GPU, consecutive registers
    of a thread, as its layout gives them), so the assembly should compute
    each result element from the same element of the operands.
    `constraints` are LLVM inline-assembly constraints (`"=r,r"`): outputs
    first (`$0`, ...), then inputs. Without `pure` the assembly may read
    and write memory and is never removed.

    The text is the target's: PTX on NVIDIA GPUs, where operands narrower
    than 32 bits are packed, `32 / bits` of a pack at a time, into one
    vector register per constraint (as Triton does); x86 (AT&T syntax) on
    the CPU, where every element of a pack is its own operand. The order
    of asm operands is, for each result, its `pack` elements (or packed
    registers), then the same for each operand.

    ```mlir
    %y = tir.inline_asm_elementwise "shl.b32 $0, $1, 3;", "=r,r" pure
        (%x : tensor<128xi32>) -> tensor<128xi32>
    ```
  }];
  let arguments = (ins StrAttr:$asm_string, StrAttr:$constraints,
                       UnitAttr:$pure,
                       DefaultValuedAttr<ConfinedAttr<I32Attr, [IntPositive]>,
                                         "1">:$pack,
                       Variadic<TIR_Type>:$args);
  let results = (outs Variadic<TIR_NumLike>:$result);
  let assemblyFormat = [{
    $asm_string `,` $constraints (`pure` $pure^)? (`pack` `=` $pack^)?
    (` ` `(` $args^ `:` type($args) `)`)? attr-dict `->` type($result)
  }];
  let hasVerifier = 1;
  let extraClassDeclaration = [{
    /// Checks that `constraints` name `outputs` outputs and `inputs` inputs
    /// (clobbers aside): what a lowering passes to each invocation. Emits
    /// an error naming the counts otherwise.
    ::mlir::LogicalResult verifyConstraintCounts(unsigned outputs,
                                                 unsigned inputs);
  }];
}

def TIR_MapElementwiseOp : TileIR_Op<"map_elementwise", [
    RecursiveMemoryEffects, SingleBlock]> {
  let summary = "apply a scalar region to the elements of tiles";
  let description = [{
    Runs its region on the elements of its operands, like
    `tl.map_elementwise(scalar_fn, *args, pack)`: operands and results are
    scalars, or tiles of one shape, and result `j` has the element type
    the region returns for it. Each run of the region handles `pack`
    elements (`pack` divides the element count): its block takes, for
    each operand, `pack` scalars (`a0 .. a{pack-1}`, then `b0 ..`), and
    `tir.map_elementwise.return` yields, for each result, `pack` scalars
    in the same order. Which elements share a run is the back end's
    choice (on a GPU, consecutive registers of a thread), so the region
    should compute each result element from the same element of the
    operands. The region may hold scalar control flow (`scf.if`,
    `scf.for`, `scf.while`).

    ```mlir
    %q, %r = tir.map_elementwise (%a, %b : tensor<128xi32>, tensor<128xi32>)
        -> tensor<128xi32>, tensor<128xi32> {
    ^bb0(%x: i32, %y: i32):
      %d = arith.divui %x, %y : i32
      %m = arith.remui %x, %y : i32
      tir.map_elementwise.return %d, %m : i32, i32
    }
    ```
  }];
  let arguments = (ins Variadic<TIR_NumLike>:$args,
                       DefaultValuedAttr<ConfinedAttr<I32Attr, [IntPositive]>,
                                         "1">:$pack);
  let results = (outs Variadic<TIR_NumLike>:$result);
  let regions = (region SizedRegion<1>:$body);
  let assemblyFormat = [{
    `(` $args `:` type($args) `)` (`pack` `=` $pack^)? attr-dict
    `->` type($result) $body
  }];
  let hasVerifier = 1;
  let hasRegionVerifier = 1;
}

def TIR_MapElementwiseReturnOp : TileIR_Op<"map_elementwise.return", [Pure,
    Terminator, ReturnLike, HasParent<"MapElementwiseOp">]> {
  let summary = "yield the values of one run of a tir.map_elementwise region";
  let arguments = (ins Variadic<AnyType>:$result);
  let assemblyFormat = "attr-dict ($result^ `:` type($result))?";
}

def TIR_ExternElementwiseOp : TileIR_Op<"extern_elementwise", [
    DeclareOpInterfaceMethods<MemoryEffectsOpInterface>]> {
  let summary = "apply an external scalar function to the elements of tiles";
  let description = [{
    Calls the function `symbol` once per element, like Triton's
    `tl.extern_elementwise`: operands and the result are scalars, or tiles
    of one shape, and the function takes and returns the element types
    (`f32`, `f64`, `i32`, `i64`, ...). The usual symbols are CUDA
    libdevice's (`__nv_lgammaf`): on NVIDIA GPUs the call is linked
    against `libdevice.10.bc` (or the bitcode file `libpath` when given),
    on the CPU against the CPU target's implementation of the same
    functions, or any C function of the process. Without `pure` the
    function may read and write memory and is never removed.

    ```mlir
    %y = tir.extern_elementwise "__nv_erfinvf" pure
        (%x : tensor<128xf32>) -> tensor<128xf32>
    ```
  }];
  let arguments = (ins StrAttr:$symbol, UnitAttr:$pure,
                       OptionalAttr<StrAttr>:$libpath,
                       Variadic<TIR_NumLike>:$args);
  let results = (outs TIR_NumLike:$result);
  let assemblyFormat = [{
    $symbol (`pure` $pure^)? (`lib` $libpath^)?
    (` ` `(` $args^ `:` type($args) `)`)? attr-dict `->` type($result)
  }];
  let hasVerifier = 1;
}

#endif // TRIDENT_TILEIR_COMPUTEOPS
