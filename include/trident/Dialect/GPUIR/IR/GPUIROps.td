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

def GPUIR_AsyncCopyOp : GPUIR_Op<"async_copy",
    [MemoryEffects<[MemRead<DefaultResource>, MemWrite<DefaultResource>]>]> {
  let summary = "start copying a tile from global to shared memory";
  let description = [{
    Each thread starts asynchronous copies (`cp.async`, up to 16 bytes
    each) of the elements of the pointer tile `ptr` that its layout gives
    it into `dst`. Where `mask` is false the destination is filled with
    zeros. Copies are grouped by `gir.async_commit_group` and awaited with
    `gir.async_wait`; until then `dst` must not be read.

    ```mlir
    gir.async_copy %ptrs, %a, %mask : tensor<128x64x!tir.ptr<bf16>, #blocked>, tensor<128x64xi1, #blocked> -> !gir.memdesc<128x64xbf16, #shared>
    ```
  }];
  let arguments = (ins AnyRankedTensor:$ptr, GPUIR_MemDescType:$dst,
                       Optional<AnyRankedTensor>:$mask);
  let assemblyFormat = [{
    $ptr `,` $dst (`,` $mask^)? attr-dict `:` type($ptr) (`,` type($mask)^)?
    `->` qualified(type($dst))
  }];
  let hasVerifier = 1;
}

def GPUIR_AsyncCommitGroupOp : GPUIR_Op<"async_commit_group"> {
  let summary = "close the group of asynchronous copies started so far";
  let assemblyFormat = "attr-dict";
}

def GPUIR_AsyncWaitOp : GPUIR_Op<"async_wait"> {
  let summary = "wait until at most `pending` copy groups are in flight";
  let description = [{
    Waits for this thread's copy groups but the `pending` most recent, then
    synchronizes the program's threads, so that every completed copy is
    visible to every thread and to the tensor cores (the generic-to-async
    proxy fence is included).
  }];
  let arguments = (ins I32Attr:$pending);
  let assemblyFormat = "attr-dict";
}

def GPUIR_MBarrierAllocOp : GPUIR_Op<"mbarrier_alloc",
    [MemoryEffects<[MemAlloc<DefaultResource>, MemWrite<DefaultResource>]>,
     DeclareOpInterfaceMethods<GPUIR_SharedMemoryBuffer,
                               ["isSharedMemoryLiveForKernel"]>]> {
  let summary = "shared-memory barriers, initialized";
  let description = [{
    Reserves the result's mbarriers in shared memory; one thread initializes
    each with `arrivals` expected arrivals (phase 0), then the program's
    threads synchronize.

    ```mlir
    %bars = gir.mbarrier_alloc {arrivals = 128 : i32} : !gir.mbarriers<3>
    ```
  }];
  let arguments = (ins I32Attr:$arrivals);
  let results = (outs GPUIR_MBarriersType:$result);
  let assemblyFormat = "attr-dict `:` qualified(type($result))";
}

def GPUIR_AsyncCopyArriveOp : GPUIR_Op<"async_copy_arrive"> {
  let summary = "arrive on a barrier once this thread's copies have landed";
  let description = [{
    The barrier `barriers[index]` counts one arrival of this thread when all
    the asynchronous copies this thread started before have completed
    (`cp.async.mbarrier.arrive.noinc`).
  }];
  let arguments = (ins GPUIR_MBarriersType:$barriers, I32:$index);
  let assemblyFormat = [{
    $barriers `[` $index `]` attr-dict `:` qualified(type($barriers))
  }];
}

def GPUIR_TensorDesc : Type<
    CPred<"::mlir::isa<::trident::tir::TensorDescType>($_self)">,
    "tensor descriptor", "::trident::tir::TensorDescType">;

def GPUIR_TmaLoadOp : GPUIR_Op<"tma_load",
    [AttrSizedOperandSegments,
     MemoryEffects<[MemRead<DefaultResource>, MemWrite<DefaultResource>]>]> {
  let summary = "start a tensor-memory-accelerator copy of a block into shared memory";
  let description = [{
    One thread of the program copies the block of the tensor described by
    `desc` whose first element is at `indices` into `dst`
    (`cp.async.bulk.tensor`, one copy per box of the descriptor's TMA
    layout, see `gir::getTmaBlockLayout`); elements outside the tensor
    land as zeros. The same thread arrives once on `barriers[index]` and
    adds the block's bytes to the transactions that barrier's phase waits
    for, so the phase completes when the data has landed. Nothing happens
    when `pred` is given and false. `dst` must have the descriptor's block
    shape and element type and the shared layout TMA writes.

    ```mlir
    gir.tma_load %desc[%m, %k], %slot, %bars[%i] : !tir.tensordesc<tensor<128x64xbf16>> -> !gir.memdesc<128x64xbf16, #shared>, !gir.mbarriers<4>
    ```
  }];
  let arguments = (ins GPUIR_TensorDesc:$desc, Variadic<I32>:$indices,
                       GPUIR_MemDescType:$dst, GPUIR_MBarriersType:$barriers,
                       I32:$index, Optional<I1>:$pred);
  let assemblyFormat = [{
    $desc `[` $indices `]` `,` $dst `,` $barriers `[` $index `]`
    (`if` $pred^)? attr-dict `:` qualified(type($desc)) `->`
    qualified(type($dst)) `,` qualified(type($barriers))
  }];
  let hasVerifier = 1;
}

