//===- TileIROps.td - Tile IR operations (root) ------------*- tablegen -*-===//
//
// The root of the Tile IR operation definitions. Program, shape and pointer
// operations live here; memory, compute and debug operations live in the
// files included at the end. One tablegen run generates all of them.
//
//===----------------------------------------------------------------------===//
#ifndef TRIDENT_TILEIR_OPS
#define TRIDENT_TILEIR_OPS

include "mlir/IR/OpBase.td"
include "mlir/IR/BuiltinAttributes.td"
include "mlir/Interfaces/SideEffectInterfaces.td"
include "mlir/Interfaces/ControlFlowInterfaces.td"
include "trident/Dialect/TileIR/IR/TileIRDialect.td"
include "trident/Dialect/TileIR/IR/TileIRTypes.td"
include "trident/Dialect/TileIR/IR/TileIRAttrs.td"

// The memory that loads, stores and atomics touch (global or shared memory
// reached through a pointer), and that print/assert are ordered with.
def TIR_GlobalMemory : Resource<"::trident::tir::GlobalMemory">;

//===----------------------------------------------------------------------===//
// Program instance queries
//===----------------------------------------------------------------------===//

class TIR_GridQueryOp<string mnemonic, string what>
    : TileIR_Op<mnemonic, [Pure]> {
  let summary = what # " along an axis of the launch grid";
  let arguments = (ins ConfinedAttr<I32Attr, [IntMinValue<0>, IntMaxValue<2>]>:$axis);
  let results = (outs I32:$result);
  let assemblyFormat = "$axis attr-dict `:` type($result)";
  let builders = [
    OpBuilder<(ins "int32_t":$axis), [{
      build($_builder, $_state, $_builder.getI32Type(), axis);
    }]>
  ];
}

def TIR_GetProgramIdOp : TIR_GridQueryOp<"get_program_id",
    "index of this program instance"> {
  let description = [{
    Returns the index of the running program instance along grid axis
    `axis` (0, 1 or 2), like `tl.program_id(axis)`.

    ```mlir
    %pid = tir.get_program_id 0 : i32
    ```
  }];
}

def TIR_GetNumProgramsOp : TIR_GridQueryOp<"get_num_programs",
    "number of program instances"> {
  let description = [{
    Returns the number of program instances along grid axis `axis` (0, 1 or
    2), like `tl.num_programs(axis)`.

    ```mlir
    %n = tir.get_num_programs 1 : i32
    ```
  }];
}

//===----------------------------------------------------------------------===//
// Tile construction and shape manipulation
//===----------------------------------------------------------------------===//

def TIR_MakeRangeOp : TileIR_Op<"make_range", [Pure]> {
  let summary = "1-D tile of consecutive i32 values";
  let description = [{
    Produces `[start, start + 1, ..., end - 1]` as a `tensor<Nxi32>` with
    `N = end - start`, like `tl.arange(start, end)`.

    ```mlir
    %offs = tir.make_range 0 to 128 : tensor<128xi32>
    ```
  }];
  let arguments = (ins I32Attr:$start, I32Attr:$end);
  let results = (outs StaticShapeTensorOf<[I32]>:$result);
  let assemblyFormat = "$start `to` $end attr-dict `:` type($result)";
  let builders = [
    OpBuilder<(ins "int32_t":$start, "int32_t":$end)>
  ];
  let hasVerifier = 1;
}

def TIR_SplatOp : TileIR_Op<"splat", [Pure,
    TypesMatchWith<"source type matches the result element type",
                   "result", "src", "::mlir::getElementTypeOrSelf($_self)">]> {
  let summary = "tile whose every element is one scalar";
  let description = [{
    Fills a tile with a scalar (integer, float or pointer), like
    `tl.full(shape, x)` or the implicit broadcast of a scalar operand.

    ```mlir
    %t = tir.splat %x : f32 -> tensor<128x64xf32>
    ```
  }];
  let arguments = (ins TIR_ElemType:$src);
  let results = (outs TIR_Tile:$result);
  let assemblyFormat = "$src attr-dict `:` type($src) `->` type($result)";
  let hasFolder = 1;
}

