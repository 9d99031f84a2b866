// CHECK-LABEL: func.func @select_of_masked_load
// CHECK-SAME: (%[[P:.*]]: tensor<8x!tir.ptr<f32>>, %[[M:.*]]: tensor<8xi1>, %[[O:.*]]: tensor<8xf32>)
// CHECK-NEXT: %[[L:.*]] = tir.load %[[P]], %[[M]], %[[O]] : tensor<8x!tir.ptr<f32>>
// CHECK-NEXT: return %[[L]]
func.func @select_of_masked_load(%p: tensor<8x!tir.ptr<f32>>, %m: tensor<8xi1>, %o: tensor<8xf32>) -> tensor<8xf32> {
  %0 = tir.load %p, %m : tensor<8x!tir.ptr<f32>>
  %1 = arith.select %m, %0, %o : tensor<8xi1>, tensor<8xf32>
  return %1 : tensor<8xf32>
}
