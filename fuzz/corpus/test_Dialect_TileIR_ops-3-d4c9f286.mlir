// CHECK-LABEL: func.func @make_range
func.func @make_range() -> (tensor<128xi32>, tensor<3xi32>) {
  // CHECK: tir.make_range 0 to 128 : tensor<128xi32>
  // CHECK: tir.make_range 5 to 8 : tensor<3xi32>
  %0 = tir.make_range 0 to 128 : tensor<128xi32>
  %1 = tir.make_range 5 to 8 : tensor<3xi32>
  return %0, %1 : tensor<128xi32>, tensor<3xi32>
}
