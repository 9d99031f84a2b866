// CHECK-LABEL: func.func @trans_3d
func.func @trans_3d(%x: tensor<2x4x8xf32>) -> tensor<8x2x4xf32> {
  // CHECK: tir.trans %{{.*}}, [2, 0, 1] : tensor<2x4x8xf32> -> tensor<8x2x4xf32>
  %0 = tir.trans %x, [2, 0, 1] : tensor<2x4x8xf32> -> tensor<8x2x4xf32>
  return %0 : tensor<8x2x4xf32>
}
