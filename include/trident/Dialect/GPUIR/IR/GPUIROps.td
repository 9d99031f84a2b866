//===- GPUIROps.td - GPU IR operations ---------------------*- tablegen -*-===//
#ifndef TRIDENT_GPUIR_OPS
#define TRIDENT_GPUIR_OPS

include "trident/Dialect/GPUIR/IR/GPUIRDialect.td"
include "trident/Dialect/GPUIR/IR/GPUIRAttrs.td"
include "trident/Dialect/GPUIR/IR/GPUIRTypes.td"
include "trident/Dialect/TileIR/IR/TileIRAttrs.td"
include "trident/Dialect/GPUIR/IR/GPUIRInterfaces.td"
include "mlir/Interfaces/SideEffectInterfaces.td"

def GPUIR_ConvertLayoutOp : GPUIR_Op<"convert_layout",
    [Pure, SameOperandsAndResultShape, SameOperandsAndResultElementType]> {
  let summary = "move a tile's elements into another layout";
  let description = [{
    Returns the same tile with another encoding. Depending on the two
    layouts this is free, a permutation of registers, a warp shuffle or a
    round trip through shared memory; the lowering decides.

    ```mlir
    %1 = gir.convert_layout %0 : tensor<128xf32, #a> -> tensor<128xf32, #b>
    ```
  }];
  let arguments = (ins AnyRankedTensor:$src);
  let results = (outs AnyRankedTensor:$result);
  let assemblyFormat = "$src attr-dict `:` type($src) `->` type($result)";
  let hasVerifier = 1;
  let hasFolder = 1;
}

