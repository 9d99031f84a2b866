// CHECK-LABEL: func.func @broadcast_of_broadcast
// CHECK-SAME: (%[[X:.*]]: tensor<1x1xf32>)
// CHECK: %[[B:.*]] = tir.broadcast %[[X]] : tensor<1x1xf32> -> tensor<8x16xf32>
// CHECK-NEXT: return %[[B]]
func.func @broadcast_of_broadcast(%x: tensor<1x1xf32>) -> tensor<8x16xf32> {
  %0 = tir.broadcast %x : tensor<1x1xf32> -> tensor<1x16xf32>
  %1 = tir.broadcast %0 : tensor<1x16xf32> -> tensor<8x16xf32>
  return %1 : tensor<8x16xf32>
}
