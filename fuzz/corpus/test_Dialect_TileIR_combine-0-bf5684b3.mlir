// The tir-combine pass.

// CHECK-LABEL: func.func @dot_add_accumulator
// CHECK-SAME: (%[[A:.*]]: tensor<64x32xbf16>, %[[B:.*]]: tensor<32x64xbf16>, %[[D:.*]]: tensor<64x64xf32>)
// CHECK-NEXT: %[[R:.*]] = tir.dot %[[A]], %[[B]], %[[D]] : tensor<64x32xbf16> * tensor<32x64xbf16> -> tensor<64x64xf32>
// CHECK-NEXT: return %[[R]]
func.func @dot_add_accumulator(%a: tensor<64x32xbf16>, %b: tensor<32x64xbf16>, %d: tensor<64x64xf32>) -> tensor<64x64xf32> {
  %zero = arith.constant dense<0.0> : tensor<64x64xf32>
  %0 = tir.dot %a, %b, %zero : tensor<64x32xbf16> * tensor<32x64xbf16> -> tensor<64x64xf32>
  %1 = arith.addf %d, %0 : tensor<64x64xf32>
  return %1 : tensor<64x64xf32>
}
