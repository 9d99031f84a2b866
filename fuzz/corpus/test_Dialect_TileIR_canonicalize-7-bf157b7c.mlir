// CHECK-LABEL: func.func @expand_dims_of_constant
// CHECK: %[[C:.*]] = arith.constant dense<0.000000e+00> : tensor<1x64xf16>
// CHECK-NEXT: return %[[C]]
func.func @expand_dims_of_constant() -> tensor<1x64xf16> {
  %c = arith.constant dense<0.0> : tensor<64xf16>
  %0 = tir.expand_dims %c, axis = 0 : tensor<64xf16> -> tensor<1x64xf16>
  return %0 : tensor<1x64xf16>
}
