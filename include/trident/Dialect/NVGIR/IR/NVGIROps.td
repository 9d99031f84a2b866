//===- NVGIROps.td - NVIDIA GPU IR operations --------------*- tablegen -*-===//
#ifndef TRIDENT_NVGIR_OPS
#define TRIDENT_NVGIR_OPS

include "trident/Dialect/NVGIR/IR/NVGIRDialect.td"
include "trident/Dialect/NVGIR/IR/NVGIRTypes.td"
include "trident/Dialect/GPUIR/IR/GPUIRTypes.td"
include "trident/Dialect/GPUIR/IR/GPUIRInterfaces.td"
include "trident/Dialect/TileIR/IR/TileIRAttrs.td"
include "mlir/Interfaces/SideEffectInterfaces.td"

def NVGIR_AsyncCopyOp : NVGIR_Op<"async_copy",
    [AttrSizedOperandSegments,
     MemoryEffects<[MemRead<DefaultResource>, MemWrite<DefaultResource>]>]> {
  let summary = "start copying a tile from global to shared memory";
  let description = [{
    Each thread starts asynchronous copies (`cp.async`, up to 16 bytes
    each) of the elements of the pointer tile `ptr` that its layout gives
    it into `dst`. Where `mask` is false, or everywhere when the scalar
    `pred` is false (a pipelined loop's copies past its end), the
    destination is filled with zeros. Copies are grouped by
    `nvgir.async_commit_group` and awaited with `nvgir.async_wait` (or an
    mbarrier, `nvgir.async_copy_arrive`); until then `dst` must not be
    read. Into a `#gir.plain_shared` buffer, an element the layout gives to
    several threads is copied by one of them.

    ```mlir
    nvgir.async_copy %ptrs, %a, %mask : tensor<128x64x!tir.ptr<bf16>, #blocked>, tensor<128x64xi1, #blocked> -> !gir.memdesc<128x64xbf16, #shared>
    nvgir.async_copy %ptrs, %row if %ok : tensor<1024x!tir.ptr<f32>, #blocked> -> !gir.memdesc<1024xf32, #gir.plain_shared<order = [0]>>
    ```
  }];
  let arguments = (ins AnyRankedTensor:$ptr, GPUIR_MemDescType:$dst,
                       Optional<AnyRankedTensor>:$mask, Optional<I1>:$pred);
  let assemblyFormat = [{
    $ptr `,` $dst (`,` $mask^)? (`if` $pred^)? attr-dict `:` type($ptr)
    (`,` type($mask)^)? `->` qualified(type($dst))
  }];
  let hasVerifier = 1;
}

def NVGIR_AsyncCommitGroupOp : NVGIR_Op<"async_commit_group"> {
  let summary = "close the group of asynchronous copies started so far";
  let assemblyFormat = "attr-dict";
}

def NVGIR_AsyncWaitOp : NVGIR_Op<"async_wait"> {
  let summary = "wait until at most `pending` copy groups are in flight";
  let description = [{
    Waits for this thread's copy groups but the `pending` most recent, then
    synchronizes the program's threads, so that every completed copy is
    visible to every thread and to the tensor cores (the generic-to-async
    proxy fence is included).
  }];
  let arguments = (ins ConfinedAttr<I32Attr, [IntNonNegative]>:$pending);
  let assemblyFormat = "attr-dict";
}

def NVGIR_MBarrierAllocOp : NVGIR_Op<"mbarrier_alloc",
    [MemoryEffects<[MemAlloc<DefaultResource>, MemWrite<DefaultResource>]>,
     DeclareOpInterfaceMethods<GPUIR_SharedMemoryBuffer,
                               ["isSharedMemoryLiveForKernel"]>]> {
  let summary = "shared-memory barriers, initialized";
  let description = [{
    Reserves the result's mbarriers in shared memory; one thread initializes
    each with `arrivals` expected arrivals (phase 0), then the program's
    threads synchronize.

    ```mlir
    %bars = nvgir.mbarrier_alloc {arrivals = 128 : i32} : !nvgir.mbarriers<3>
    ```
  }];
  let arguments = (ins I32Attr:$arrivals);
  let results = (outs NVGIR_MBarriersType:$result);
  let assemblyFormat = "attr-dict `:` qualified(type($result))";
  let hasVerifier = 1;
}

def NVGIR_AsyncCopyArriveOp : NVGIR_Op<"async_copy_arrive"> {
  let summary = "arrive on a barrier once this thread's copies have landed";
  let description = [{
    The barrier `barriers[index]` counts one arrival of this thread when all
    the asynchronous copies this thread started before have completed
    (`cp.async.mbarrier.arrive.noinc`).
  }];
  let arguments = (ins NVGIR_MBarriersType:$barriers, I32:$index);
  let assemblyFormat = [{
    $barriers `[` $index `]` attr-dict `:` qualified(type($barriers))
  }];
}

def NVGIR_MBarrierArriveOp : NVGIR_Op<"mbarrier_arrive"> {
  let summary = "arrive on a barrier, once per group of warps";
  let description = [{
    The first thread of the group of warps that runs the op (a
    warp-specialized partition, or the program) arrives on
    `barriers[index]`, `count` times (`mbarrier.arrive`, release at CTA
    scope): a group says once that it is done with what the barrier guards
    (the tensor cores' reads of a buffer, awaited by the group before it
    arrives). An op whose barriers count one arrival per group. With
    `per_thread`, every thread of the group arrives (`count` times each),
    for barriers that count threads. With `cta`, the arrival is on the
    barrier at the same place in the shared memory of CTA `cta` of the
    thread-block cluster (`mapa`, release at CTA scope): CTAs that share a
    buffer through multicast copies say that theirs is free. The release
    orders this CTA's awaited reads before another CTA's writes, not its
    writes before another's reads: a cluster-scope release would cost a
    GPU-wide memory barrier at each arrival.

    ```mlir
    nvgir.mbarrier_arrive %bars[%i] {count = 1 : i32} : !nvgir.mbarriers<3>
    nvgir.mbarrier_arrive %bars[%i] on %peer : !nvgir.mbarriers<3>
    ```
  }];
  let arguments = (ins NVGIR_MBarriersType:$barriers, I32:$index,
                       Optional<I32>:$cta,
                       DefaultValuedAttr<ConfinedAttr<I32Attr, [IntPositive]>,
                                         "1">:$count,
                       UnitAttr:$per_thread);
  let assemblyFormat = [{
    $barriers `[` $index `]` (`on` $cta^)? attr-dict `:` qualified(type($barriers))
  }];
  let builders = [
    OpBuilder<(ins "::mlir::Value":$barriers, "::mlir::Value":$index,
                   "uint32_t":$count), [{
      build($_builder, $_state, barriers, index, /*cta=*/::mlir::Value(),
            count, /*per_thread=*/false);
    }]>
  ];
}

def NVGIR_ClusterBarrierOp : NVGIR_Op<"cluster_barrier"> {
  let summary = "every thread of a thread-block cluster meets";
  let description = [{
    Each thread of each CTA of the cluster arrives, then waits until all
    have (`barrier.cluster.arrive` / `.wait`; threads that have exited do
    not hold it up): what a thread wrote before is visible to the
    cluster's threads after. With `barrier_init`, the barriers initialized
    before are first made visible to the cluster (`fence.mbarrier_init`),
    so that other CTAs may arrive on them. nvgir-cluster-barriers places
    these where a clustered kernel's CTAs reach into each other's shared
    memory; the lowering of a warp-specialized kernel has the partitions'
    warps meet them too.

    ```mlir
    nvgir.cluster_barrier {barrier_init}
    ```
  }];
  let arguments = (ins UnitAttr:$barrier_init);
  let assemblyFormat = "attr-dict";
}

def NVGIR_MBarrierExpectTxOp : NVGIR_Op<"mbarrier_expect_tx"> {
  let summary = "arrive on a barrier and expect bytes of copies";
  let description = [{
    The first thread of the group of warps that runs the op arrives once on
    `barriers[index]` and adds `bytes` to the transactions its phase waits
    for (`mbarrier.arrive.expect_tx`): the phase completes when the copies
    that name the barrier (`nvgir.tma_load` with `expected`) have landed
    that many bytes.

    ```mlir
    nvgir.mbarrier_expect_tx %bars[%i] {bytes = 16384 : i32} : !nvgir.mbarriers<3>
    ```
  }];
  let arguments = (ins NVGIR_MBarriersType:$barriers, I32:$index,
                       ConfinedAttr<I32Attr, [IntNonNegative]>:$bytes);
  let assemblyFormat = [{
    $barriers `[` $index `]` attr-dict `:` qualified(type($barriers))
  }];
}

def NVGIR_FenceOp : NVGIR_Op<"fence"> {
  let summary = "order memory accesses across threads or proxies";
  let description = [{
    `"gpu"` and `"sys"`: the thread's memory accesses before the fence are
    ordered before those after it for every thread of the GPU (and the
    host) (`fence.acq_rel.gpu` / `.sys`); `"async_shared"`: its generic
    shared-memory writes before the fence are visible to asynchronous-proxy
    operations after it (TMA stores, wgmma; `fence.proxy.async.shared::cta`).

    ```mlir
    nvgir.fence "async_shared"
    ```
  }];
  let arguments = (ins StrAttr:$scope);
  let assemblyFormat = "$scope attr-dict";
  let hasVerifier = 1;
}

def NVGIR_NamedBarrierOp : NVGIR_Op<"named_barrier"> {
  let summary = "wait or arrive at a hardware named barrier";
  let description = [{
    Named barrier `id` (0-15) completes when `threads` threads (a multiple
    of 32) have reached it; a warp counts all its threads. Without
    `arrive`, the threads wait for that (`bar.sync id, threads`); with it,
    they count themselves and go on (`bar.arrive id, threads`): groups of
    warps take turns this way (ping-pong schedules). Warp specialization
    uses barrier 0 for the default group, 1 to join and 2 + i for
    partition i: the lowering of a `tir.warp_specialize` refuses a kernel
    whose named barriers take one of those.

    ```mlir
    nvgir.named_barrier {id = 9 : i32, threads = 256 : i32}
    nvgir.named_barrier {arrive, id = 10 : i32, threads = 256 : i32}
    ```
  }];
  let arguments = (ins ConfinedAttr<I32Attr, [IntNonNegative]>:$id,
                       ConfinedAttr<I32Attr, [IntPositive]>:$threads,
                       UnitAttr:$arrive);
  let assemblyFormat = "attr-dict";
  let hasVerifier = 1;
}

def NVGIR_TensorDesc : Type<
    CPred<"::mlir::isa<::trident::tir::TensorDescType>($_self)">,
    "tensor descriptor", "::trident::tir::TensorDescType">;

def NVGIR_TmaLoadOp : NVGIR_Op<"tma_load",
    [AttrSizedOperandSegments,
     MemoryEffects<[MemRead<DefaultResource>, MemWrite<DefaultResource>]>]> {
  let summary = "start a tensor-memory-accelerator copy of a block into shared memory";
  let description = [{
    One thread of the program copies the block of the tensor described by
    `desc` whose first element is at `indices` into `dst`
    (`cp.async.bulk.tensor`, one copy per box of the descriptor's TMA
    layout, see `nvgir::getTmaBlockLayout`); elements outside the tensor
    land as zeros. The same thread arrives once on `barriers[index]` and
    adds the block's bytes to the transactions that barrier's phase waits
    for, so the phase completes when the data has landed. Nothing happens
    when `pred` is given and false. `dst` must have the descriptor's block
    shape and element type and the shared layout TMA writes. With
    `expected`, the thread does not arrive: the bytes were announced by an
    `nvgir.mbarrier_expect_tx` on the barrier, and the copy only completes
    them. With `multicast` (a mask of the thread-block cluster's CTAs, bit
    r for CTA r), the block lands in each of those CTAs, at `dst`'s place
    in its shared memory, and completes bytes of the barrier at the same
    place in each (`.multicast::cluster`).

    ```mlir
    nvgir.tma_load %desc[%m, %k], %slot, %bars[%i] : !tir.tensordesc<tensor<128x64xbf16>> -> !gir.memdesc<128x64xbf16, #shared>, !nvgir.mbarriers<4>
    ```
  }];
  let arguments = (ins NVGIR_TensorDesc:$desc, Variadic<I32>:$indices,
                       GPUIR_MemDescType:$dst, NVGIR_MBarriersType:$barriers,
                       I32:$index, Optional<I1>:$pred,
                       Optional<I16>:$multicast,
                       UnitAttr:$expected);
  let assemblyFormat = [{
    $desc `[` $indices `]` `,` $dst `,` $barriers `[` $index `]`
    (`if` $pred^)? (`multicast` $multicast^)? (`expected` $expected^)? attr-dict `:` qualified(type($desc)) `->`
    qualified(type($dst)) `,` qualified(type($barriers))
  }];
  let hasVerifier = 1;
}

def NVGIR_TmaStoreOp : NVGIR_Op<"tma_store",
    [MemoryEffects<[MemRead<DefaultResource>, MemWrite<DefaultResource>]>]> {
  let summary = "start a tensor-memory-accelerator copy of a buffer to global memory";
  let description = [{
    The first thread of the group that runs the op copies `src` (a
    shared-memory tile in the layout TMA reads, the descriptor's block
    shape and element type) to the block of the tensor described by `desc`
    whose first element is at `indices` (`cp.async.bulk.tensor`, one copy
    per box of the descriptor's TMA layout; elements outside the tensor
    are not written), then commits the copies as one bulk group. What the
    group's threads wrote into `src` through the generic proxy must be
    fenced first (`nvgir.fence "async_shared"`) and the writers
    synchronized; `nvgir.tma_store_wait` waits for the reads of `src`.
    With `reduce` ("add", "min", "max", "and", "or", "xor"), each element
    is combined with the one in memory, atomically, instead of replacing it
    (`cp.reduce.async.bulk.tensor`): add on f32, f16, bf16 and 32- or
    64-bit integers; min and max on f16, bf16 and integers; the bitwise
    ones on integers of 32 or 64 bits.

    ```mlir
    nvgir.tma_store %desc[%m, %n], %slot : !tir.tensordesc<tensor<128x64xbf16>>, !gir.memdesc<128x64xbf16, #shared>
    nvgir.tma_store %desc[%m, %n], %slot {reduce = "add"} : !tir.tensordesc<tensor<128x64xf32>>, !gir.memdesc<128x64xf32, #shared>
    ```
  }];
  let arguments = (ins NVGIR_TensorDesc:$desc, Variadic<I32>:$indices,
                       GPUIR_MemDescType:$src, OptionalAttr<StrAttr>:$reduce);
  let assemblyFormat = [{
    $desc `[` $indices `]` `,` $src attr-dict `:` qualified(type($desc)) `,`
    qualified(type($src))
  }];
  let hasVerifier = 1;
}

def NVGIR_TmaStoreWaitOp : NVGIR_Op<"tma_store_wait"> {
  let summary = "wait until at most `pendings` TMA stores still read shared memory";
  let description = [{
    `cp.async.bulk.wait_group.read pendings`: once it returns, the buffers
    of all but the last `pendings` bulk groups this thread committed
    (`nvgir.tma_store`) may be written again.
  }];
  let arguments = (ins ConfinedAttr<I32Attr, [IntNonNegative]>:$pendings);
  let assemblyFormat = "attr-dict";
}

def NVGIR_MBarrierWaitOp : NVGIR_Op<"mbarrier_wait"> {
  let summary = "wait for a phase of a barrier to complete";
  let description = [{
    Waits until the phase of `barriers[index]` with parity `phase` has
    completed; what the arriving threads wrote (their asynchronous copies
    included) is then visible to this thread and, through the proxy fence
    included here, to its tensor-core operations. With `async_writes`, the
    phase is completed by async-proxy writes only (TMA copies): those are
    visible to the tensor cores (async proxy too) without the fence, which
    is left out. With `unfenced`, the fence is left out too: what the
    phase's copies wrote is read by generic-proxy loads only (rings read
    back into registers), or gir-pipeline was asked for no fence after
    cp.async (`fence-copies=false`, as Triton's pipeliner emits them).

    With `timeout_ms` (set by gir-bound-barrier-waits, a debugging aid), a
    wait that has not completed after that many milliseconds prints the
    barrier, the phase, the block, the warp, `waiter` (which region of the
    program waits) and the op's source line, then traps, instead of
    hanging.
  }];
  let arguments = (ins NVGIR_MBarriersType:$barriers, I32:$index, I32:$phase,
                       UnitAttr:$async_writes, UnitAttr:$unfenced,
                       OptionalAttr<I64Attr>:$timeout_ms,
                       OptionalAttr<StrAttr>:$waiter);
  let builders = [
    OpBuilder<(ins "::mlir::Value":$barriers, "::mlir::Value":$index,
                   "::mlir::Value":$phase), [{
      build($_builder, $_state, barriers, index, phase, false, false,
            nullptr, nullptr);
    }]>
  ];
  let assemblyFormat = [{
    $barriers `[` $index `]` `,` $phase attr-dict `:` qualified(type($barriers))
  }];
}

def NVGIR_WarpgroupDotOp : NVGIR_Op<"warpgroup_dot",
    [MemoryEffects<[MemRead<DefaultResource>]>,
     AllTypesMatch<["c", "d"]>,
     DeclareOpInterfaceMethods<GPUIR_LayoutConstrained>]> {
  let summary = "d = a * b + c on Hopper tensor cores, B in shared memory";
  let description = [{
    `b` (KxN) is a shared-memory tile with a `#gir.nvmma_shared` layout; `a`
    (MxK) is one too, or a register tile (any distributed layout: a value the
    loop computes, such as attention's `p`, or one defined before it). A
    16-bit register `a` whose layout holds wgmma's register fragment (each
    warp its 16 rows of its warpgroup's 64, lanes as mma.m16n8k16's A
    fragment: a `#gir.wgmma` layout of the accumulator's warps, as the dot
    that computed `p` leaves it) feeds `wgmma.mma_async` from registers,
    two elements per 32-bit register; any other register `a` is staged into
    shared memory first, as `tir.dot`'s register operands are (so a
    register `a` takes no `async`). `c` and `d` have the `#gir.wgmma`
    layout. Lowers to
    `wgmma.mma_async` per warpgroup and K step, committed as one group,
    then waits for them, unless `async` is set: then `d` is in flight until
    a `nvgir.warpgroup_wait` returns it, and the operand buffers must not be
    overwritten before. `precision` applies to f32 operands as for
    `tir.dot` (only `tf32` runs on tensor cores).

    Written before the layout passes (a plugin's explicit dots), the op
    tells them its layouts (gir::LayoutConstrainedOpInterface): `c` and `d`
    in the `#gir.wgmma` layout of the program's warps, a 16-bit register
    `a` in the matching register fragment.

    With `use_c %p`, `d = a * b + (p ? c : 0)`: the first MMA of the group
    takes `p` as its run-time scale-d, so that a persistent kernel's loop
    starts a new tile's accumulator without reading (or waiting for) the
    registers the previous tile's MMAs may still be writing.

    With `max_num_imprecise_acc = L` (8-bit float operands, L at least one
    k32 step and at most K), wgmma's reduced-precision fp8 sums cover runs
    of L / 32 K steps only (rounded down: at most L products): each run
    starts from zero (scale-d 0 on its first step), is committed and waited
    for, and its partial sum is added to the f32 accumulator (`add.f32`),
    as Triton promotes them on Hopper. Such a dot completes within the op
    (it takes no `async`). 0, the default, or an L above K: the whole K at
    wgmma's precision.
  }];
  let arguments = (ins AnyTypeOf<[GPUIR_MemDescType, AnyRankedTensor]>:$a,
                       GPUIR_MemDescType:$b,
                       AnyRankedTensor:$c,
                       Optional<I1>:$use_c,
                       DefaultValuedAttr<TIR_InputPrecision,
                           "::trident::tir::InputPrecision::IEEE">:$precision,
                       UnitAttr:$async,
                       DefaultValuedAttr<ConfinedAttr<I32Attr, [IntMinValue<0>]>,
                           "0">:$max_num_imprecise_acc);
  let results = (outs AnyRankedTensor:$d);
  let assemblyFormat = [{
    $a `,` $b `,` $c (`use_c` $use_c^)? (`precision` `=` $precision^)?
    (`async` $async^)?
    (`max_num_imprecise_acc` `=` $max_num_imprecise_acc^)? attr-dict `:`
    qualified(type($a)) `*` qualified(type($b)) `->` type($d)
  }];
  let hasVerifier = 1;
  let extraClassDeclaration = [{
    /// `a` as a register tile (null when it is in shared memory).
    ::mlir::TypedValue<::mlir::RankedTensorType> getRegisterA() {
      return ::llvm::dyn_cast<::mlir::TypedValue<::mlir::RankedTensorType>>(
          getA());
    }
    /// K elements per partial sum that is added to the accumulator in f32
    /// (max_num_imprecise_acc when it is set and at most K), or 0 when the
    /// whole K accumulates at wgmma's precision.
    int64_t getPromotionInterval();
  }];
}

def NVGIR_WarpgroupWaitOp : NVGIR_Op<"warpgroup_wait",
    [AllTypesMatch<["values", "results"]>]> {
  let summary = "wait until at most `pending` warpgroup MMA groups are in flight";
  let description = [{
    Waits for this warpgroup's asynchronous `nvgir.warpgroup_dot`s but the
    `pending` most recent, and returns `values` (accumulators of those dots)
    once they may be read: passing them through the wait keeps their
    readers after it.
  }];
  let arguments = (ins Variadic<AnyRankedTensor>:$values,
                       ConfinedAttr<I32Attr, [IntNonNegative]>:$pending);
  let results = (outs Variadic<AnyRankedTensor>:$results);
  let assemblyFormat = [{
    $values attr-dict `:` type($values)
  }];
}

#endif // TRIDENT_NVGIR_OPS
