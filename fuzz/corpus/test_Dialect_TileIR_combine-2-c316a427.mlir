// The accumulator is not zero, or the dot has another use: no change.
// CHECK-LABEL: func.func @dot_add_no_combine
// CHECK: tir.dot
// CHECK-NEXT: arith.addf
// CHECK-NEXT: tir.dot
// CHECK-NEXT: arith.addf
func.func @dot_add_no_combine(%a: tensor<16x16xf16>, %c: tensor<16x16xf32>, %d: tensor<16x16xf32>)
    -> (tensor<16x16xf32>, tensor<16x16xf32>, tensor<16x16xf32>) {
  %zero = arith.constant dense<0.0> : tensor<16x16xf32>
  %0 = tir.dot %a, %a, %c : tensor<16x16xf16> * tensor<16x16xf16> -> tensor<16x16xf32>
  %1 = arith.addf %0, %d : tensor<16x16xf32>
  %2 = tir.dot %a, %a, %zero : tensor<16x16xf16> * tensor<16x16xf16> -> tensor<16x16xf32>
  %3 = arith.addf %2, %d : tensor<16x16xf32>
  return %1, %2, %3 : tensor<16x16xf32>, tensor<16x16xf32>, tensor<16x16xf32>
}
