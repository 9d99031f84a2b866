// An scf.if yielding block pointers yields their parts; a select of block
// pointers selects each part.
// CHECK-LABEL: func.func @if_select
// CHECK-SAME: (%[[A:.*]]: !tir.ptr<f32>, %[[B:.*]]: !tir.ptr<f32>, %[[M:.*]]: i64, %[[S:.*]]: i64, %[[I:.*]]: i32, %[[C:.*]]: i1, %[[V:.*]]: tensor<16xf32>)
// CHECK: %[[IF:.*]]:4 = scf.if %[[C]] -> (!tir.ptr<f32>, i64, i64, i32) {
// CHECK-NEXT: %[[O:.*]] = arith.addi %[[I]], %[[I]] : i32
// CHECK-NEXT: scf.yield %[[A]], %[[M]], %[[S]], %[[O]] : !tir.ptr<f32>, i64, i64, i32
// CHECK-NEXT: } else {
// CHECK-NEXT: scf.yield %[[B]], %[[M]], %[[S]], %[[I]] : !tir.ptr<f32>, i64, i64, i32
// CHECK: %[[SB:.*]] = arith.select %[[C]], %[[IF]]#0, %[[B]] : !tir.ptr<f32>
// CHECK-NEXT: arith.select %[[C]], %[[IF]]#1, %[[M]] : i64
// CHECK-NEXT: arith.select %[[C]], %[[IF]]#2, %[[S]] : i64
// CHECK-NEXT: %[[SO:.*]] = arith.select %[[C]], %[[IF]]#3, %[[I]] : i32
// CHECK: arith.extsi %[[SO]] : i32 to i64
// CHECK: tir.splat %[[SB]] : !tir.ptr<f32> -> tensor<16x!tir.ptr<f32>>
// CHECK: tir.store %{{.*}}, %[[V]] : tensor<16x!tir.ptr<f32>>
func.func @if_select(%a: !tir.ptr<f32>, %b: !tir.ptr<f32>, %m: i64, %s: i64, %i: i32, %c: i1, %v: tensor<16xf32>) {
  %p = tir.make_block_ptr %a, [%m], [%s], [%i] {order = array<i32: 0>} : !tir.ptr<f32> -> !tir.blockptr<tensor<16xf32>>
  %q = tir.make_block_ptr %b, [%m], [%s], [%i] {order = array<i32: 0>} : !tir.ptr<f32> -> !tir.blockptr<tensor<16xf32>>
  %r = scf.if %c -> !tir.blockptr<tensor<16xf32>> {
    %p2 = tir.advance %p, [%i] : !tir.blockptr<tensor<16xf32>>
    scf.yield %p2 : !tir.blockptr<tensor<16xf32>>
  } else {
    scf.yield %q : !tir.blockptr<tensor<16xf32>>
  }
  %t = arith.select %c, %r, %q : !tir.blockptr<tensor<16xf32>>
  tir.block_store %t, %v : !tir.blockptr<tensor<16xf32>>
  return
}
