// CHECK-LABEL: func.func @extern_elementwise
func.func @extern_elementwise(%x: tensor<64xf32>, %n: tensor<64xi32>, %s: f64) {
  // CHECK: tir.extern_elementwise "__nv_erfinvf" pure (%{{.*}} : tensor<64xf32>) -> tensor<64xf32>
  %0 = tir.extern_elementwise "__nv_erfinvf" pure (%x : tensor<64xf32>) -> tensor<64xf32>
  // CHECK: tir.extern_elementwise "__nv_ldexpf" pure (%{{.*}}, %{{.*}} : tensor<64xf32>, tensor<64xi32>) -> tensor<64xf32>
  %1 = tir.extern_elementwise "__nv_ldexpf" pure (%x, %n : tensor<64xf32>, tensor<64xi32>) -> tensor<64xf32>
  // CHECK: tir.extern_elementwise "my_fn" lib "/opt/lib.bc" (%{{.*}} : f64) -> f64
  %2 = tir.extern_elementwise "my_fn" lib "/opt/lib.bc" (%s : f64) -> f64
  return
}
