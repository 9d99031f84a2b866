// CHECK-LABEL: func.func @broadcast_of_constant
// CHECK: %[[C:.*]] = arith.constant dense<2> : tensor<8x16xi32>
// CHECK-NEXT: return %[[C]]
func.func @broadcast_of_constant() -> tensor<8x16xi32> {
  %c = arith.constant dense<2> : tensor<1x16xi32>
  %0 = tir.broadcast %c : tensor<1x16xi32> -> tensor<8x16xi32>
  return %0 : tensor<8x16xi32>
}
