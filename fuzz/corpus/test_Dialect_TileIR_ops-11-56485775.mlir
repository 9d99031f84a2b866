// CHECK-LABEL: func.func @dot
func.func @dot(%a: tensor<128x64xbf16>, %b: tensor<64x32xbf16>, %c: tensor<128x32xf32>,
               %af: tensor<16x16xf32>, %i8a: tensor<32x64xi8>, %i8b: tensor<64x16xi8>,
               %ci: tensor<32x16xi32>, %e4: tensor<64x64xf8E4M3FN>, %e5: tensor<64x64xf8E5M2>,
               %c64: tensor<64x64xf32>, %ba: tensor<2x16x8xf16>, %bb: tensor<2x8x16xf16>,
               %bc: tensor<2x16x16xf32>) {
  // CHECK: tir.dot %{{.*}}, %{{.*}}, %{{.*}} : tensor<128x64xbf16> * tensor<64x32xbf16> -> tensor<128x32xf32>
  // CHECK: tir.dot %{{.*}}, %{{.*}}, %{{.*}} precision = tf32 : tensor<16x16xf32> * tensor<16x16xf32> -> tensor<16x16xf32>
  // CHECK: tir.dot %{{.*}}, %{{.*}}, %{{.*}} precision = tf32x3 : tensor<16x16xf32> * tensor<16x16xf32> -> tensor<16x16xf32>
  // CHECK: tir.dot %{{.*}}, %{{.*}}, %{{.*}} : tensor<32x64xi8> * tensor<64x16xi8> -> tensor<32x16xi32>
  // CHECK: tir.dot %{{.*}}, %{{.*}}, %{{.*}} max_num_imprecise_acc = 32 : tensor<64x64xf8E4M3FN> * tensor<64x64xf8E5M2> -> tensor<64x64xf32>
  // CHECK: tir.dot %{{.*}}, %{{.*}}, %{{.*}} : tensor<2x16x8xf16> * tensor<2x8x16xf16> -> tensor<2x16x16xf32>
  %0 = tir.dot %a, %b, %c : tensor<128x64xbf16> * tensor<64x32xbf16> -> tensor<128x32xf32>
  %1 = tir.dot %af, %af, %af precision = tf32 : tensor<16x16xf32> * tensor<16x16xf32> -> tensor<16x16xf32>
  %2 = tir.dot %af, %af, %af precision = tf32x3 : tensor<16x16xf32> * tensor<16x16xf32> -> tensor<16x16xf32>
  %3 = tir.dot %i8a, %i8b, %ci : tensor<32x64xi8> * tensor<64x16xi8> -> tensor<32x16xi32>
  %4 = tir.dot %e4, %e5, %c64 max_num_imprecise_acc = 32 : tensor<64x64xf8E4M3FN> * tensor<64x64xf8E5M2> -> tensor<64x64xf32>
  %5 = tir.dot %ba, %bb, %bc : tensor<2x16x8xf16> * tensor<2x8x16xf16> -> tensor<2x16x16xf32>
  return
}
