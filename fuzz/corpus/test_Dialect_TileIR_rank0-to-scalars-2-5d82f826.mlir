// Shapes: expand_dims and reshape of a rank-0 tile are splats; a
// one-element tile reshaped to rank 0 is its element, read by a reduce
// that keeps its accumulator (pointers through i64).
// CHECK-LABEL: func.func @shapes
// CHECK-SAME: (%[[X:.*]]: f32, %[[V:.*]]: tensor<1x1xf32>, %[[P:.*]]: tensor<1x!tir.ptr<f32>>)
// CHECK: %[[E:.*]] = tir.splat %[[X]] : f32 -> tensor<1xf32>
// CHECK: %[[R:.*]] = tir.splat %[[X]] : f32 -> tensor<1x1xf32>
// CHECK: %[[V1:.*]] = tir.reshape %[[V]] : tensor<1x1xf32> -> tensor<1xf32>
// CHECK: %[[ONE:.*]] = tir.reduce %[[V1]] axis = 0 : tensor<1xf32> -> f32 {
// CHECK: ^bb0(%[[ACC:.*]]: f32, %{{.*}}: f32):
// CHECK: tir.reduce.return %[[ACC]] : f32
// CHECK: %[[PI:.*]] = tir.ptr_to_int %[[P]] : tensor<1x!tir.ptr<f32>> -> tensor<1xi64>
// CHECK: %[[PR:.*]] = tir.reduce %[[PI]] axis = 0 : tensor<1xi64> -> i64
// CHECK: %[[Q:.*]] = tir.int_to_ptr %[[PR]] : i64 -> !tir.ptr<f32>
// CHECK: tir.store %[[Q]], %[[ONE]] : !tir.ptr<f32>
// CHECK: return %[[E]], %[[R]] : tensor<1xf32>, tensor<1x1xf32>
func.func @shapes(%x: tensor<f32>, %v: tensor<1x1xf32>, %p: tensor<1x!tir.ptr<f32>>) -> (tensor<1xf32>, tensor<1x1xf32>) {
  %e = tir.expand_dims %x, axis = 0 : tensor<f32> -> tensor<1xf32>
  %r = tir.reshape %x : tensor<f32> -> tensor<1x1xf32>
  %one = tir.reshape %v : tensor<1x1xf32> -> tensor<f32>
  %q = tir.reshape %p : tensor<1x!tir.ptr<f32>> -> tensor<!tir.ptr<f32>>
  tir.store %q, %one : tensor<!tir.ptr<f32>>
  return %e, %r : tensor<1xf32>, tensor<1x1xf32>
}