def GPUIR_MBarrierWaitOp : GPUIR_Op<"mbarrier_wait"> {
  let summary = "wait for a phase of a barrier to complete";
  let description = [{
    Waits until the phase of `barriers[index]` with parity `phase` has
    completed; what the arriving threads wrote (their asynchronous copies
    included) is then visible to this thread and, through the proxy fence
    included here, to its tensor-core operations. With `async_writes`, the
    phase is completed by async-proxy writes only (TMA copies): those are
    visible to the tensor cores (async proxy too) without the fence, which
    is left out.
  }];
  let arguments = (ins GPUIR_MBarriersType:$barriers, I32:$index, I32:$phase,
                       UnitAttr:$async_writes);
  let assemblyFormat = [{
    $barriers `[` $index `]` `,` $phase attr-dict `:` qualified(type($barriers))
  }];
}

def GPUIR_BarrierOp : GPUIR_Op<"barrier"> {
  let summary = "wait until every thread of the program gets here";
  let description = [{
    A CTA-wide barrier (`bar.sync 0`); shared-memory writes before it are
    visible to every thread after it.
  }];
  let assemblyFormat = "attr-dict";
}

def GPUIR_WarpgroupDotOp : GPUIR_Op<"warpgroup_dot",
    [MemoryEffects<[MemRead<DefaultResource>]>,
     AllTypesMatch<["c", "d"]>]> {
  let summary = "d = a * b + c on Hopper tensor cores, operands in shared memory";
  let description = [{
    `a` (MxK) and `b` (KxN) are shared-memory tiles with `#gir.nvmma_shared`
    layouts; `c` and `d` have the `#gir.wgmma` layout. Lowers to
    `wgmma.mma_async` per warpgroup and K step, committed as one group,
    then waits for them, unless `async` is set: then `d` is in flight until
    a `gir.warpgroup_wait` returns it, and the operand buffers must not be
    overwritten before. `precision` applies to f32 operands as for
    `tir.dot` (only `tf32` runs on tensor cores).

    With `use_c %p`, `d = a * b + (p ? c : 0)`: the first MMA of the group
    takes `p` as its run-time scale-d, so that a persistent kernel's loop
    starts a new tile's accumulator without reading (or waiting for) the
    registers the previous tile's MMAs may still be writing.
  }];
  let arguments = (ins GPUIR_MemDescType:$a, GPUIR_MemDescType:$b,
                       AnyRankedTensor:$c,
                       Optional<I1>:$use_c,
                       DefaultValuedAttr<TIR_InputPrecision,
                           "::trident::tir::InputPrecision::IEEE">:$precision,
                       UnitAttr:$async);
  let results = (outs AnyRankedTensor:$d);
  let assemblyFormat = [{
    $a `,` $b `,` $c (`use_c` $use_c^)? (`precision` `=` $precision^)?
    (`async` $async^)? attr-dict `:`
    qualified(type($a)) `*` qualified(type($b)) `->` type($d)
  }];
  let hasVerifier = 1;
}

def GPUIR_WarpgroupWaitOp : GPUIR_Op<"warpgroup_wait",
    [AllTypesMatch<["values", "results"]>]> {
  let summary = "wait until at most `pending` warpgroup MMA groups are in flight";
  let description = [{
    Waits for this warpgroup's asynchronous `gir.warpgroup_dot`s but the
    `pending` most recent, and returns `values` (accumulators of those dots)
    once they may be read: passing them through the wait keeps their
    readers after it.
  }];
  let arguments = (ins Variadic<AnyRankedTensor>:$values, I32Attr:$pending);
  let results = (outs Variadic<AnyRankedTensor>:$results);
  let assemblyFormat = [{
    $values attr-dict `:` type($values)
  }];
}

#endif // TRIDENT_GPUIR_OPS