def TIR_BroadcastOp : TileIR_Op<"broadcast", [Pure,
    SameOperandsAndResultElementType]> {
  let summary = "expand the size-1 dimensions of a tile";
  let description = [{
    Repeats a tile along its size-1 dimensions to reach the result shape,
    which has the same rank. Every other dimension must be unchanged. Ranks
    are aligned beforehand with `tir.expand_dims`.

    ```mlir
    %b = tir.broadcast %a : tensor<1x64xf32> -> tensor<128x64xf32>
    ```
  }];
  let arguments = (ins TIR_Tile:$src);
  let results = (outs TIR_Tile:$result);
  let assemblyFormat = "$src attr-dict `:` type($src) `->` type($result)";
  let hasVerifier = 1;
  let hasFolder = 1;
  let hasCanonicalizer = 1;
}

def TIR_ExpandDimsOp : TileIR_Op<"expand_dims", [Pure,
    SameOperandsAndResultElementType]> {
  let summary = "insert a size-1 dimension into a tile";
  let description = [{
    Inserts a dimension of size 1 at position `axis` (0 to the source rank),
    like `x[:, None]` or `tl.expand_dims(x, axis)`.

    ```mlir
    %col = tir.expand_dims %r, axis = 1 : tensor<128xi32> -> tensor<128x1xi32>
    ```
  }];
  let arguments = (ins TIR_Tile:$src, I32Attr:$axis);
  let results = (outs TIR_Tile:$result);
  let assemblyFormat = [{
    $src `,` `axis` `=` $axis attr-dict `:` type($src) `->` type($result)
  }];
  let builders = [
    OpBuilder<(ins "::mlir::Value":$src, "int32_t":$axis)>
  ];
  let hasVerifier = 1;
  let hasFolder = 1;
  let hasCanonicalizer = 1;
}

def TIR_ReshapeOp : TileIR_Op<"reshape", [Pure,
    SameOperandsAndResultElementType]> {
  let summary = "give a tile a new shape with the same number of elements";
  let description = [{
    Reinterprets a tile in row-major order with a new shape of the same
    element count, like `tl.reshape`. With `allow_reorder`, later stages
    may permute the elements (useful when only a reduction follows).

    ```mlir
    %r = tir.reshape %t : tensor<4x32xf32> -> tensor<128xf32>
    ```
  }];
  let arguments = (ins TIR_Tile:$src, UnitAttr:$allow_reorder);
  let results = (outs TIR_Tile:$result);
  let assemblyFormat = [{
    $src (`allow_reorder` $allow_reorder^)? attr-dict `:` type($src) `->` type($result)
  }];
  let hasVerifier = 1;
  let hasFolder = 1;
  let hasCanonicalizer = 1;
}

def TIR_TransOp : TileIR_Op<"trans", [Pure,
    SameOperandsAndResultElementType]> {
  let summary = "permute the dimensions of a tile";
  let description = [{
    Dimension `i` of the result is dimension `order[i]` of the source, like
    `tl.permute(x, order)` (`tl.trans` on a 2-D tile is order `[1, 0]`).

    ```mlir
    %t = tir.trans %a, [1, 0] : tensor<64x32xf16> -> tensor<32x64xf16>
    ```
  }];
  let arguments = (ins TIR_Tile:$src, DenseI32ArrayAttr:$order);
  let results = (outs TIR_Tile:$result);
  let assemblyFormat = [{
    $src `,` $order attr-dict `:` type($src) `->` type($result)
  }];
  let builders = [
    OpBuilder<(ins "::mlir::Value":$src, "::llvm::ArrayRef<int32_t>":$order)>
  ];
  let hasVerifier = 1;
  let hasFolder = 1;
  let hasCanonicalizer = 1;
}

def TIR_JoinOp : TileIR_Op<"join", [Pure, SameTypeOperands]> {
  let summary = "interleave two tiles along a new minor dimension of size 2";
  let description = [{
    Stacks two tiles of the same type along a new last dimension of size 2,
    like `tl.join(a, b)`.

    ```mlir
    %j = tir.join %a, %b : tensor<64xf32> -> tensor<64x2xf32>
    ```
  }];
  let arguments = (ins TIR_Tile:$lhs, TIR_Tile:$rhs);
  let results = (outs TIR_Tile:$result);
  let assemblyFormat = "$lhs `,` $rhs attr-dict `:` type($lhs) `->` type($result)";
  let builders = [
    OpBuilder<(ins "::mlir::Value":$lhs, "::mlir::Value":$rhs)>
  ];
  let hasVerifier = 1;
}

