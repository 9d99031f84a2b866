// The select's false value is computed after the load: the load may not
// take it.
// CHECK-LABEL: func.func @select_of_masked_load_late_other
// CHECK: tir.load %{{.*}}, %{{.*}} : tensor<8x!tir.ptr<f32>>
// CHECK: arith.select
func.func @select_of_masked_load_late_other(%p: tensor<8x!tir.ptr<f32>>, %m: tensor<8xi1>, %x: f32) -> tensor<8xf32> {
  %0 = tir.load %p, %m : tensor<8x!tir.ptr<f32>>
  %o = tir.splat %x : f32 -> tensor<8xf32>
  %1 = arith.select %m, %0, %o : tensor<8xi1>, tensor<8xf32>
  return %1 : tensor<8xf32>
}
