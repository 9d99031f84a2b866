// CHECK-LABEL: func.func @trans_of_trans
// CHECK-SAME: (%[[X:.*]]: tensor<2x4x8xf32>)
// CHECK: %[[T:.*]] = tir.trans %[[X]], [1, 0, 2] : tensor<2x4x8xf32> -> tensor<4x2x8xf32>
// CHECK-NEXT: return %[[T]]
func.func @trans_of_trans(%x: tensor<2x4x8xf32>) -> tensor<4x2x8xf32> {
  // y = [8, 2, 4]; z[i] = y[order[i]] with [2, 1, 0] = [4, 2, 8].
  %0 = tir.trans %x, [2, 0, 1] : tensor<2x4x8xf32> -> tensor<8x2x4xf32>
  %1 = tir.trans %0, [2, 1, 0] : tensor<8x2x4xf32> -> tensor<4x2x8xf32>
  return %1 : tensor<4x2x8xf32>
}
