// Functions without rank-0 tiles are left as they are.
// CHECK-LABEL: func.func @untouched
// CHECK: tir.splat %{{.*}} : f32 -> tensor<4xf32>
func.func @untouched(%x: f32) -> tensor<4xf32> {
  %s = tir.splat %x : f32 -> tensor<4xf32>
  return %s : tensor<4xf32>
}
