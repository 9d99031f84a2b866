// f16 takes mma.sync too, the warps splitting the longer dimension first
// (rows on ties); f32 operands (even with precision = tf32) and f16
// accumulators keep the CUDA-core dot.
// CHECK: // -----
// CHECK-DAG: #[[SQ:.*]] = #gir.mma_v2<warpsPerCTA = [2, 2]>
// CHECK-DAG: #[[WIDE:.*]] = #gir.mma_v2<warpsPerCTA = [1, 4]>
// CHECK: func.func @types
// CHECK: tir.dot {{.*}} -> tensor<64x64xf32, #[[SQ]]>
// CHECK: tir.dot {{.*}} -> tensor<16x128xf32, #[[WIDE]]>
// CHECK: tir.dot {{.*}} -> tensor<64x64xf32, #blocked
// CHECK: tir.dot {{.*}} -> tensor<64x64xf16, #blocked
module {
  func.func @types(%a: tensor<64x32xf16>, %b: tensor<32x64xf16>, %c: tensor<64x64xf32>,
                   %p: tensor<16x32xf16>, %q: tensor<32x128xf16>, %r: tensor<16x128xf32>,
                   %x: tensor<64x32xf32>, %y: tensor<32x64xf32>, %h: tensor<64x64xf16>)
      -> (tensor<64x64xf32>, tensor<16x128xf32>, tensor<64x64xf32>, tensor<64x64xf16>) {
    %d = tir.dot %a, %b, %c : tensor<64x32xf16> * tensor<32x64xf16> -> tensor<64x64xf32>
    %e = tir.dot %p, %q, %r : tensor<16x32xf16> * tensor<32x128xf16> -> tensor<16x128xf32>
    %f = tir.dot %x, %y, %c precision = tf32 : tensor<64x32xf32> * tensor<32x64xf32> -> tensor<64x64xf32>
    %g = tir.dot %a, %b, %h : tensor<64x32xf16> * tensor<32x64xf16> -> tensor<64x64xf16>
    return %d, %e, %f, %g : tensor<64x64xf32>, tensor<16x128xf32>, tensor<64x64xf32>, tensor<64x64xf16>
  }
}
