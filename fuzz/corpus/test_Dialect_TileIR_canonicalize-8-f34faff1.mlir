// CHECK-LABEL: func.func @reshape_of_splat
// CHECK-SAME: (%[[X:.*]]: f32)
// CHECK: %[[S:.*]] = tir.splat %[[X]] : f32 -> tensor<4x32xf32>
// CHECK-NOT: tir.reshape
// CHECK: return %[[S]]
func.func @reshape_of_splat(%x: f32) -> tensor<4x32xf32> {
  %0 = tir.splat %x : f32 -> tensor<128xf32>
  %1 = tir.reshape %0 : tensor<128xf32> -> tensor<4x32xf32>
  return %1 : tensor<4x32xf32>
}
