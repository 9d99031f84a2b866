// CHECK-LABEL: func.func @load_constant_masks
// CHECK-SAME: (%[[P:.*]]: tensor<8x!tir.ptr<f32>>, %[[O:.*]]: tensor<8xf32>)
// CHECK: %[[L:.*]] = tir.load %[[P]] : tensor<8x!tir.ptr<f32>>
// CHECK-NEXT: return %[[L]], %[[O]]
func.func @load_constant_masks(%p: tensor<8x!tir.ptr<f32>>, %o: tensor<8xf32>)
    -> (tensor<8xf32>, tensor<8xf32>) {
  %true = arith.constant dense<true> : tensor<8xi1>
  %false = arith.constant dense<false> : tensor<8xi1>
  %0 = tir.load %p, %true, %o : tensor<8x!tir.ptr<f32>>
  %1 = tir.load %p, %false, %o : tensor<8x!tir.ptr<f32>>
  return %0, %1 : tensor<8xf32>, tensor<8xf32>
}
