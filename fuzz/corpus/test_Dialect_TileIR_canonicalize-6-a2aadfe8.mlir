// CHECK-LABEL: func.func @expand_dims_of_splat
// CHECK-SAME: (%[[X:.*]]: i32)
// CHECK: %[[S:.*]] = tir.splat %[[X]] : i32 -> tensor<128x1xi32>
// CHECK-NOT: tir.expand_dims
// CHECK: return %[[S]]
func.func @expand_dims_of_splat(%x: i32) -> tensor<128x1xi32> {
  %0 = tir.splat %x : i32 -> tensor<128xi32>
  %1 = tir.expand_dims %0, axis = 1 : tensor<128xi32> -> tensor<128x1xi32>
  return %1 : tensor<128x1xi32>
}
