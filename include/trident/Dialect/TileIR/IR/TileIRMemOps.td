//===- TileIRMemOps.td - Tile IR memory operations ---------*- tablegen -*-===//
//
// Loads, stores, tensor descriptors and atomics. Included by TileIROps.td.
//
//===----------------------------------------------------------------------===//
#ifndef TRIDENT_TILEIR_MEMOPS
#define TRIDENT_TILEIR_MEMOPS

// Shared type relations of pointer-addressed memory operations.
class TIR_PointeeOf<string ptrArg, string valueArg>
    : TypesMatchWith<valueArg # " type is the pointee type of " # ptrArg,
                     ptrArg, valueArg, "::trident::tir::getPointeeTypeLike($_self)">;
class TIR_OptionalPointeeOf<string ptrArg, string valueArg>
    : OptionalTypesMatchWith<valueArg # " type is the pointee type of " # ptrArg,
                             ptrArg, valueArg,
                             "::trident::tir::getPointeeTypeLike($_self)">;
class TIR_OptionalMaskOf<string ptrArg>
    : OptionalTypesMatchWith<"mask is i1 with the shape of " # ptrArg,
                             ptrArg, "mask", "::trident::tir::getI1TypeLike($_self)">;

defvar TIR_CacheAttr = DefaultValuedAttr<TIR_CacheModifier,
                                         "::trident::tir::CacheModifier::None">;
defvar TIR_EvictAttr = DefaultValuedAttr<TIR_EvictionPolicy,
                                         "::trident::tir::EvictionPolicy::Normal">;

//===----------------------------------------------------------------------===//
// Pointer loads and stores
//===----------------------------------------------------------------------===//

def TIR_LoadOp : TileIR_Op<"load", [AttrSizedOperandSegments,
    TIR_PointeeOf<"ptr", "result">, TIR_OptionalMaskOf<"ptr">,
    TIR_OptionalPointeeOf<"ptr", "other">,
    DeclareOpInterfaceMethods<MemoryEffectsOpInterface>]> {
  let summary = "load a scalar or a tile through pointers";
  let description = [{
    Loads the element at each pointer, like `tl.load(ptr, mask, other)`.
    Where `mask` is false nothing is read and the result holds `other`
    (undefined without `other`). `other` requires `mask`. A volatile load is
    never removed or merged with another load.

    ```mlir
    %x = tir.load %ptrs, %mask, %zero cache = cg : tensor<128x!tir.ptr<f32>>
    ```
  }];
  let arguments = (ins TIR_PtrLike:$ptr, Optional<TIR_BoolLike>:$mask,
                       Optional<TIR_Type>:$other, TIR_CacheAttr:$cache,
                       TIR_EvictAttr:$evict, UnitAttr:$is_volatile);
  let results = (outs TIR_Type:$result);
  let assemblyFormat = [{
    $ptr (`,` $mask^)? (`,` $other^)? (`cache` `=` $cache^)?
    (`evict` `=` $evict^)? (`volatile` $is_volatile^)? attr-dict `:` type($ptr)
  }];
  let builders = [
    OpBuilder<(ins "::mlir::Value":$ptr, CArg<"::mlir::Value", "{}">:$mask,
                   CArg<"::mlir::Value", "{}">:$other)>
  ];
  let hasVerifier = 1;
  let hasCanonicalizer = 1;
}

def TIR_StoreOp : TileIR_Op<"store", [
    TIR_PointeeOf<"ptr", "value">, TIR_OptionalMaskOf<"ptr">,
    MemoryEffects<[MemWrite<TIR_GlobalMemory>]>]> {
  let summary = "store a scalar or a tile through pointers";
  let description = [{
    Stores each element of `value` at its pointer, like
    `tl.store(ptr, value, mask)`; nothing is written where `mask` is false.

    ```mlir
    tir.store %ptrs, %x, %mask : tensor<128x!tir.ptr<f32>>
    ```
  }];
  let arguments = (ins TIR_PtrLike:$ptr, TIR_Type:$value,
                       Optional<TIR_BoolLike>:$mask, TIR_CacheAttr:$cache,
                       TIR_EvictAttr:$evict);
  let assemblyFormat = [{
    $ptr `,` $value (`,` $mask^)? (`cache` `=` $cache^)?
    (`evict` `=` $evict^)? attr-dict `:` type($ptr)
  }];
  let hasCanonicalizer = 1;
}

