// CHECK-LABEL: func.func @reshape_of_reshape
// CHECK-SAME: (%[[X:.*]]: tensor<4x32xf32>)
// CHECK: %[[R:.*]] = tir.reshape %[[X]] : tensor<4x32xf32> -> tensor<2x64xf32>
// CHECK-NEXT: return %[[R]]
func.func @reshape_of_reshape(%x: tensor<4x32xf32>) -> tensor<2x64xf32> {
  %0 = tir.reshape %x allow_reorder : tensor<4x32xf32> -> tensor<128xf32>
  %1 = tir.reshape %0 : tensor<128xf32> -> tensor<2x64xf32>
  return %1 : tensor<2x64xf32>
}
