// CHECK-LABEL: func.func @store_constant_masks
// CHECK-SAME: (%[[P:.*]]: tensor<8x!tir.ptr<f32>>, %[[V:.*]]: tensor<8xf32>)
// CHECK-NEXT: tir.store %[[P]], %[[V]] : tensor<8x!tir.ptr<f32>>
// CHECK-NEXT: return
func.func @store_constant_masks(%p: tensor<8x!tir.ptr<f32>>, %v: tensor<8xf32>) {
  %t = arith.constant true
  %f = arith.constant false
  %true = tir.splat %t : i1 -> tensor<8xi1>
  %false = tir.splat %f : i1 -> tensor<8xi1>
  tir.store %p, %v, %true : tensor<8x!tir.ptr<f32>>
  tir.store %p, %v, %false : tensor<8x!tir.ptr<f32>>
  return
}