//===----------------------------------------------------------------------===//
// Tensor descriptors
//===----------------------------------------------------------------------===//

def TIR_MakeTensorDescOp : TileIR_Op<"make_tensor_descriptor", [
    AttrSizedOperandSegments,
    DeclareOpInterfaceMethods<MemoryEffectsOpInterface>,
    DeclareOpInterfaceMethods<ConditionallySpeculatable>]> {
  let summary = "describe a strided tensor in global memory";
  let description = [{
    Builds a descriptor of the tensor at `base` with the given `shape`
    (i32 or i64, all the same type) and `strides` (i64, in elements; the
    last one is normally 1), like `tl.make_tensor_descriptor`. The result
    type fixes the block shape moved by `tir.descriptor_load/store`.

    With `into %storage` (128 bytes of global memory, 64-byte aligned, e.g.
    a slot of `tir.global_scratch_alloc`) the descriptor is also written
    there, where `tir.reinterpret_tensor_descriptor` reads it back: a TMA
    tensor map on targets that serve descriptors with TMA, otherwise the
    record (base address, shape, strides; 64-bit each). Without it the op
    is pure and the back end picks the descriptor's place.

    ```mlir
    %d = tir.make_tensor_descriptor %base, [%m, %k], [%sm, %c1]
           : !tir.ptr<bf16>, i32 -> !tir.tensordesc<tensor<64x64xbf16>>
    %e = tir.make_tensor_descriptor %base, [%m, %k], [%sm, %c1] into %slot
           : !tir.ptr<bf16>, i32, !tir.ptr<i8>
           -> !tir.tensordesc<tensor<64x64xbf16>>
    ```
  }];
  let arguments = (ins TIR_Ptr:$base, Variadic<AnyTypeOf<[I32, I64]>>:$shape,
                       Variadic<I64>:$strides, Optional<TIR_Ptr>:$storage);
  let results = (outs TIR_TensorDesc:$result);
  let assemblyFormat = [{
    $base `,` `[` $shape `]` `,` `[` $strides `]` (`into` $storage^)?
    attr-dict `:` qualified(type($base)) `,`
    custom<ShapeOperandTypes>(ref($shape), type($shape))
    (`,` qualified(type($storage))^)? `->` qualified(type($result))
  }];
  let builders = [
    OpBuilder<(ins "::mlir::Type":$result, "::mlir::Value":$base,
                   "::mlir::ValueRange":$shape, "::mlir::ValueRange":$strides), [{
      build($_builder, $_state, result, base, shape, strides,
            /*storage=*/::mlir::Value());
    }]>
  ];
  let hasVerifier = 1;
}

def TIR_ReinterpretTensorDescOp : TileIR_Op<"reinterpret_tensor_descriptor", [
    MemoryEffects<[MemRead<TIR_GlobalMemory>]>]> {
  let summary = "the descriptor stored at a pointer";
  let description = [{
    The descriptor that a `tir.make_tensor_descriptor ... into` wrote at
    `ptr`, used with the block shape and element type of the result type
    (which need not be those it was made with, as long as the target can
    move such blocks with it), like Triton's
    `tt.reinterpret_tensor_descriptor`. Reading a descriptor nobody wrote
    is undefined.

    ```mlir
    %d = tir.reinterpret_tensor_descriptor %slot
           : !tir.ptr<i8> -> !tir.tensordesc<tensor<64x64xbf16>>
    ```
  }];
  let arguments = (ins TIR_Ptr:$ptr);
  let results = (outs TIR_TensorDesc:$result);
  let assemblyFormat = [{
    $ptr attr-dict `:` qualified(type($ptr)) `->` qualified(type($result))
  }];
}

