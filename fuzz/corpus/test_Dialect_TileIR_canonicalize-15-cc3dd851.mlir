// CHECK-LABEL: func.func @addptr_zero
// CHECK-SAME: (%[[P:.*]]: !tir.ptr<f32>, %[[PS:.*]]: tensor<8x!tir.ptr<f32>>)
// CHECK-NOT: tir.addptr
// CHECK: return %[[P]], %[[PS]]
func.func @addptr_zero(%p: !tir.ptr<f32>, %ps: tensor<8x!tir.ptr<f32>>)
    -> (!tir.ptr<f32>, tensor<8x!tir.ptr<f32>>) {
  %c0 = arith.constant 0 : i32
  %z = tir.splat %c0 : i32 -> tensor<8xi32>
  %0 = tir.addptr %p, %c0 : !tir.ptr<f32>, i32
  %1 = tir.addptr %ps, %z : tensor<8x!tir.ptr<f32>>, tensor<8xi32>
  return %0, %1 : !tir.ptr<f32>, tensor<8x!tir.ptr<f32>>
}
