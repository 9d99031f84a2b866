// CHECK-LABEL: func.func @broadcast_of_splat
// CHECK-SAME: (%[[X:.*]]: f32)
// CHECK: %[[S:.*]] = tir.splat %[[X]] : f32 -> tensor<32x64xf32>
// CHECK-NOT: tir.broadcast
// CHECK: return %[[S]]
func.func @broadcast_of_splat(%x: f32) -> tensor<32x64xf32> {
  %0 = tir.splat %x : f32 -> tensor<1x64xf32>
  %1 = tir.broadcast %0 : tensor<1x64xf32> -> tensor<32x64xf32>
  return %1 : tensor<32x64xf32>
}
