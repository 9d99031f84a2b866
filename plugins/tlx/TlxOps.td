//===- TlxOps.td - The tlx dialect: explicit shared memory -*- tablegen -*-===//
//
// Buffers in shared memory that a kernel allocates, indexes, loads and
// stores itself (see README.md for why they are a dialect of a plugin).
//
//===----------------------------------------------------------------------===//
#ifndef TLX_PLUGIN_OPS
#define TLX_PLUGIN_OPS

include "mlir/IR/AttrTypeBase.td"
include "mlir/IR/OpBase.td"
include "mlir/Interfaces/SideEffectInterfaces.td"

def Tlx_Dialect : Dialect {
  let name = "tlx";
  let cppNamespace = "::tlx_plugin";
  let summary = "Explicit shared memory, asynchronous copies and dots, "
                "barriers and warp specialization for Triton-style kernels";
  let description = [{
    The ops that `trident.language.extra.tlx` builds: a kernel allocates
    rings of buffers in shared memory, picks one by index and moves tiles
    between it and registers; the plugin lowers them onto the core's
    shared-memory descriptors.
  }];
  let useDefaultTypePrinterParser = 1;
}

class Tlx_Type<string name, string typeMnemonic>
    : TypeDef<Tlx_Dialect, name> {
  let mnemonic = typeMnemonic;
}

def Tlx_BuffersType : Tlx_Type<"Buffers", "buffers"> {
  let summary = "A ring of equal buffers in shared memory";
  let description = [{
    `!tlx.buffers<2x128x64xf16>`: `count` (2) buffers, each a 128x64 tile
    of f16, allocated together by tlx.local_alloc.
  }];
  let parameters = (ins "int64_t":$count,
                        ArrayRefParameter<"int64_t">:$shape,
                        "::mlir::Type":$elementType);
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
}

def Tlx_BufferType : Tlx_Type<"Buffer", "buffer"> {
  let summary = "One buffer of a ring";
  let description = [{
    `!tlx.buffer<128x64xf16>`: one buffer of a `!tlx.buffers` ring, as
    tlx.local_view picks it; what tlx.local_load reads and tlx.local_store
    writes.
  }];
  let parameters = (ins ArrayRefParameter<"int64_t">:$shape,
                        "::mlir::Type":$elementType);
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
}

def Tlx_TokenType : Tlx_Type<"Token", "token"> {
  let summary = "An asynchronous copy or a group of them";
  let description = [{
    What tlx.async_load, tlx.async_commit_group and tlx.async_wait return,
    as TLX's `async_token`: it orders nothing by itself (the groups and
    waits do), and kernels pass it along or drop it.
  }];
}

def Tlx_BarriersType : Tlx_Type<"Barriers", "barriers"> {
  let summary = "Barriers in shared memory (mbarriers)";
  let description = [{
    `!tlx.barriers<3>`: three barriers allocated and initialized together
    by tlx.alloc_barriers; tlx.barrier_view picks one.
  }];
  let parameters = (ins "int64_t":$count);
  let assemblyFormat = "`<` $count `>`";
  let genVerifyDecl = 1;
}

def Tlx_BarrierType : Tlx_Type<"Barrier", "barrier"> {
  let summary = "One barrier of a tlx.alloc_barriers";
}

class Tlx_Op<string mnemonic, list<Trait> traits = []>
    : Op<Tlx_Dialect, mnemonic, traits>;

def Tlx_LocalAllocOp : Tlx_Op<"local_alloc", [
    MemoryEffects<[MemAlloc<DefaultResource>]>]> {
  let summary = "Allocate a ring of buffers in shared memory";
  let description = [{
    Shared memory for `count` buffers of the result type's shape, live for
    the whole kernel; their contents are undefined until stored.
  }];
  let results = (outs Tlx_BuffersType:$result);
  let assemblyFormat = "attr-dict `:` qualified(type($result))";
}