def TIR_GlobalScratchAllocOp : TileIR_Op<"global_scratch_alloc", [
    MemoryEffects<[MemAlloc<TIR_GlobalMemory>]>]> {
  let summary = "global memory of the program's own";
  let description = [{
    `nbytes` bytes of global memory aligned to `alignment` (a power of two,
    at most 128) that belong to this program for the kernel's whole run
    (each program of the grid gets its own), like Triton's
    `ttg.global_scratch_alloc`. Their initial contents are undefined. On
    GPUs they come from the launch's scratch allocation
    (`trident.set_allocator`), on the CPU from the program's stack.

    ```mlir
    %slots = tir.global_scratch_alloc {nbytes = 256 : i64, alignment = 128 : i64}
               : !tir.ptr<i8>
    ```
  }];
  let arguments = (ins ConfinedAttr<I64Attr, [IntPositive]>:$nbytes,
                       ConfinedAttr<I64Attr, [IntPositive]>:$alignment);
  let results = (outs TIR_Ptr:$result);
  let assemblyFormat = "attr-dict `:` qualified(type($result))";
  let hasVerifier = 1;
}

def TIR_DescriptorLoadOp : TileIR_Op<"descriptor_load", [
    MemoryEffects<[MemRead<TIR_GlobalMemory>]>]> {
  let summary = "load a block of a tensor through a descriptor";
  let description = [{
    Loads the block whose first element is at `indices` (one i32 per
    dimension, in elements) of the described tensor. Out-of-bounds
    elements read as zero. The result is the descriptor's block type; once
    tiles have layouts (GPU IR) it carries one, printed after `->`.

    ```mlir
    %a = tir.descriptor_load %d[%row, %col] : !tir.tensordesc<tensor<64x64xbf16>>
    ```
  }];
  let arguments = (ins TIR_TensorDesc:$desc, Variadic<I32>:$indices,
                       TIR_CacheAttr:$cache, TIR_EvictAttr:$evict);
  let results = (outs TIR_Tile:$result);
  let assemblyFormat = [{
    $desc `[` $indices `]` (`cache` `=` $cache^)? (`evict` `=` $evict^)?
    attr-dict `:` qualified(type($desc))
    custom<DescBlockType>(ref(type($desc)), type($result))
  }];
  let builders = [
    OpBuilder<(ins "::mlir::Value":$desc, "::mlir::ValueRange":$indices), [{
      build($_builder, $_state,
            ::trident::tir::getDescBlockType(desc.getType()), desc, indices);
    }]>
  ];
  let hasVerifier = 1;
}

