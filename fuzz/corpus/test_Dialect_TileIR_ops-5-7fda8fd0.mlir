// CHECK-LABEL: func.func @splat
func.func @splat(%x: f32, %p: !tir.ptr<f16>, %b: i1) {
  // CHECK: tir.splat %{{.*}} : f32 -> tensor<128x64xf32>
  // CHECK: tir.splat %{{.*}} : !tir.ptr<f16> -> tensor<32x!tir.ptr<f16>>
  // CHECK: tir.splat %{{.*}} : i1 -> tensor<8xi1>
  %0 = tir.splat %x : f32 -> tensor<128x64xf32>
  %1 = tir.splat %p : !tir.ptr<f16> -> tensor<32x!tir.ptr<f16>>
  %2 = tir.splat %b : i1 -> tensor<8xi1>
  return
}