def GPUIR_ExtractSliceOp : GPUIR_Op<"extract_slice",
    [Pure, SameOperandsAndResultElementType]> {
  let summary = "a static block of a tile, held by the threads that hold it";
  let description = [{
    The block of `src` that starts at `offsets` (each a multiple of the
    result's extent along its dimension) and has the result's shape. The
    result's layout is the operand's restricted to the block
    (gir::extractSliceLayout: a `#gir.wgmma` layout with instructions no
    wider than the block), so that each thread's elements of the block are
    some of its registers of the operand: no data moves. Made by
    gir-split-columns from the reshape / permute / split that kernels
    write to take the halves of an accumulator.

    ```mlir
    %hi = gir.extract_slice %acc [0, 128] : tensor<64x256xf32, #gir.wgmma<warpsPerCTA = [4, 1], instrN = 256>> -> tensor<64x128xf32, #gir.wgmma<warpsPerCTA = [4, 1], instrN = 128>>
    ```
  }];
  let arguments = (ins AnyRankedTensor:$src, DenseI64ArrayAttr:$offsets);
  let results = (outs AnyRankedTensor:$result);
  let assemblyFormat = [{
    $src $offsets attr-dict `:` type($src) `->` type($result)
  }];
  let hasVerifier = 1;
}

def GPUIR_LocalAllocOp : GPUIR_Op<"local_alloc",
    [MemoryEffects<[MemAlloc<DefaultResource>]>,
     DeclareOpInterfaceMethods<GPUIR_SharedMemoryBuffer>]> {
  let summary = "a shared-memory buffer that lives for the whole kernel";
  let description = [{
    Reserves shared memory for the result's buffer, live from here to the
    last use of the buffer (or of a view of it). gir-allocate-shared-memory
    places every buffer in the program's one dynamic shared-memory block
    (aligned to 1024 bytes, for the swizzle) and counts it in the kernel's
    shared-memory size.

    ```mlir
    %buf = gir.local_alloc : !gir.memdesc<3x128x64xbf16, #shared>
    ```
  }];
  let results = (outs GPUIR_MemDescType:$result);
  let assemblyFormat = "attr-dict `:` qualified(type($result))";
}

def GPUIR_MemDescIndexOp : GPUIR_Op<"memdesc_index", [Pure]> {
  let summary = "one stage of a multi-buffered shared-memory buffer";
  let description = [{
    The `index`-th slice along the first dimension of `src`.

    ```mlir
    %a = gir.memdesc_index %buf[%i] : !gir.memdesc<3x128x64xbf16, #shared> -> !gir.memdesc<128x64xbf16, #shared>
    ```
  }];
  let arguments = (ins GPUIR_MemDescType:$src, I32:$index);
  let results = (outs GPUIR_MemDescType:$result);
  let assemblyFormat = [{
    $src `[` $index `]` attr-dict `:` qualified(type($src)) `->` qualified(type($result))
  }];
  let hasVerifier = 1;
}

def GPUIR_MemDescTransOp : GPUIR_Op<"memdesc_trans", [Pure]> {
  let summary = "a shared-memory tile viewed with its dimensions permuted";
  let description = [{
    The same bytes as `src`, with dimension `i` of the result being
    dimension `order[i]` of `src` (as `tir.trans`); the encoding's `order`
    follows the dimensions, so the contiguous dimension stays the same
    memory. No code: a tile loaded as N x K (K contiguous) is read by
    wgmma as its K x N, K-major operand.

    ```mlir
    %bt = gir.memdesc_trans %b, [1, 0] : !gir.memdesc<128x64xf16, #gir.nvmma_shared<swizzle = 128, order = [1, 0]>> -> !gir.memdesc<64x128xf16, #gir.nvmma_shared<swizzle = 128, order = [0, 1]>>
    ```
  }];
  let arguments = (ins GPUIR_MemDescType:$src, DenseI32ArrayAttr:$order);
  let results = (outs GPUIR_MemDescType:$result);
  let assemblyFormat = [{
    $src `,` $order attr-dict `:` qualified(type($src)) `->` qualified(type($result))
  }];
  let builders = [
    OpBuilder<(ins "::mlir::Value":$src, "::llvm::ArrayRef<int32_t>":$order)>
  ];
  let extraClassDeclaration = [{
    /// The type of `src` viewed through `order`, or null where its
    /// encoding cannot be permuted (not a permutation of its dimensions).
    static MemDescType getTransposedType(MemDescType src,
                                         ::llvm::ArrayRef<int32_t> order);
  }];
  let hasVerifier = 1;
}

def GPUIR_MemDescSliceOp : GPUIR_Op<"memdesc_slice", [Pure]> {
  let summary = "a sub-block of a shared-memory tile, in the same layout";
  let description = [{
    The block of `src` of the result's shape whose first element is at
    `offsets` (one i32 per dimension), viewed in `src`'s encoding: the
    result is the same bytes, at a byte offset linear in `offsets`. Only
    blocks that are contiguous in that encoding are views of it:
    `#gir.plain_shared` blocks that are full along every dimension faster
    than the first cut one, and single along the slower ones;
    `#gir.nvmma_shared` blocks that keep every row of a tile of several
    swizzle atoms and whole atoms of it (column offsets a multiple of an
    atom's width), or whole rows of a tile of one atom (row offsets a
    multiple of 8, the swizzle's period). The verifier checks constant
    offsets; a run-time offset outside that contract is undefined, as an
    out-of-bounds pointer is. What is cut this way is written by TMA or
    copies and read by the tensor cores like any tile of the layout (a
    cluster's CTAs each loading half of a shared operand).

    ```mlir
    %half = gir.memdesc_slice %b[%c64, %c0] : !gir.memdesc<128x64xbf16, #gir.nvmma_shared<swizzle = 128, order = [1, 0]>> -> !gir.memdesc<64x64xbf16, #gir.nvmma_shared<swizzle = 128, order = [1, 0]>>
    ```
  }];
  let arguments = (ins GPUIR_MemDescType:$src, Variadic<I32>:$offsets);
  let results = (outs GPUIR_MemDescType:$result);
  let assemblyFormat = [{
    $src `[` $offsets `]` attr-dict `:` qualified(type($src)) `->` qualified(type($result))
  }];
  let extraClassDeclaration = [{
    /// Bytes one step of each dimension's offset moves a block of `shape`
    /// cut from `src`, and the multiple each offset must be; failure (with
    /// the reason in `why`) where such a block is not a view of `src`'s
    /// encoding.
    static ::mlir::LogicalResult
    getByteStrides(MemDescType src, ::llvm::ArrayRef<int64_t> shape,
                   ::llvm::SmallVectorImpl<int64_t> &strides,
                   ::llvm::SmallVectorImpl<int64_t> &multiples,
                   std::string &why);
  }];
  let hasVerifier = 1;
}

def GPUIR_MemDescReinterpretOp : GPUIR_Op<"memdesc_reinterpret", [Pure]> {
  let summary = "shared memory viewed as a tile of another type";
  let description = [{
    The bytes of `src` (from its first), viewed as the result: another
    element type, shape or encoding, no more bytes than `src` holds (a
    buffer reused for a later phase of a kernel, as another tile). Nothing
    moves; what the result reads is what was written through `src` as
    bytes. A swizzled result must start 1024-byte aligned (a whole buffer
    of the allocator, or a stage of one whose stages are multiples of 1024
    bytes).

    ```mlir
    %o = gir.memdesc_reinterpret %a : !gir.memdesc<128x64xf16, #gir.nvmma_shared<swizzle = 128, order = [1, 0]>> -> !gir.memdesc<64x64xf32, #gir.plain_shared<order = [1, 0]>>
    ```
  }];
  let arguments = (ins GPUIR_MemDescType:$src);
  let results = (outs GPUIR_MemDescType:$result);
  let assemblyFormat = [{
    $src attr-dict `:` qualified(type($src)) `->` qualified(type($result))
  }];
  let hasVerifier = 1;
}

def GPUIR_LocalLoadOp : GPUIR_Op<"local_load",
    [MemoryEffects<[MemRead<DefaultResource>]>]> {
  let summary = "read a shared-memory tile into registers";
  let description = [{
    Each thread reads the elements of `src` that the result's layout gives
    it (vector accesses as wide as its runs along the buffer's contiguous
    dimension). What other threads wrote must be made visible first (a
    barrier, or the mbarrier wait of the asynchronous copies that wrote
    it).

    ```mlir
    %row = gir.local_load %slot : !gir.memdesc<4096xf32, #gir.plain_shared<order = [0]>> -> tensor<4096xf32, #blocked>
    ```
  }];
  let arguments = (ins GPUIR_MemDescType:$src);
  let results = (outs AnyRankedTensor:$result);
  let assemblyFormat = [{
    $src attr-dict `:` qualified(type($src)) `->` type($result)
  }];
  let hasVerifier = 1;
}

def GPUIR_LocalStoreOp : GPUIR_Op<"local_store",
    [MemoryEffects<[MemWrite<DefaultResource>]>]> {
  let summary = "write a tile from registers into shared memory";
  let description = [{
    Each thread writes the elements of `value` that its layout gives it
    into `dst` (vector accesses as wide as its runs along the buffer's
    contiguous dimension; an element that several threads hold is written
    by one). Other threads see the tile after a barrier; a barrier must
    also separate the store from earlier reads of the buffer.

    ```mlir
    gir.local_store %row, %slot : tensor<4096xf32, #blocked>, !gir.memdesc<4096xf32, #gir.plain_shared<order = [0]>>
    ```
  }];
  let arguments = (ins AnyRankedTensor:$value, GPUIR_MemDescType:$dst);
  let assemblyFormat = [{
    $value `,` $dst attr-dict `:` type($value) `,` qualified(type($dst))
  }];
  let hasVerifier = 1;
}

def GPUIR_BarrierOp : GPUIR_Op<"barrier"> {
  let summary = "wait until every thread of the program gets here";
  let description = [{
    A CTA-wide barrier (`bar.sync 0`); shared-memory writes before it are
    visible to every thread after it.
  }];
  let assemblyFormat = "attr-dict";
}

#endif // TRIDENT_GPUIR_OPS