def TIR_DescriptorStoreOp : TileIR_Op<"descriptor_store", [
    MemoryEffects<[MemWrite<TIR_GlobalMemory>]>]> {
  let summary = "store a block of a tensor through a descriptor";
  let description = [{
    Stores `src` at the block whose first element is at `indices`;
    out-of-bounds elements are not written.

    ```mlir
    tir.descriptor_store %d[%row, %col], %c : !tir.tensordesc<tensor<64x64xbf16>>
    ```
  }];
  let arguments = (ins TIR_TensorDesc:$desc, TIR_Tile:$src,
                       Variadic<I32>:$indices);
  let assemblyFormat = [{
    $desc `[` $indices `]` `,` $src attr-dict `:` qualified(type($desc))
    custom<DescBlockType>(ref(type($desc)), type($src))
  }];
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Block pointers
//===----------------------------------------------------------------------===//

class TIR_BlockOf<string ptrArg, string valueArg>
    : TypesMatchWith<valueArg # " type is the block type of " # ptrArg,
                     ptrArg, valueArg,
                     "::trident::tir::getBlockPtrBlockType($_self)">;

def TIR_MakeBlockPtrOp : TileIR_Op<"make_block_ptr", [Pure,
    AttrSizedOperandSegments]> {
  let summary = "point to a block of a strided tensor in memory";
  let description = [{
    Points to the block of the result type's shape whose first element is
    at `offsets` (i32, in elements, one per dimension) of the tensor at
    `base` with the given `shape` and `strides` (i64, in elements), like
    `tl.make_block_ptr`. `order` (a permutation of the dimensions, fastest
    varying first) says how the block is laid out in memory; it is a hint
    that the lowering does not need (the strides say the same).

    ```mlir
    %p = tir.make_block_ptr %base, [%m, %n], [%sm, %c1], [%i, %j]
           {order = array<i32: 1, 0>}
           : !tir.ptr<f16> -> !tir.blockptr<tensor<64x32xf16>>
    ```
  }];
  let arguments = (ins TIR_Ptr:$base, Variadic<I64>:$shape,
                       Variadic<I64>:$strides, Variadic<I32>:$offsets,
                       DenseI32ArrayAttr:$order);
  let results = (outs TIR_BlockPtr:$result);
  let assemblyFormat = [{
    $base `,` `[` $shape `]` `,` `[` $strides `]` `,` `[` $offsets `]`
    attr-dict `:` qualified(type($base)) `->` qualified(type($result))
  }];
  let hasVerifier = 1;
}

def TIR_AdvanceOp : TileIR_Op<"advance", [Pure,
    AllTypesMatch<["ptr", "result"]>]> {
  let summary = "move a block pointer by a number of elements per dimension";
  let description = [{
    The block pointer `ptr` with `offsets` (i32, in elements, one per
    dimension) added to its offsets, like `tl.advance`.

    ```mlir
    %q = tir.advance %p, [%c0, %c32] : !tir.blockptr<tensor<64x32xf16>>
    ```
  }];
  let arguments = (ins TIR_BlockPtr:$ptr, Variadic<I32>:$offsets);
  let results = (outs TIR_BlockPtr:$result);
  let assemblyFormat = [{
    $ptr `,` `[` $offsets `]` attr-dict `:` qualified(type($ptr))
  }];
  let builders = [
    OpBuilder<(ins "::mlir::Value":$ptr, "::mlir::ValueRange":$offsets), [{
      build($_builder, $_state, ptr.getType(), ptr, offsets);
    }]>
  ];
  let hasVerifier = 1;
  let hasFolder = 1;
}

def TIR_BlockLoadOp : TileIR_Op<"block_load", [TIR_BlockOf<"ptr", "result">,
    DeclareOpInterfaceMethods<MemoryEffectsOpInterface>]> {
  let summary = "load the block a block pointer points to";
  let description = [{
    Loads the whole block, like `tl.load(block_ptr, boundary_check,
    padding_option)`. Along each dimension listed in `boundary_check`
    (distinct, in range) elements outside `[0, shape)` are not read and
    hold `padding`: zero (the default) or NaN (float blocks only). Along
    the other dimensions the block must be in bounds. A volatile load is
    never removed or merged with another load.

    ```mlir
    %x = tir.block_load %p boundary_check = [0, 1] padding = nan
           : !tir.blockptr<tensor<64x32xf16>>
    ```
  }];
  let arguments = (ins TIR_BlockPtr:$ptr,
                       DefaultValuedAttr<DenseI32ArrayAttr, "{}">:$boundary_check,
                       DefaultValuedAttr<TIR_PaddingOption,
                                         "::trident::tir::PaddingOption::Zero">:$padding,
                       TIR_CacheAttr:$cache, TIR_EvictAttr:$evict,
                       UnitAttr:$is_volatile);
  let results = (outs TIR_Tile:$result);
  let assemblyFormat = [{
    $ptr (`boundary_check` `=` $boundary_check^)? (`padding` `=` $padding^)?
    (`cache` `=` $cache^)? (`evict` `=` $evict^)? (`volatile` $is_volatile^)?
    attr-dict `:` qualified(type($ptr))
  }];
  let builders = [
    OpBuilder<(ins "::mlir::Value":$ptr,
                   CArg<"::llvm::ArrayRef<int32_t>", "{}">:$boundaryCheck,
                   CArg<"::trident::tir::PaddingOption",
                        "::trident::tir::PaddingOption::Zero">:$padding), [{
      build($_builder, $_state,
            ::trident::tir::getBlockPtrBlockType(ptr.getType()), ptr,
            boundaryCheck, padding, ::trident::tir::CacheModifier::None,
            ::trident::tir::EvictionPolicy::Normal, /*is_volatile=*/false);
    }]>
  ];
  let hasVerifier = 1;
}

def TIR_BlockStoreOp : TileIR_Op<"block_store", [TIR_BlockOf<"ptr", "value">,
    MemoryEffects<[MemWrite<TIR_GlobalMemory>]>]> {
  let summary = "store a block through a block pointer";
  let description = [{
    Stores `value` at the block the block pointer points to, like
    `tl.store(block_ptr, value, boundary_check)`: along each dimension
    listed in `boundary_check` nothing is written outside `[0, shape)`.

    ```mlir
    tir.block_store %p, %x boundary_check = [1] : !tir.blockptr<tensor<64x32xf16>>
    ```
  }];
  let arguments = (ins TIR_BlockPtr:$ptr, TIR_Tile:$value,
                       DefaultValuedAttr<DenseI32ArrayAttr, "{}">:$boundary_check,
                       TIR_CacheAttr:$cache, TIR_EvictAttr:$evict);
  let assemblyFormat = [{
    $ptr `,` $value (`boundary_check` `=` $boundary_check^)?
    (`cache` `=` $cache^)? (`evict` `=` $evict^)? attr-dict
    `:` qualified(type($ptr))
  }];
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Atomics
//===----------------------------------------------------------------------===//

def TIR_AtomicRMWOp : TileIR_Op<"atomic_rmw", [
    TIR_PointeeOf<"ptr", "val">, TIR_PointeeOf<"ptr", "result">,
    TIR_OptionalMaskOf<"ptr">,
    MemoryEffects<[MemRead<TIR_GlobalMemory>, MemWrite<TIR_GlobalMemory>]>]> {
  let summary = "atomic read-modify-write through pointers";
  let description = [{
    Atomically combines the value at each pointer with `val` by `kind` and
    returns the old value, like `tl.atomic_add` and friends. Where `mask` is
    false memory is untouched and the result is undefined.

    ```mlir
    %old = tir.atomic_rmw fadd, acq_rel, gpu, %ptrs, %v, %mask
             : tensor<64x!tir.ptr<f32>>
    ```
  }];
  let arguments = (ins TIR_RMWKind:$kind, TIR_PtrLike:$ptr, TIR_Type:$val,
                       Optional<TIR_BoolLike>:$mask, TIR_MemSemantic:$sem,
                       TIR_MemScope:$scope);
  let results = (outs TIR_Type:$result);
  let assemblyFormat = [{
    $kind `,` $sem `,` $scope `,` $ptr `,` $val (`,` $mask^)? attr-dict
    `:` type($ptr)
  }];
  let builders = [
    OpBuilder<(ins "::trident::tir::RMWKind":$kind, "::mlir::Value":$ptr,
                   "::mlir::Value":$val, "::mlir::Value":$mask,
                   "::trident::tir::MemSemantic":$sem,
                   "::trident::tir::MemScope":$scope), [{
      build($_builder, $_state, val.getType(), kind, ptr, val, mask, sem, scope);
    }]>
  ];
  let hasVerifier = 1;
}

def TIR_AtomicCASOp : TileIR_Op<"atomic_cas", [
    TIR_PointeeOf<"ptr", "cmp">, TIR_PointeeOf<"ptr", "val">,
    TIR_PointeeOf<"ptr", "result">,
    MemoryEffects<[MemRead<TIR_GlobalMemory>, MemWrite<TIR_GlobalMemory>]>]> {
  let summary = "atomic compare-and-swap through pointers";
  let description = [{
    Atomically replaces the value at each pointer by `val` if it equals
    `cmp`, and returns the old value, like `tl.atomic_cas`.

    ```mlir
    %old = tir.atomic_cas acq_rel, gpu, %lock, %c0, %c1 : !tir.ptr<i32>
    ```
  }];
  let arguments = (ins TIR_PtrLike:$ptr, TIR_Type:$cmp, TIR_Type:$val,
                       TIR_MemSemantic:$sem, TIR_MemScope:$scope);
  let results = (outs TIR_Type:$result);
  let assemblyFormat = [{
    $sem `,` $scope `,` $ptr `,` $cmp `,` $val attr-dict `:` type($ptr)
  }];
  let builders = [
    OpBuilder<(ins "::mlir::Value":$ptr, "::mlir::Value":$cmp,
                   "::mlir::Value":$val, "::trident::tir::MemSemantic":$sem,
                   "::trident::tir::MemScope":$scope), [{
      build($_builder, $_state, val.getType(), ptr, cmp, val, sem, scope);
    }]>
  ];
  let hasVerifier = 1;
}

#endif // TRIDENT_TILEIR_MEMOPS
