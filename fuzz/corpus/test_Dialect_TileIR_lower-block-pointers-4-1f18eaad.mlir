// A block pointer carried by scf.for and advanced in it: the loop carries
// its base, shape, strides and offsets; canonicalization leaves only the
// offset that changes.
// CHECK-LABEL: func.func @for_loop
// CHECK-SAME: (%[[BASE:.*]]: !tir.ptr<f32>, %[[M:.*]]: i64, %[[N:.*]]: i64, %[[S:.*]]: i64, %[[I:.*]]: i32, %[[K:.*]]: i32)
// CHECK: %[[C0:.*]] = arith.constant 0 : i32
// CHECK: %[[C32:.*]] = arith.constant 32 : i32
// CHECK: %[[ONE:.*]] = arith.constant 1 : i64
// CHECK: scf.for %{{.*}} = %[[C0]] to %[[K]] step %{{.*}} iter_args(%[[ACC:.*]] = %{{.*}}, %[[PB:.*]] = %[[BASE]], %[[PM:.*]] = %[[M]], %[[PN:.*]] = %[[N]], %[[PS0:.*]] = %[[S]], %[[PS1:.*]] = %[[ONE]], %[[PO0:.*]] = %[[I]], %[[PO1:.*]] = %[[C0]]) -> (tensor<16x32xf32>, !tir.ptr<f32>, i64, i64, i64, i64, i32, i32)
// CHECK: arith.extsi %[[PO0]] : i32 to i64
// CHECK: tir.splat %[[PS0]] : i64 -> tensor<16xi64>
// CHECK: tir.splat %[[PM]] : i64 -> tensor<16xi64>
// CHECK: arith.extsi %[[PO1]] : i32 to i64
// CHECK: tir.splat %[[PS1]] : i64 -> tensor<32xi64>
// CHECK: tir.splat %[[PN]] : i64 -> tensor<32xi64>
// CHECK: tir.splat %[[PB]] : !tir.ptr<f32> -> tensor<16x32x!tir.ptr<f32>>
// CHECK: %[[X:.*]] = tir.load
// CHECK: %[[A:.*]] = arith.addf %[[ACC]], %[[X]]
// CHECK: %[[NEXT:.*]] = arith.addi %[[PO1]], %[[C32]] : i32
// CHECK: scf.yield %[[A]], %[[PB]], %[[PM]], %[[PN]], %[[PS0]], %[[PS1]], %[[PO0]], %[[NEXT]] : tensor<16x32xf32>, !tir.ptr<f32>, i64, i64, i64, i64, i32, i32
// CANON-LABEL: func.func @for_loop
// CANON: scf.for %{{.*}} iter_args(%{{.*}} = %{{.*}}, %[[O:.*]] = %{{.*}}) -> (tensor<16x32xf32>, i32)
// CANON: %[[NEXT:.*]] = arith.addi %[[O]], %{{.*}} : i32
// CANON: scf.yield %{{.*}}, %[[NEXT]] : tensor<16x32xf32>, i32
func.func @for_loop(%base: !tir.ptr<f32>, %m: i64, %n: i64, %s: i64, %i: i32, %k: i32) -> tensor<16x32xf32> {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c32 = arith.constant 32 : i32
  %one = arith.constant 1 : i64
  %zero = arith.constant dense<0.0> : tensor<16x32xf32>
  %p = tir.make_block_ptr %base, [%m, %n], [%s, %one], [%i, %c0] {order = array<i32: 1, 0>} : !tir.ptr<f32> -> !tir.blockptr<tensor<16x32xf32>>
  %r:2 = scf.for %it = %c0 to %k step %c1 iter_args(%acc = %zero, %q = %p) -> (tensor<16x32xf32>, !tir.blockptr<tensor<16x32xf32>>) : i32 {
    %x = tir.block_load %q boundary_check = [0, 1] : !tir.blockptr<tensor<16x32xf32>>
    %a = arith.addf %acc, %x : tensor<16x32xf32>
    %q2 = tir.advance %q, [%c0, %c32] : !tir.blockptr<tensor<16x32xf32>>
    scf.yield %a, %q2 : tensor<16x32xf32>, !tir.blockptr<tensor<16x32xf32>>
  }
  return %r#0 : tensor<16x32xf32>
}
