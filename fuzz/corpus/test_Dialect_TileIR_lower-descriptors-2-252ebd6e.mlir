// A 2-D store (integer elements, both strides at run time): a masked store,
// no `other`.
// CHECK-LABEL: func.func @store_2d
// CHECK-SAME: (%[[BASE:.*]]: !tir.ptr<i32>, %[[M:.*]]: i32, %[[N:.*]]: i32, %[[S0:.*]]: i64, %[[S1:.*]]: i64, %[[I:.*]]: i32, %[[J:.*]]: i32, %[[X:.*]]: tensor<16x8xi32>)
// CHECK-NOT: tir.make_tensor_descriptor
// CHECK: %[[POS0:.*]] = arith.addi %{{.*}}, %{{.*}} : tensor<16xi64>
// CHECK-NEXT: %[[S0S:.*]] = tir.splat %[[S0]] : i64 -> tensor<16xi64>
// CHECK-NEXT: arith.muli %[[POS0]], %[[S0S]] : tensor<16xi64>
// CHECK: arith.extsi %[[M]] : i32 to i64
// CHECK: %[[POS1:.*]] = arith.addi %{{.*}}, %{{.*}} : tensor<8xi64>
// CHECK-NEXT: %[[S1S:.*]] = tir.splat %[[S1]] : i64 -> tensor<8xi64>
// CHECK-NEXT: arith.muli %[[POS1]], %[[S1S]] : tensor<8xi64>
// CHECK: %[[OFF:.*]] = arith.addi %{{.*}}, %{{.*}} : tensor<16x8xi64>
// CHECK: arith.extsi %[[N]] : i32 to i64
// CHECK: %[[MASK:.*]] = arith.andi %{{.*}}, %{{.*}} : tensor<16x8xi1>
// CHECK-NEXT: %[[BS:.*]] = tir.splat %[[BASE]] : !tir.ptr<i32> -> tensor<16x8x!tir.ptr<i32>>
// CHECK-NEXT: %[[PTRS:.*]] = tir.addptr %[[BS]], %[[OFF]] : tensor<16x8x!tir.ptr<i32>>, tensor<16x8xi64>
// CHECK-NEXT: tir.store %[[PTRS]], %[[X]], %[[MASK]] : tensor<16x8x!tir.ptr<i32>>
// CHECK-NEXT: return
func.func @store_2d(%base: !tir.ptr<i32>, %m: i32, %n: i32, %s0: i64, %s1: i64, %i: i32, %j: i32, %x: tensor<16x8xi32>) {
  %d = tir.make_tensor_descriptor %base, [%m, %n], [%s0, %s1] : !tir.ptr<i32>, i32 -> !tir.tensordesc<tensor<16x8xi32>>
  tir.descriptor_store %d[%i, %j], %x : !tir.tensordesc<tensor<16x8xi32>>
  return
}
