// tlx-lower-to-gir on a block of a buffer chosen at run time (uTLX's
// cluster GEMMs: `if cta_id == 0: local_slice(b, [0, 0]) else:
// local_slice(b, [0, BN // 2])`): the choice becomes one slice at selected
// offsets before the `if`, so the TMA copy into it sees the ring it writes;
// the `if` goes away with its result.
// RUN: trident-opt --load-plugin=%plugins/libTlxPlugin.so --tlx-lower-to-gir %s | FileCheck %s

// CHECK-LABEL: func.func @choice
// CHECK: %[[RING:.*]] = gir.local_alloc : !gir.memdesc<2x64x128xf16, #shared>
// CHECK: %[[VIEW:.*]] = gir.memdesc_index %[[RING]]
// CHECK: %[[COL:.*]] = arith.select %arg2, %c0_i32, %c64_i32 : i32
// CHECK: %[[HALF:.*]] = gir.memdesc_slice %[[VIEW]][%c0_i32, %[[COL]]]
// CHECK-NOT: scf.if
// CHECK: nvgir.tma_load %arg0[%arg1, %arg1], %[[HALF]], 
// CHECK-NOT: tlx.
module attributes {gir.compute_capability = 90 : i32, gir.num_warps = 4 : i32, gir.threads_per_warp = 32 : i32} {
  func.func @choice(%d: !tir.tensordesc<tensor<64x64xf16>>, %i: i32, %first: i1) {
    %c0 = arith.constant 0 : i32
    %ring = tlx.local_alloc : !tlx.buffers<2x64x128xf16>
    %bars = tlx.alloc_barriers {arrive_count = 1 : i32} : !tlx.barriers<2>
    %bar = tlx.barrier_view %bars[%i] : !tlx.barriers<2>
    %v = tlx.local_view %ring[%i] : !tlx.buffers<2x64x128xf16> -> !tlx.buffer<64x128xf16>
    %half = scf.if %first -> (!tlx.buffer<64x64xf16>) {
      %s = tlx.local_slice %v[%c0, %c0] : !tlx.buffer<64x128xf16> -> !tlx.buffer<64x64xf16>
      scf.yield %s : !tlx.buffer<64x64xf16>
    } else {
      %c64 = arith.constant 64 : i32
      %s = tlx.local_slice %v[%c0, %c64] : !tlx.buffer<64x128xf16> -> !tlx.buffer<64x64xf16>
      scf.yield %s : !tlx.buffer<64x64xf16>
    }
    tlx.barrier_expect_bytes %bar {bytes = 8192 : i32}
    tlx.async_descriptor_load %d[%i, %i], %half, %bar : !tir.tensordesc<tensor<64x64xf16>> -> !tlx.buffer<64x64xf16>
    tlx.barrier_wait %bar, %i
    return
  }
}
