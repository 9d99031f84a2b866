// tlx-lower-to-gir on warp-specialized TLX kernels: rings and barriers a
// partition captures become the core's (the partition's arguments are
// retyped with them), and the default region of a TLX op whose default
// task set no registers gets what the partitions leave of the registers
// the CTA starts with (168 per thread of 12 warps, not the whole 64K):
// (168 x 384 - 2 x 128 x 232) / 128 threads = 40.
// RUN: trident-opt --load-plugin=%plugins/libTlxPlugin.so --tlx-lower-to-gir %s | FileCheck %s

// CHECK-LABEL: func.func @captured
// CHECK: %[[RING:.*]] = gir.local_alloc : !gir.memdesc<2x64xf16, #{{.*}}>
// CHECK: %[[BARS:.*]] = nvgir.mbarrier_alloc {arrivals = 1 : i32} : !nvgir.mbarriers<2>
// CHECK: tir.warp_specialize(%[[RING]], %[[BARS]], %{{.*}} : !gir.memdesc<2x64xf16, #{{.*}}>, !nvgir.mbarriers<2>, i32) registers(40) {
// CHECK: partition num_warps(4) registers(232) (%[[R:.*]]: !gir.memdesc<2x64xf16, #{{.*}}>, %[[B:.*]]: !nvgir.mbarriers<2>, %[[I:.*]]: i32)
// CHECK-NEXT: %[[V:.*]] = gir.memdesc_index %[[R]][%[[I]]]
// CHECK-NEXT: nvgir.mbarrier_wait %[[B]][%[[I]]], %[[I]]
// CHECK-NEXT: %{{.*}} = gir.local_load %[[V]]
// CHECK: partition num_warps(4) registers(232)
// CHECK-NOT: tlx.
// CHECK-NOT: tlx.fill_default_registers
#b = #gir.blocked<sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>
module attributes {gir.compute_capability = 90 : i32, gir.num_warps = 4 : i32, gir.threads_per_warp = 32 : i32} {
  func.func @captured(%i: i32) {
    %ring = tlx.local_alloc : !tlx.buffers<2x64xf16>
    %bars = tlx.alloc_barriers {arrive_count = 1 : i32} : !tlx.barriers<2>
    tir.warp_specialize(%ring, %bars, %i : !tlx.buffers<2x64xf16>, !tlx.barriers<2>, i32) attributes {tlx.fill_default_registers} {
      tir.warp_yield
    } partition num_warps(4) registers(232) (%r: !tlx.buffers<2x64xf16>, %b: !tlx.barriers<2>, %j: i32) {
      %v = tlx.local_view %r[%j] : !tlx.buffers<2x64xf16> -> !tlx.buffer<64xf16>
      %bar = tlx.barrier_view %b[%j] : !tlx.barriers<2>
      tlx.barrier_wait %bar, %j
      %t = tlx.local_load %v : !tlx.buffer<64xf16> -> tensor<64xf16, #b>
      tir.warp_yield
    } partition num_warps(4) registers(232) (%r: !tlx.buffers<2x64xf16>, %b: !tlx.barriers<2>, %j: i32) {
      tir.warp_yield
    }
    return
  }
}

// A group that only fills a ring (the producer) copies into it without a
// CTA barrier: the group that reads it waits on the kernel's mbarriers. The
// group that reads the ring and copies into it keeps the barrier. TLX's
// barrier waits add no proxy fence (TLX kernels fence with tlx.fence).
// CHECK-LABEL: func.func @producer_consumer
// CHECK: tir.warp_specialize
// CHECK: nvgir.mbarrier_wait %{{.*}}[%{{.*}}], %{{.*}} {unfenced}
// CHECK-NOT: gir.barrier
// CHECK: nvgir.tma_load
// CHECK: partition num_warps(4)
// CHECK: nvgir.warpgroup_dot
// CHECK: gir.barrier
// CHECK-NEXT: nvgir.tma_load
#b2 = #gir.blocked<sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]>
module attributes {gir.compute_capability = 90 : i32, gir.num_warps = 4 : i32, gir.threads_per_warp = 32 : i32} {
  func.func @producer_consumer(%d: !tir.tensordesc<tensor<64x64xf16>>, %i: i32, %c: tensor<64x64xf32, #b2>) {
    %ring = tlx.local_alloc : !tlx.buffers<2x64x64xf16>
    %bars = tlx.alloc_barriers {arrive_count = 1 : i32} : !tlx.barriers<2>
    tir.warp_specialize(%ring, %bars, %d, %i : !tlx.buffers<2x64x64xf16>, !tlx.barriers<2>, !tir.tensordesc<tensor<64x64xf16>>, i32) {
      %bar = tlx.barrier_view %bars[%i] : !tlx.barriers<2>
      tlx.barrier_wait %bar, %i
      %v = tlx.local_view %ring[%i] : !tlx.buffers<2x64x64xf16> -> !tlx.buffer<64x64xf16>
      tlx.async_descriptor_load %d[%i, %i], %v, %bar : !tir.tensordesc<tensor<64x64xf16>> -> !tlx.buffer<64x64xf16>
      tir.warp_yield
    } partition num_warps(4) (%r: !tlx.buffers<2x64x64xf16>, %b: !tlx.barriers<2>, %dd: !tir.tensordesc<tensor<64x64xf16>>, %j: i32) {
      %z = arith.constant dense<0.0> : tensor<64x64xf32, #b2>
      %v = tlx.local_view %r[%j] : !tlx.buffers<2x64x64xf16> -> !tlx.buffer<64x64xf16>
      %acc = tlx.async_dot %v, %v, %z : !tlx.buffer<64x64xf16> * !tlx.buffer<64x64xf16> -> tensor<64x64xf32, #b2>
      %bar = tlx.barrier_view %b[%j] : !tlx.barriers<2>
      tlx.async_descriptor_load %dd[%j, %j], %v, %bar : !tir.tensordesc<tensor<64x64xf16>> -> !tlx.buffer<64x64xf16>
      tir.warp_yield
    }
    return
  }
}
