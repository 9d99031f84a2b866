// CHECK-LABEL: func.func @split_of_join
// CHECK-SAME: (%[[A:.*]]: tensor<8xf32>, %[[B:.*]]: tensor<8xf32>)
// CHECK-NEXT: return %[[B]], %[[A]]
func.func @split_of_join(%a: tensor<8xf32>, %b: tensor<8xf32>) -> (tensor<8xf32>, tensor<8xf32>) {
  %0 = tir.join %a, %b : tensor<8xf32> -> tensor<8x2xf32>
  %1:2 = tir.split %0 : tensor<8x2xf32> -> tensor<8xf32>
  return %1#1, %1#0 : tensor<8xf32>, tensor<8xf32>
}
