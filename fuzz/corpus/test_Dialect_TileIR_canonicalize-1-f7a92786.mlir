// CHECK-LABEL: func.func @splat_of_pointer
// CHECK: %[[S:.*]] = tir.splat %{{.*}} : !tir.ptr<f32> -> tensor<8x!tir.ptr<f32>>
// CHECK: return %[[S]]
func.func @splat_of_pointer(%p: !tir.ptr<f32>) -> tensor<8x!tir.ptr<f32>> {
  %0 = tir.splat %p : !tir.ptr<f32> -> tensor<8x!tir.ptr<f32>>
  return %0 : tensor<8x!tir.ptr<f32>>
}
