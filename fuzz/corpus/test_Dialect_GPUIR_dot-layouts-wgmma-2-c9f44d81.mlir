// Too few rows for a warpgroup per 16 rows of every warp (32 rows on 4
// warps), or K narrower than one 32-byte step: the CUDA-core dot.
// CHECK-LABEL: func.func @small
// CHECK-NOT: #gir.wgmma
// CHECK: return
module {
  func.func @small(%a: tensor<32x64xbf16>, %b: tensor<64x64xbf16>, %c: tensor<32x64xf32>,
                   %x: tensor<64x8xbf16>, %y: tensor<8x64xbf16>, %z: tensor<64x64xf32>) -> (tensor<32x64xf32>, tensor<64x64xf32>) {
    %d = tir.dot %a, %b, %c : tensor<32x64xbf16> * tensor<64x64xbf16> -> tensor<32x64xf32>
    %e = tir.dot %x, %y, %z : tensor<64x8xbf16> * tensor<8x64xbf16> -> tensor<64x64xf32>
    return %d, %e : tensor<32x64xf32>, tensor<64x64xf32>
  }
}
