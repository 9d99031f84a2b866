// CHECK-LABEL: func.func @broadcast_identity
// CHECK-SAME: (%[[X:.*]]: tensor<8x16xf32>)
// CHECK-NEXT: return %[[X]]
func.func @broadcast_identity(%x: tensor<8x16xf32>) -> tensor<8x16xf32> {
  %0 = tir.broadcast %x : tensor<8x16xf32> -> tensor<8x16xf32>
  return %0 : tensor<8x16xf32>
}
