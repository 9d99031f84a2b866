// The operations' own canonicalization patterns run too.
// CHECK-LABEL: func.func @broadcast_of_splat
// CHECK-SAME: (%[[X:.*]]: f32)
// CHECK-NEXT: %[[S:.*]] = tir.splat %[[X]] : f32 -> tensor<16x64xf32>
// CHECK-NEXT: return %[[S]]
func.func @broadcast_of_splat(%x: f32) -> tensor<16x64xf32> {
  %0 = tir.splat %x : f32 -> tensor<16xf32>
  %1 = tir.expand_dims %0, axis = 1 : tensor<16xf32> -> tensor<16x1xf32>
  %2 = tir.broadcast %1 : tensor<16x1xf32> -> tensor<16x64xf32>
  return %2 : tensor<16x64xf32>
}
