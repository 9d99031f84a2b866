// tlx-lower-to-cpu: on the CPU target a ring is scratch memory of the
// program (freed at the end of its block), a view a pointer into it, a
// transposed view the same pointer with its strides swapped; a TMA copy is
// a descriptor load stored into the buffer that completes its bytes on the
// barrier; barriers are the runtime's mbarriers (expect_bytes an arrival
// announcing bytes, under its predicate); async_dot is tir.dot of the
// buffers' tiles; captured rings and barriers reach partitions as a
// pointer and an address.
// RUN: trident-opt --load-plugin=%plugins/libTlxPlugin.so --tlx-lower-to-cpu %s | FileCheck %s

// CHECK-LABEL: func.func @tma
// CHECK: %[[RING:.*]] = tir.extern_elementwise "__trident_cpu_scratch_alloc" ({{.*}} : i64) -> i64
// CHECK: %[[BASE:.*]] = tir.int_to_ptr %[[RING]] : i64 -> !tir.ptr<f16>
// CHECK: %[[BARS:.*]] = tir.extern_elementwise "__trident_cpu_scratch_alloc"
// CHECK-COUNT-2: tir.extern_elementwise "__trident_cpu_mbarrier_init"
// CHECK: scf.if %{{.*}} {
// CHECK: tir.extern_elementwise "__trident_cpu_mbarrier_expect_tx" ({{.*}} : i64, i32) -> i32
// CHECK: tir.extern_elementwise "__trident_cpu_mbarrier_arrive"
// CHECK: tir.descriptor_load
// CHECK: tir.store
// CHECK: "__trident_cpu_mbarrier_complete_tx"
// CHECK: "__trident_cpu_mbarrier_wait"
// CHECK: tir.dot
// CHECK: "__trident_cpu_mbarrier_arrive"
// CHECK: tir.warp_specialize(%[[BASE]], %{{.*}} : !tir.ptr<f16>, i64)
// CHECK: partition num_warps(4) (%{{.*}}: !tir.ptr<f16>, %[[B0:.*]]: i64)
// CHECK: "__trident_cpu_mbarrier_arrive" (%{{.*}}
// CHECK: "__trident_cpu_scratch_free" (%[[RING]] : i64)
// CHECK: "__trident_cpu_scratch_free" (%[[BARS]] : i64)
// CHECK-NOT: tlx.
module {
  func.func @tma(%d: !tir.tensordesc<tensor<64x64xf16>>, %i: i32, %p: i32, %ok: i1, %c: tensor<64x64xf32>) {
    %ring = tlx.local_alloc : !tlx.buffers<2x64x64xf16>
    %bars = tlx.alloc_barriers {arrive_count = 2 : i32} : !tlx.barriers<2>
    %bar = tlx.barrier_view %bars[%i] : !tlx.barriers<2>
    %v = tlx.local_view %ring[%i] : !tlx.buffers<2x64x64xf16> -> !tlx.buffer<64x64xf16>
    tlx.barrier_expect_bytes %bar if %ok {bytes = 8192 : i32}
    tlx.async_descriptor_load %d[%i, %i], %v, %bar : !tir.tensordesc<tensor<64x64xf16>> -> !tlx.buffer<64x64xf16>
    tlx.barrier_wait %bar, %p
    %t = tlx.local_trans %v, [1, 0] : !tlx.buffer<64x64xf16> -> !tlx.buffer<64x64xf16>
    %r = tlx.async_dot %v, %t, %c : !tlx.buffer<64x64xf16> * !tlx.buffer<64x64xf16> -> tensor<64x64xf32>
    tlx.barrier_arrive %bar
    tir.warp_specialize(%ring, %bars : !tlx.buffers<2x64x64xf16>, !tlx.barriers<2>) {
    } partition num_warps(4) (%r0: !tlx.buffers<2x64x64xf16>, %b0: !tlx.barriers<2>) {
      %zero = arith.constant 0 : i32
      %bb = tlx.barrier_view %b0[%zero] : !tlx.barriers<2>
      tlx.barrier_arrive %bb
    }
    return
  }
}
