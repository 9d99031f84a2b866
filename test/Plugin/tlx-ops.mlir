// The TLX plugin's buffer types and ops parse, verify and print back.
// RUN: trident-opt --load-plugin=%plugins/libTlxPlugin.so %s | FileCheck %s
// RUN: trident-opt --load-plugin=%plugins/libTlxPlugin.so %s | trident-opt --load-plugin=%plugins/libTlxPlugin.so | FileCheck %s

// CHECK-LABEL: func.func @ring
// CHECK: %[[R:.*]] = tlx.local_alloc : !tlx.buffers<2x64x32xf16>
// CHECK: %[[B:.*]] = tlx.local_view %[[R]][%{{.*}}] : !tlx.buffers<2x64x32xf16> -> !tlx.buffer<64x32xf16>
// CHECK: tlx.local_store %{{.*}}, %[[B]] : tensor<64x32xf16>, !tlx.buffer<64x32xf16>
// CHECK: tlx.local_load %[[B]] : !tlx.buffer<64x32xf16> -> tensor<64x32xf16>
func.func @ring(%i: i32, %x: tensor<64x32xf16>) -> tensor<64x32xf16> {
  %r = tlx.local_alloc : !tlx.buffers<2x64x32xf16>
  %b = tlx.local_view %r[%i] : !tlx.buffers<2x64x32xf16> -> !tlx.buffer<64x32xf16>
  tlx.local_store %x, %b : tensor<64x32xf16>, !tlx.buffer<64x32xf16>
  %y = tlx.local_load %b : !tlx.buffer<64x32xf16> -> tensor<64x32xf16>
  return %y : tensor<64x32xf16>
}

// A 1-D ring of one buffer of i32.
// CHECK-LABEL: func.func @one
// CHECK: tlx.local_alloc : !tlx.buffers<1x128xi32>
func.func @one() -> !tlx.buffers<1x128xi32> {
  %r = tlx.local_alloc : !tlx.buffers<1x128xi32>
  return %r : !tlx.buffers<1x128xi32>
}
