// CHECK-LABEL: func.func @dot_add_accumulator_int
// CHECK-SAME: (%[[A:.*]]: tensor<16x16xi8>, %[[D:.*]]: tensor<16x16xi32>)
// CHECK-NEXT: %[[R:.*]] = tir.dot %[[A]], %[[A]], %[[D]]
// CHECK-NEXT: return %[[R]]
func.func @dot_add_accumulator_int(%a: tensor<16x16xi8>, %d: tensor<16x16xi32>) -> tensor<16x16xi32> {
  %c0 = arith.constant 0 : i32
  %zero = tir.splat %c0 : i32 -> tensor<16x16xi32>
  %0 = tir.dot %a, %a, %zero : tensor<16x16xi8> * tensor<16x16xi8> -> tensor<16x16xi32>
  %1 = arith.addi %0, %d : tensor<16x16xi32>
  return %1 : tensor<16x16xi32>
}
