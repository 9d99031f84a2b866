// CHECK-LABEL: func.func @true_assume_and_assert
// CHECK-NOT: tir.assume
// CHECK-NOT: tir.assert
// CHECK: return
func.func @true_assume_and_assert() {
  %t = arith.constant true
  %ts = arith.constant dense<true> : tensor<4xi1>
  tir.assume %t
  tir.assert %ts, "never fails" : tensor<4xi1>
  return
}
