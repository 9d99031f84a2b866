// scf.while: the before and after regions carry the parts, the condition
// forwards them.
// CHECK-LABEL: func.func @while_loop
// CHECK-SAME: (%[[BASE:.*]]: !tir.ptr<f32>, %[[M:.*]]: i64, %[[S:.*]]: i64, %[[I:.*]]: i32, %[[N:.*]]: i32)
// CHECK: scf.while (%[[J:.*]] = %[[I]], %[[B:.*]] = %[[BASE]], %[[E:.*]] = %[[M]], %[[T:.*]] = %[[S]], %[[O:.*]] = %[[I]], %[[ACC:.*]] = %{{.*}}) : (i32, !tir.ptr<f32>, i64, i64, i32, tensor<16xf32>) -> (i32, !tir.ptr<f32>, i64, i64, i32, tensor<16xf32>)
// CHECK: scf.condition(%{{.*}}) %[[J]], %[[B]], %[[E]], %[[T]], %[[O]], %[[ACC]] : i32, !tir.ptr<f32>, i64, i64, i32, tensor<16xf32>
// CHECK: ^bb0(%[[J2:.*]]: i32, %[[B2:.*]]: !tir.ptr<f32>, %[[E2:.*]]: i64, %[[T2:.*]]: i64, %[[O2:.*]]: i32, %[[ACC2:.*]]: tensor<16xf32>):
// CHECK: arith.extsi %[[O2]] : i32 to i64
// CHECK: tir.load
// CHECK: %[[NEXT:.*]] = arith.addi %[[O2]], %{{.*}} : i32
// CHECK: scf.yield %{{.*}}, %[[B2]], %[[E2]], %[[T2]], %[[NEXT]], %{{.*}} : i32, !tir.ptr<f32>, i64, i64, i32, tensor<16xf32>
// CANON-LABEL: func.func @while_loop
// CANON: scf.while (%{{.*}} = %{{.*}}, %{{.*}} = %{{.*}}, %{{.*}} = %{{.*}}) : (i32, i32, tensor<16xf32>) -> (i32, i32, tensor<16xf32>)
func.func @while_loop(%base: !tir.ptr<f32>, %m: i64, %s: i64, %i: i32, %n: i32) -> tensor<16xf32> {
  %c16 = arith.constant 16 : i32
  %zero = arith.constant dense<0.0> : tensor<16xf32>
  %p = tir.make_block_ptr %base, [%m], [%s], [%i] {order = array<i32: 0>} : !tir.ptr<f32> -> !tir.blockptr<tensor<16xf32>>
  %r:3 = scf.while (%j = %i, %q = %p, %acc = %zero) : (i32, !tir.blockptr<tensor<16xf32>>, tensor<16xf32>) -> (i32, !tir.blockptr<tensor<16xf32>>, tensor<16xf32>) {
    %c = arith.cmpi slt, %j, %n : i32
    scf.condition(%c) %j, %q, %acc : i32, !tir.blockptr<tensor<16xf32>>, tensor<16xf32>
  } do {
  ^bb0(%j: i32, %q: !tir.blockptr<tensor<16xf32>>, %acc: tensor<16xf32>):
    %x = tir.block_load %q boundary_check = [0] : !tir.blockptr<tensor<16xf32>>
    %a = arith.addf %acc, %x : tensor<16xf32>
    %q2 = tir.advance %q, [%c16] : !tir.blockptr<tensor<16xf32>>
    %j2 = arith.addi %j, %c16 : i32
    scf.yield %j2, %q2, %a : i32, !tir.blockptr<tensor<16xf32>>, tensor<16xf32>
  }
  return %r#2 : tensor<16xf32>
}