def Tlx_LocalViewOp : Tlx_Op<"local_view", [Pure]> {
  let summary = "Buffer `index` of a ring";
  let description = [{
    The buffer at `index` (an i32 in [0, count)) of a ring. An index out
    of range is undefined behaviour, as an out-of-bounds pointer is.
  }];
  let arguments = (ins Tlx_BuffersType:$buffers, I32:$index);
  let results = (outs Tlx_BufferType:$result);
  let assemblyFormat = [{
    $buffers `[` $index `]` attr-dict `:` qualified(type($buffers)) `->`
    qualified(type($result))
  }];
  let hasVerifier = 1;
}

def Tlx_LocalLoadOp : Tlx_Op<"local_load", [
    MemoryEffects<[MemRead<DefaultResource>]>]> {
  let summary = "Read a buffer into a tile";
  let arguments = (ins Tlx_BufferType:$buffer);
  let results = (outs AnyRankedTensor:$result);
  let assemblyFormat = [{
    $buffer attr-dict `:` qualified(type($buffer)) `->` type($result)
  }];
  let hasVerifier = 1;
}

def Tlx_LocalStoreOp : Tlx_Op<"local_store", [
    MemoryEffects<[MemWrite<DefaultResource>]>]> {
  let summary = "Write a tile into a buffer";
  let arguments = (ins Tlx_BufferType:$buffer, AnyRankedTensor:$value);
  let assemblyFormat = [{
    $value `,` $buffer attr-dict `:` type($value) `,`
    qualified(type($buffer))
  }];
  let hasVerifier = 1;
}

def Tlx_AsyncLoadOp : Tlx_Op<"async_load", [
    MemoryEffects<[MemRead<DefaultResource>, MemWrite<DefaultResource>]>]> {
  let summary = "Start copying a tile of global memory into a buffer";
  let description = [{
    Each element of the pointer tile `ptr` is copied into the same place of
    `buffer` in the background; where `mask` is false the buffer gets a
    zero. The copy belongs to the next group tlx.async_commit_group closes,
    and the buffer may be read once tlx.async_wait has waited for that
    group.

    ```mlir
    %t = tlx.async_load %ptrs, %buf, %mask : tensor<128x64x!tir.ptr<f16>>, tensor<128x64xi1> -> !tlx.buffer<128x64xf16>
    ```
  }];
  let arguments = (ins AnyRankedTensor:$ptr, Tlx_BufferType:$buffer,
                       Optional<AnyRankedTensor>:$mask);
  let results = (outs Tlx_TokenType:$token);
  let assemblyFormat = [{
    $ptr `,` $buffer (`,` $mask^)? attr-dict `:` type($ptr)
    (`,` type($mask)^)? `->` qualified(type($buffer))
  }];
  let hasVerifier = 1;
}

def Tlx_AsyncCommitGroupOp : Tlx_Op<"async_commit_group"> {
  let summary = "Close the group of the copies started so far";
  let arguments = (ins Variadic<Tlx_TokenType>:$tokens);
  let results = (outs Tlx_TokenType:$token);
  let assemblyFormat = "($tokens^)? attr-dict";
}

def Tlx_AsyncWaitOp : Tlx_Op<"async_wait"> {
  let summary = "Wait until at most `pendings` copy groups are in flight";
  let description = [{
    Waits for the program's copy groups but the `pendings` most recent;
    what the finished copies wrote is then visible to every thread of the
    program and to its tensor-core operations.
  }];
  let arguments = (ins Variadic<Tlx_TokenType>:$tokens,
                       ConfinedAttr<I32Attr, [IntNonNegative]>:$pendings);
  let results = (outs Tlx_TokenType:$token);
  let assemblyFormat = "($tokens^)? attr-dict";
}