def TIR_SplitOp : TileIR_Op<"split", [Pure, AllTypesMatch<["lhs", "rhs"]>]> {
  let summary = "split a tile whose last dimension is 2 into two tiles";
  let description = [{
    The inverse of `tir.join`, like `tl.split(x)`: `lhs` holds index 0 of
    the last dimension and `rhs` index 1.

    ```mlir
    %a, %b = tir.split %j : tensor<64x2xf32> -> tensor<64xf32>
    ```
  }];
  let arguments = (ins TIR_Tile:$src);
  let results = (outs TIR_Tile:$lhs, TIR_Tile:$rhs);
  let assemblyFormat = "$src attr-dict `:` type($src) `->` type($lhs)";
  let builders = [
    OpBuilder<(ins "::mlir::Value":$src)>
  ];
  let hasVerifier = 1;
  let hasFolder = 1;
}

//===----------------------------------------------------------------------===//
// Pointer arithmetic and casts
//===----------------------------------------------------------------------===//

def TIR_AddPtrOp : TileIR_Op<"addptr", [Pure,
    AllTypesMatch<["ptr", "result"]>]> {
  let summary = "advance pointers by element offsets";
  let description = [{
    Adds `offset` elements (scaled by the pointee size) to `ptr`. Either
    both are scalars, or both are tiles of the same shape.

    ```mlir
    %p = tir.addptr %base, %offs : tensor<128x!tir.ptr<f32>>, tensor<128xi32>
    ```
  }];
  let arguments = (ins TIR_PtrLike:$ptr, TIR_IntLike:$offset);
  let results = (outs TIR_PtrLike:$result);
  let assemblyFormat = [{
    $ptr `,` $offset attr-dict `:` type($ptr) `,` type($offset)
  }];
  let builders = [
    OpBuilder<(ins "::mlir::Value":$ptr, "::mlir::Value":$offset), [{
      build($_builder, $_state, ptr.getType(), ptr, offset);
    }]>
  ];
  let hasVerifier = 1;
  let hasFolder = 1;
}

def TIR_IntToPtrOp : TileIR_Op<"int_to_ptr", [Pure, SameOperandsAndResultShape]> {
  let summary = "reinterpret 64-bit integers as pointers";
  let description = [{
    ```mlir
    %p = tir.int_to_ptr %i : i64 -> !tir.ptr<f32>
    ```
  }];
  let arguments = (ins TIR_IntLike:$src);
  let results = (outs TIR_PtrLike:$result);
  let assemblyFormat = "$src attr-dict `:` type($src) `->` type($result)";
  let hasVerifier = 1;
}

def TIR_PtrToIntOp : TileIR_Op<"ptr_to_int", [Pure, SameOperandsAndResultShape]> {
  let summary = "the address held by pointers, as 64-bit integers";
  let description = [{
    ```mlir
    %i = tir.ptr_to_int %p : tensor<4x!tir.ptr<f32>> -> tensor<4xi64>
    ```
  }];
  let arguments = (ins TIR_PtrLike:$src);
  let results = (outs TIR_IntLike:$result);
  let assemblyFormat = "$src attr-dict `:` type($src) `->` type($result)";
  let hasVerifier = 1;
}

def TIR_BitcastOp : TileIR_Op<"bitcast", [Pure, SameOperandsAndResultShape]> {
  let summary = "reinterpret the bits of scalars, tiles or pointers";
  let description = [{
    Changes the type of a value without changing its bits: between integer
    and float types of one width, or between pointer types (a new pointee,
    the same address space), like `x.to(dtype, bitcast=True)`.

    ```mlir
    %q = tir.bitcast %p : !tir.ptr<f32> -> !tir.ptr<i32>
    ```
  }];
  let arguments = (ins TIR_Type:$src);
  let results = (outs TIR_Type:$result);
  let assemblyFormat = "$src attr-dict `:` type($src) `->` type($result)";
  let hasVerifier = 1;
  let hasFolder = 1;
}

include "trident/Dialect/TileIR/IR/TileIRMemOps.td"
include "trident/Dialect/TileIR/IR/TileIRComputeOps.td"
include "trident/Dialect/TileIR/IR/TileIRDebugOps.td"
include "trident/Dialect/TileIR/IR/TileIRWarpOps.td"

#endif // TRIDENT_TILEIR_OPS
