// tlx-lower-to-gir: TLX buffers become the core's shared-memory rings
// (row-major, unswizzled), views memdesc_index, loads and stores gir's,
// each store between two CTA barriers.
// RUN: trident-opt --load-plugin=%plugins/libTlxPlugin.so --tlx-lower-to-gir %s | FileCheck %s
// RUN: trident-compile --load-plugin=%plugins/libTlxPlugin.so --target=cuda:90a --print-pipeline | FileCheck %s --check-prefix=PIPE

// PIPE: stage gir
// PIPE-NEXT: convert-tir-to-gir
// PIPE-NEXT: tlx-lower-to-gir

// CHECK: #[[PL:.*]] = #gir.plain_shared<order = [1, 0]>
// CHECK-LABEL: func.func @ring
// CHECK: %[[R:.*]] = gir.local_alloc : !gir.memdesc<2x64x32xf16, #[[PL]]>
// CHECK: %[[B:.*]] = gir.memdesc_index %[[R]][%arg0] : !gir.memdesc<2x64x32xf16, #[[PL]]> -> !gir.memdesc<64x32xf16, #[[PL]]>
// CHECK-NEXT: gir.barrier
// CHECK-NEXT: gir.local_store %arg1, %[[B]] : tensor<64x32xf16, #{{.*}}>, !gir.memdesc<64x32xf16, #[[PL]]>
// CHECK-NEXT: gir.barrier
// CHECK-NEXT: %[[Y:.*]] = gir.local_load %[[B]] : !gir.memdesc<64x32xf16, #[[PL]]> -> tensor<64x32xf16, #{{.*}}>
// CHECK-NEXT: return %[[Y]]
// CHECK-NOT: tlx.
#b = #gir.blocked<sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]>
module attributes {gir.compute_capability = 90 : i32, gir.num_warps = 4 : i32, gir.threads_per_warp = 32 : i32} {
  func.func @ring(%i: i32, %x: tensor<64x32xf16, #b>) -> tensor<64x32xf16, #b> {
    %r = tlx.local_alloc : !tlx.buffers<2x64x32xf16>
    %v = tlx.local_view %r[%i] : !tlx.buffers<2x64x32xf16> -> !tlx.buffer<64x32xf16>
    tlx.local_store %x, %v : tensor<64x32xf16, #b>, !tlx.buffer<64x32xf16>
    %y = tlx.local_load %v : !tlx.buffer<64x32xf16> -> tensor<64x32xf16, #b>
    return %y : tensor<64x32xf16, #b>
  }
}
