// The bounds are signed i32.
// CHECK-LABEL: func.func @make_range_negative
func.func @make_range_negative() -> tensor<128xi32> {
  // CHECK: tir.make_range -64 to 64 : tensor<128xi32>
  %0 = tir.make_range -64 to 64 : tensor<128xi32>
  return %0 : tensor<128xi32>
}