def Tlx_AsyncDotOp : Tlx_Op<"async_dot", [
    MemoryEffects<[MemRead<DefaultResource>]>,
    AllTypesMatch<["acc", "result"]>]> {
  let summary = "Start a warpgroup matrix product: result = a * b + acc";
  let description = [{
    `a` (MxK) is a buffer or a tile in registers, `b` (KxN) a buffer, of
    f16, bf16, fp8 (e4m3, e5m2) or f32 (multiplied as tf32); the product is
    added to `acc` (f32), or, with `use_acc` false, replaces it. M is a
    multiple of 64, N of 8 up to 256, K at least 16.
    The result may be read only after tlx.async_dot_wait has returned it,
    and the buffers must not be overwritten before.

    ```mlir
    %d = tlx.async_dot %a, %b, %acc : !tlx.buffer<128x64xf16> * !tlx.buffer<64x256xf16> -> tensor<128x256xf32>
    ```
  }];
  let arguments = (ins AnyTypeOf<[Tlx_BufferType, AnyRankedTensor]>:$a,
                       Tlx_BufferType:$b, AnyRankedTensor:$acc,
                       Optional<I1>:$use_acc);
  let results = (outs AnyRankedTensor:$result);
  let assemblyFormat = [{
    $a `,` $b `,` $acc (`use_acc` $use_acc^)? attr-dict `:`
    qualified(type($a)) `*` qualified(type($b)) `->` type($result)
  }];
  let hasVerifier = 1;
}

def Tlx_AsyncDotWaitOp : Tlx_Op<"async_dot_wait", [
    AllTypesMatch<["values", "results"]>]> {
  let summary = "Wait until at most `pendings` async dots are in flight";
  let description = [{
    Returns `values` (results of tlx.async_dot) once every async dot of the
    warpgroup but the `pendings` most recent is done.
  }];
  let arguments = (ins Variadic<AnyRankedTensor>:$values,
                       ConfinedAttr<I32Attr, [IntNonNegative]>:$pendings);
  let results = (outs Variadic<AnyRankedTensor>:$results);
  let assemblyFormat = "$values attr-dict `:` type($values)";
}

def Tlx_LocalTransOp : Tlx_Op<"local_trans", [Pure]> {
  let summary = "A buffer viewed with its dimensions permuted";
  let description = [{
    The same bytes as `buffer`, dimension `i` of the result being dimension
    `order[i]` of the buffer: a K x N tile stored N-major is read by
    tlx.async_dot as its N x K transpose without moving anything.
  }];
  let arguments = (ins Tlx_BufferType:$buffer, DenseI32ArrayAttr:$order);
  let results = (outs Tlx_BufferType:$result);
  let assemblyFormat = [{
    $buffer `,` $order attr-dict `:` qualified(type($buffer)) `->`
    qualified(type($result))
  }];
  let hasVerifier = 1;
}

def Tlx_LocalSliceOp : Tlx_Op<"local_slice", [Pure]> {
  let summary = "A block of a buffer, viewed in place";
  let description = [{
    The block of `buffer` of the result's shape whose first element is at
    `offsets` (one i32 per dimension): the same bytes, no data moved. A
    cluster's CTAs each load half of a shared operand into such a block.
    Where the buffer is laid out for TMA or the tensor cores, the block
    must be whole swizzle atoms of every row, or whole rows (8 at a time)
    of a buffer one atom wide; the lowering says so otherwise.
  }];
  let arguments = (ins Tlx_BufferType:$buffer, Variadic<I32>:$offsets);
  let results = (outs Tlx_BufferType:$result);
  let assemblyFormat = [{
    $buffer `[` $offsets `]` attr-dict `:` qualified(type($buffer)) `->`
    qualified(type($result))
  }];
  let hasVerifier = 1;
}

def Tlx_LocalReinterpretOp : Tlx_Op<"local_reinterpret", [Pure]> {
  let summary = "A buffer (or ring) viewed as another element type and shape";
  let description = [{
    The bytes of `src` (one buffer, or each buffer of a ring) viewed as
    tiles of the result's element type and shape, no more bytes than each
    holds: a buffer reused in a later phase of the kernel. The view is laid
    out for its own uses (TMA, tlx.async_dot, registers), independently of
    `src`'s.
  }];
  let arguments = (ins AnyTypeOf<[Tlx_BufferType, Tlx_BuffersType]>:$src);
  let results = (outs AnyTypeOf<[Tlx_BufferType, Tlx_BuffersType]>:$result);
  let assemblyFormat = [{
    $src attr-dict `:` qualified(type($src)) `->` qualified(type($result))
  }];
  let hasVerifier = 1;
}

