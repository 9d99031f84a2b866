// A block TMA cannot move (an inner dimension of 4 bytes, under TMA's 16):
// pointer accesses.
// CHECK-LABEL: func.func @narrow
// CHECK-NOT: tir.make_tensor_descriptor
// CHECK: tir.load
func.func @narrow(%base: !tir.ptr<f32>, %m: i32, %s: i64, %i: i32) -> tensor<64x1xf32> {
  %c1 = arith.constant 1 : i64
  %d = tir.make_tensor_descriptor %base, [%m, %m], [%s, %c1] : !tir.ptr<f32>, i32 -> !tir.tensordesc<tensor<64x1xf32>>
  %v = tir.descriptor_load %d[%i, %i] : !tir.tensordesc<tensor<64x1xf32>>
  return %v : tensor<64x1xf32>
}
