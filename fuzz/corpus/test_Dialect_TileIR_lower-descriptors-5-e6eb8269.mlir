// Rank 5 verifies (every dimension placed and broadcast).
// CHECK-LABEL: func.func @store_5d
// CHECK-NOT: tir.make_tensor_descriptor
// CHECK: tir.store %{{.*}}, %{{.*}}, %{{.*}} : tensor<2x2x2x2x4x!tir.ptr<f16>>
func.func @store_5d(%base: !tir.ptr<f16>, %n: i64, %s: i64, %i: i32, %x: tensor<2x2x2x2x4xf16>) {
  %c1 = arith.constant 1 : i64
  %d = tir.make_tensor_descriptor %base, [%n, %n, %n, %n, %n], [%s, %s, %s, %s, %c1] : !tir.ptr<f16>, i64 -> !tir.tensordesc<tensor<2x2x2x2x4xf16>>
  tir.descriptor_store %d[%i, %i, %i, %i, %i], %x : !tir.tensordesc<tensor<2x2x2x2x4xf16>>
  return
}