def Tlx_AllocBarriersOp : Tlx_Op<"alloc_barriers", [
    MemoryEffects<[MemAlloc<DefaultResource>, MemWrite<DefaultResource>]>]> {
  let summary = "Allocate and initialize barriers in shared memory";
  let description = [{
    `count` mbarriers, each completing a phase when `arrive_count`
    arrivals (and the bytes announced to it) have come. With `per_thread`
    (tlx.alloc_warp_barrier), tlx.barrier_arrive on them is an arrival of
    every thread of the arriving group, not one per group.
  }];
  let arguments = (ins ConfinedAttr<I32Attr, [IntPositive]>:$arrive_count,
                       UnitAttr:$per_thread);
  let results = (outs Tlx_BarriersType:$result);
  let assemblyFormat = "attr-dict `:` qualified(type($result))";
}

def Tlx_BarrierViewOp : Tlx_Op<"barrier_view", [Pure]> {
  let summary = "Barrier `index` of a tlx.alloc_barriers";
  let arguments = (ins Tlx_BarriersType:$barriers, I32:$index);
  let results = (outs Tlx_BarrierType:$result);
  let assemblyFormat = [{
    $barriers `[` $index `]` attr-dict `:` qualified(type($barriers))
  }];
  let hasVerifier = 1;
}

def Tlx_BarrierExpectBytesOp : Tlx_Op<"barrier_expect_bytes"> {
  let summary = "Arrive on a barrier, expecting bytes of TMA copies";
  let description = [{
    One thread of the group of warps that runs the op arrives on `barrier`
    and adds `bytes` to what its phase waits for; the TMA copies that name
    the barrier complete them. Nothing happens where `pred` is false.
  }];
  let arguments = (ins Tlx_BarrierType:$barrier,
                       ConfinedAttr<I32Attr, [IntNonNegative]>:$bytes,
                       Optional<I1>:$pred);
  let assemblyFormat = "$barrier (`if` $pred^)? attr-dict";
}

def Tlx_BarrierWaitOp : Tlx_Op<"barrier_wait"> {
  let summary = "Wait until the phase of a barrier with parity `phase` completes";
  let arguments = (ins Tlx_BarrierType:$barrier, I32:$phase,
                       Optional<I1>:$pred);
  let assemblyFormat = "$barrier `,` $phase (`if` $pred^)? attr-dict";
}

def Tlx_BarrierArriveOp : Tlx_Op<"barrier_arrive", [AttrSizedOperandSegments]> {
  let summary = "Arrive on a barrier, once per group of warps";
  let description = [{
    One thread of the group of warps that runs the op (each
    warp-specialized task, or the program) arrives `count` times. With
    `remote_cta`, on the same barrier of that CTA of the thread-block
    cluster.
  }];
  let arguments = (ins Tlx_BarrierType:$barrier,
                       DefaultValuedAttr<ConfinedAttr<I32Attr, [IntPositive]>,
                                         "1">:$count,
                       Optional<I1>:$pred, Optional<I32>:$remote_cta);
  let assemblyFormat = [{
    $barrier (`on` $remote_cta^)? (`if` $pred^)? attr-dict
  }];
}

