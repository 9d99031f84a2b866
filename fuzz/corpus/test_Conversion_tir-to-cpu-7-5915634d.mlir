// Functions that are not kernels are left alone.
// CHECK-LABEL: func.func @helper(%{{.*}}: tensor<4xf32>) -> tensor<4xf32>
// CHECK-NEXT:    arith.addf %{{.*}}, %{{.*}} : tensor<4xf32>
func.func @helper(%a: tensor<4xf32>) -> tensor<4xf32> {
  %b = arith.addf %a, %a : tensor<4xf32>
  return %b : tensor<4xf32>
}
