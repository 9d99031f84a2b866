// Without a boundary_check: no mask and no `other`; volatile is kept.
// CHECK-LABEL: func.func @load_unchecked
// CHECK-NOT: arith.cmpi
// CHECK: %[[PTRS:.*]] = tir.addptr %{{.*}}, %{{.*}} : tensor<64x!tir.ptr<f16>>, tensor<64xi64>
// CHECK-NEXT: %[[V:.*]] = tir.load %[[PTRS]] volatile : tensor<64x!tir.ptr<f16>>
// CHECK-NEXT: return %[[V]]
func.func @load_unchecked(%base: !tir.ptr<f16>, %m: i64, %s: i64, %i: i32) -> tensor<64xf16> {
  %p = tir.make_block_ptr %base, [%m], [%s], [%i] {order = array<i32: 0>} : !tir.ptr<f16> -> !tir.blockptr<tensor<64xf16>>
  %v = tir.block_load %p volatile : !tir.blockptr<tensor<64xf16>>
  return %v : tensor<64xf16>
}
