// CHECK-LABEL: func.func @addptr_chain
// CHECK-SAME: (%[[P:.*]]: tensor<8x!tir.ptr<f32>>, %[[A:.*]]: tensor<8xi32>, %[[B:.*]]: tensor<8xi32>)
// CHECK-NEXT: %[[S:.*]] = arith.addi %[[A]], %[[B]] : tensor<8xi32>
// CHECK-NEXT: %[[R:.*]] = tir.addptr %[[P]], %[[S]] : tensor<8x!tir.ptr<f32>>, tensor<8xi32>
// CHECK-NEXT: return %[[R]]
func.func @addptr_chain(%p: tensor<8x!tir.ptr<f32>>, %a: tensor<8xi32>, %b: tensor<8xi32>) -> tensor<8x!tir.ptr<f32>> {
  %0 = tir.addptr %p, %a : tensor<8x!tir.ptr<f32>>, tensor<8xi32>
  %1 = tir.addptr %0, %b : tensor<8x!tir.ptr<f32>>, tensor<8xi32>
  return %1 : tensor<8x!tir.ptr<f32>>
}