def Tlx_AsyncDescriptorLoadOp : Tlx_Op<"async_descriptor_load", [
    AttrSizedOperandSegments,
    MemoryEffects<[MemRead<DefaultResource>, MemWrite<DefaultResource>]>]> {
  let summary = "Start a TMA copy of a block into a buffer";
  let description = [{
    One thread copies the block of the tensor `desc` describes at
    `offsets` into `buffer` (the descriptor's block shape); the copy
    completes bytes that tlx.barrier_expect_bytes announced to `barrier`.
    Nothing happens where `pred` is false. With `multicast` (bit r for
    CTA r of the thread-block cluster), the block lands in the same buffer
    of each of those CTAs and completes bytes of each one's `barrier`.
  }];
  let arguments = (ins AnyType:$desc, Variadic<I32>:$offsets,
                       Tlx_BufferType:$buffer, Tlx_BarrierType:$barrier,
                       Optional<I1>:$pred, Optional<I32>:$multicast);
  let assemblyFormat = [{
    $desc `[` $offsets `]` `,` $buffer `,` $barrier (`if` $pred^)?
    (`multicast` $multicast^)? attr-dict
    `:` type($desc) `->` qualified(type($buffer))
  }];
  let hasVerifier = 1;
}

def Tlx_AsyncDescriptorStoreOp : Tlx_Op<"async_descriptor_store", [
    MemoryEffects<[MemRead<DefaultResource>, MemWrite<DefaultResource>]>]> {
  let summary = "Start a TMA copy of a buffer to a block of a tensor";
  let description = [{
    One thread of the group copies `buffer` (the descriptor's block shape
    and element type) to the block of the tensor `desc` describes at
    `offsets`; elements outside the tensor are not written. What the
    group wrote into the buffer must be fenced (tlx.fence_async_shared)
    first; tlx.async_descriptor_store_wait waits for the copy's reads.
    With `reduce` ("add", "min", "max", "and", "or", "xor"), the buffer's
    elements are combined with those in memory, atomically.
  }];
  let arguments = (ins AnyType:$desc, Variadic<I32>:$offsets,
                       Tlx_BufferType:$buffer, OptionalAttr<StrAttr>:$reduce);
  let assemblyFormat = [{
    $desc `[` $offsets `]` `,` $buffer attr-dict `:` qualified(type($buffer))
    `->` type($desc)
  }];
  let hasVerifier = 1;
}

def Tlx_AsyncDescriptorStoreWaitOp : Tlx_Op<"async_descriptor_store_wait"> {
  let summary = "Wait until at most `pendings` TMA stores still read their buffers";
  let arguments = (ins ConfinedAttr<I32Attr, [IntNonNegative]>:$pendings);
  let assemblyFormat = "attr-dict";
}

def Tlx_AsyncTasksOp : Tlx_Op<"async_tasks", [
    NoTerminator, SingleBlock, RecursiveMemoryEffects]> {
  let summary = "Groups of warps running different tasks at once";
  let description = [{
    Holds the kernel's tasks (tlx.async_task ops and nothing else): the
    default task runs on the program's warps, each other task on warps of
    its own added to the program, all at the same time; the op ends when
    every task has. tlx-lower-tasks makes it a tir.warp_specialize.
  }];
  let regions = (region SizedRegion<1>:$body);
  let assemblyFormat = "attr-dict-with-keyword $body";
  let hasRegionVerifier = 1;
}

def Tlx_AsyncTaskOp : Tlx_Op<"async_task", [
    NoTerminator, SingleBlock, RecursiveMemoryEffects,
    HasParent<"AsyncTasksOp">]> {
  let summary = "One task of a tlx.async_tasks";
  let description = [{
    The default task (`default_task`) runs on the program's own warps;
    any other on `num_warps` warps of its own. With `registers`, the task's
    warps first set the registers each thread may use (setmaxnreg). A task
    replicated by the front end is one op per replica, `replica` its
    index.
  }];
  let arguments = (ins UnitAttr:$default_task,
                       OptionalAttr<I32Attr>:$num_warps,
                       OptionalAttr<I32Attr>:$registers,
                       DefaultValuedAttr<I32Attr, "0">:$replica);
  let regions = (region SizedRegion<1>:$body);
  let assemblyFormat = "attr-dict-with-keyword $body";
  let hasVerifier = 1;
}

#endif // TLX_PLUGIN_OPS
