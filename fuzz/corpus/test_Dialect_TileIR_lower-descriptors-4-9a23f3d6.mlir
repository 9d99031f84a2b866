// Rank 3: each dimension's vector gets size-1 dimensions around it (in
// front, then after) and is broadcast to the block, a size-1 block
// dimension included.
// CHECK-LABEL: func.func @load_3d
// CHECK-NOT: tir.make_tensor_descriptor
// CHECK: tir.expand_dims %{{.*}}, axis = 1 : tensor<2xi64> -> tensor<2x1xi64>
// CHECK-NEXT: tir.expand_dims %{{.*}}, axis = 2 : tensor<2x1xi64> -> tensor<2x1x1xi64>
// CHECK-NEXT: tir.broadcast %{{.*}} : tensor<2x1x1xi64> -> tensor<2x1x8xi64>
// CHECK: tir.expand_dims %{{.*}}, axis = 0 : tensor<1xi64> -> tensor<1x1xi64>
// CHECK-NEXT: tir.expand_dims %{{.*}}, axis = 2 : tensor<1x1xi64> -> tensor<1x1x1xi64>
// CHECK-NEXT: tir.broadcast %{{.*}} : tensor<1x1x1xi64> -> tensor<2x1x8xi64>
// CHECK: tir.expand_dims %{{.*}}, axis = 0 : tensor<8xi64> -> tensor<1x8xi64>
// CHECK-NEXT: tir.expand_dims %{{.*}}, axis = 0 : tensor<1x8xi64> -> tensor<1x1x8xi64>
// CHECK-NEXT: tir.broadcast %{{.*}} : tensor<1x1x8xi64> -> tensor<2x1x8xi64>
// CHECK: tir.load %{{.*}}, %{{.*}}, %{{.*}} : tensor<2x1x8x!tir.ptr<f32>>
func.func @load_3d(%base: !tir.ptr<f32>, %a: i32, %b: i32, %c: i32, %s0: i64, %s1: i64, %i: i32) -> tensor<2x1x8xf32> {
  %c1 = arith.constant 1 : i64
  %d = tir.make_tensor_descriptor %base, [%a, %b, %c], [%s0, %s1, %c1] : !tir.ptr<f32>, i32 -> !tir.tensordesc<tensor<2x1x8xf32>>
  %v = tir.descriptor_load %d[%i, %i, %i] : !tir.tensordesc<tensor<2x1x8xf32>>
  return %v : tensor<2x1x8xf32>
}
