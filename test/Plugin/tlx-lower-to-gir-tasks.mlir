// tlx-lower-to-gir on warp-specialized TLX kernels: rings and barriers a
// partition captures become the core's (the partition's arguments are
// retyped with them), and the default region of a TLX op whose default
// task set no registers gets what the partitions leave of the 64K
// registers: (65536 - 2 x 128 x 232) / 128 threads = 48.
// RUN: trident-opt --load-plugin=%plugins/libTlxPlugin.so --tlx-lower-to-gir %s | FileCheck %s

// CHECK-LABEL: func.func @captured
// CHECK: %[[RING:.*]] = gir.local_alloc : !gir.memdesc<2x64xf16, #{{.*}}>
// CHECK: %[[BARS:.*]] = nvgir.mbarrier_alloc {arrivals = 1 : i32} : !nvgir.mbarriers<2>
// CHECK: tir.warp_specialize(%[[RING]], %[[BARS]], %{{.*}} : !gir.memdesc<2x64xf16, #{{.*}}>, !nvgir.mbarriers<2>, i32) registers(48) {
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
