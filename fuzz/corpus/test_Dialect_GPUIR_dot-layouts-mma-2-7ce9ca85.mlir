// Too small for 16 rows and 8 columns per warp, or K not a multiple of 16:
// the CUDA-core dot.
// CHECK: // -----
// CHECK-NOT: #gir.mma_v2
// CHECK: func.func @small
// CHECK-NOT: #mma
// CHECK: return
module {
  func.func @small(%a: tensor<16x16xbf16>, %b: tensor<16x16xbf16>, %c: tensor<16x16xf32>,
                   %x: tensor<64x8xbf16>, %y: tensor<8x64xbf16>, %z: tensor<64x64xf32>) -> (tensor<16x16xf32>, tensor<64x64xf32>) {
    %d = tir.dot %a, %b, %c : tensor<16x16xbf16> * tensor<16x16xbf16> -> tensor<16x16xf32>
    %e = tir.dot %x, %y, %z : tensor<64x8xbf16> * tensor<8x64xbf16> -> tensor<64x64xf32>
    return %d, %e : tensor<16x16xf32>, tensor<64x64xf32>
  }
}
