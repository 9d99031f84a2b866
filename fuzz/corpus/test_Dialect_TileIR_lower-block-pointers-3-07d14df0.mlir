// advance adds to the offsets (a constant zero adds nothing); a checked
// store is a masked store with its hints.
// CHECK-LABEL: func.func @store_advance
// CHECK-SAME: (%[[BASE:.*]]: !tir.ptr<f32>, %[[M:.*]]: i64, %[[S:.*]]: i64, %[[I:.*]]: i32, %[[D:.*]]: i32, %[[V:.*]]: tensor<16xf32>)
// CHECK: %[[O:.*]] = arith.addi %[[I]], %[[D]] : i32
// CHECK-NOT: arith.addi %[[O]]
// CHECK: arith.extsi %[[O]] : i32 to i64
// CHECK: %[[MASK:.*]] = arith.andi %{{.*}}, %{{.*}} : tensor<16xi1>
// CHECK-NEXT: %[[BS:.*]] = tir.splat %[[BASE]] : !tir.ptr<f32> -> tensor<16x!tir.ptr<f32>>
// CHECK-NEXT: %[[PTRS:.*]] = tir.addptr %[[BS]], %{{.*}} : tensor<16x!tir.ptr<f32>>, tensor<16xi64>
// CHECK-NEXT: tir.store %[[PTRS]], %[[V]], %[[MASK]] evict = evict_first : tensor<16x!tir.ptr<f32>>
// CHECK-NOT: tir.block_store
func.func @store_advance(%base: !tir.ptr<f32>, %m: i64, %s: i64, %i: i32, %d: i32, %v: tensor<16xf32>) {
  %c0 = arith.constant 0 : i32
  %p = tir.make_block_ptr %base, [%m], [%s], [%i] {order = array<i32: 0>} : !tir.ptr<f32> -> !tir.blockptr<tensor<16xf32>>
  %q = tir.advance %p, [%d] : !tir.blockptr<tensor<16xf32>>
  %r = tir.advance %q, [%c0] : !tir.blockptr<tensor<16xf32>>
  tir.block_store %r, %v boundary_check = [0] evict = evict_first : !tir.blockptr<tensor<16xf32>>
  return
}
