// f32 operands run on tensor cores only when the dot asks for tf32; the
// default (ieee) keeps the exact CUDA-core dot.
// CHECK-LABEL: func.func @f32
// CHECK: tir.dot {{.*}} -> tensor<64x64xf32, #blocked
// CHECK: tir.dot {{.*}} precision = tf32 {{.*}} -> tensor<64x64xf32, #wgmma
module {
  func.func @f32(%a: tensor<64x32xf32>, %b: tensor<32x64xf32>, %c: tensor<64x64xf32>) -> (tensor<64x64xf32>, tensor<64x64xf32>) {
    %d = tir.dot %a, %b, %c : tensor<64x32xf32> * tensor<32x64xf32> -> tensor<64x64xf32>
    %e = tir.dot %a, %b, %c precision = tf32 : tensor<64x32xf32> * tensor<32x64xf32> -> tensor<64x64xf32>
    return %d, %e : tensor<64x64xf32>, tensor<64x64xf32>
  }
}
