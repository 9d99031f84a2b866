// CHECK-LABEL: func.func @block_pointers
// CHECK-SAME: !tir.blockptr<tensor<64x32xf16>>
// CHECK-SAME: !tir.blockptr<tensor<16xi32>, 3>
func.func @block_pointers(%base: !tir.ptr<f16>, %m: i64, %n: i64, %s: i64, %i: i32, %j: i32,
                          %q: !tir.blockptr<tensor<64x32xf16>>, %r: !tir.blockptr<tensor<16xi32>, 3>)
    -> (tensor<64x32xf16>, tensor<16xi32>) {
  %c1 = arith.constant 1 : i64
  // CHECK: %[[P:.*]] = tir.make_block_ptr %{{.*}}, [%{{.*}}, %{{.*}}], [%{{.*}}, %{{.*}}], [%{{.*}}, %{{.*}}] {order = array<i32: 1, 0>} : !tir.ptr<f16> -> !tir.blockptr<tensor<64x32xf16>>
  %p = tir.make_block_ptr %base, [%m, %n], [%s, %c1], [%i, %j] {order = array<i32: 1, 0>} : !tir.ptr<f16> -> !tir.blockptr<tensor<64x32xf16>>
  // CHECK: %[[A:.*]] = tir.advance %[[P]], [%{{.*}}, %{{.*}}] : !tir.blockptr<tensor<64x32xf16>>
  %a = tir.advance %p, [%i, %j] : !tir.blockptr<tensor<64x32xf16>>
  // CHECK: tir.block_load %[[A]] : !tir.blockptr<tensor<64x32xf16>>
  %x = tir.block_load %a : !tir.blockptr<tensor<64x32xf16>>
  // CHECK: tir.block_load %[[A]] boundary_check = [0, 1] padding = nan cache = cg evict = evict_first volatile : !tir.blockptr<tensor<64x32xf16>>
  %y = tir.block_load %a boundary_check = [0, 1] padding = nan cache = cg evict = evict_first volatile : !tir.blockptr<tensor<64x32xf16>>
  // CHECK: tir.block_load %{{.*}} boundary_check = [0] : !tir.blockptr<tensor<16xi32>, 3>
  %z = tir.block_load %r boundary_check = [0] padding = zero : !tir.blockptr<tensor<16xi32>, 3>
  // CHECK: tir.block_store %[[A]], %{{.*}} : !tir.blockptr<tensor<64x32xf16>>
  tir.block_store %a, %x : !tir.blockptr<tensor<64x32xf16>>
  // CHECK: tir.block_store %{{.*}}, %{{.*}} boundary_check = [1] cache = wb evict = evict_last : !tir.blockptr<tensor<64x32xf16>>
  tir.block_store %q, %y boundary_check = [1] cache = wb evict = evict_last : !tir.blockptr<tensor<64x32xf16>>
  return %y, %z : tensor<64x32xf16>, tensor<16xi32>
}
