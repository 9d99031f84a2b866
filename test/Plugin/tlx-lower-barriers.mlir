// tlx-lower-to-gir on barriers, TMA copies and transposed views: barriers
// become the core's mbarriers (a view is the pair of barriers and index),
// expect_bytes / arrive / wait the core's ops (guarded by their predicate),
// a TMA copy an nvgir.tma_load that completes announced bytes (`expected`)
// after a CTA barrier, into a ring laid out as TMA writes it; a transposed
// view is gir.memdesc_trans.
// RUN: trident-opt --load-plugin=%plugins/libTlxPlugin.so --tlx-lower-to-gir %s | FileCheck %s

// CHECK-DAG: #[[SW:.*]] = #gir.nvmma_shared<swizzle = 128, order = [1, 0]>
// CHECK-DAG: #[[SWT:.*]] = #gir.nvmma_shared<swizzle = 128, order = [0, 1]>
// CHECK-LABEL: func.func @tma
// CHECK: %[[RING:.*]] = gir.local_alloc : !gir.memdesc<2x64x64xf16, #[[SW]]>
// CHECK: %[[BARS:.*]] = nvgir.mbarrier_alloc {arrivals = 2 : i32} : !nvgir.mbarriers<2>
// CHECK: scf.if %{{.*}} {
// CHECK-NEXT: nvgir.mbarrier_expect_tx %[[BARS]][%{{.*}}] {bytes = 8192 : i32}
// CHECK: gir.barrier
// CHECK-NEXT: nvgir.tma_load %{{.*}}[%{{.*}}, %{{.*}}], %[[VIEW:.*]], %[[BARS]][%{{.*}}] expected
// CHECK: nvgir.mbarrier_wait %[[BARS]][%{{.*}}], %{{.*}}
// CHECK: gir.memdesc_trans %[[VIEW]], [1, 0] : !gir.memdesc<64x64xf16, #[[SW]]> -> !gir.memdesc<64x64xf16, #[[SWT]]>
// CHECK: nvgir.warpgroup_dot
// CHECK: nvgir.mbarrier_arrive %[[BARS]][%{{.*}}] :
// CHECK-NOT: tlx.
#b = #gir.blocked<sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]>
module attributes {gir.compute_capability = 90 : i32, gir.num_warps = 4 : i32, gir.threads_per_warp = 32 : i32} {
  func.func @tma(%d: !tir.tensordesc<tensor<64x64xf16>>, %i: i32, %p: i32, %ok: i1, %c: tensor<64x64xf32, #b>) -> tensor<64x64xf32, #b> {
    %ring = tlx.local_alloc : !tlx.buffers<2x64x64xf16>
    %bars = tlx.alloc_barriers {arrive_count = 2 : i32} : !tlx.barriers<2>
    %bar = tlx.barrier_view %bars[%i] : !tlx.barriers<2>
    %v = tlx.local_view %ring[%i] : !tlx.buffers<2x64x64xf16> -> !tlx.buffer<64x64xf16>
    tlx.barrier_expect_bytes %bar if %ok {bytes = 8192 : i32}
    tlx.async_descriptor_load %d[%i, %i], %v, %bar : !tir.tensordesc<tensor<64x64xf16>> -> !tlx.buffer<64x64xf16>
    tlx.barrier_wait %bar, %p
    %t = tlx.local_trans %v, [1, 0] : !tlx.buffer<64x64xf16> -> !tlx.buffer<64x64xf16>
    %r = tlx.async_dot %v, %t, %c : !tlx.buffer<64x64xf16> * !tlx.buffer<64x64xf16> -> tensor<64x64xf32, #b>
    %w = tlx.async_dot_wait %r {pendings = 0 : i32} : tensor<64x64xf32, #b>
    tlx.barrier_arrive %bar
    return %w : tensor<64x64xf32, #b>
  }
}
