// A pointer tile advanced by one uniform step per iteration is carried as
// a scalar i64 offset (the step's arithmetic in the body is copied before
// the loop); the body and the code after the loop recompute the tile from
// the initial one. (The old tile argument passes through unchanged, for
// canonicalize to drop.)
// CHECK-LABEL: func.func @carried_pointer_tile
// CHECK-SAME: (%[[P:.*]]: tensor<64x!tir.ptr<f32>>, %[[S:.*]]: i32, %[[N:.*]]: i32)
// CHECK: %[[STEP:.*]] = arith.muli %[[S]], %{{.*}} : i32
// CHECK: %[[STEP64:.*]] = arith.extsi %[[STEP]] : i32 to i64
// CHECK: %[[R:.*]]:3 = scf.for %{{.*}} = %{{.*}} to %[[N]] step %{{.*}} iter_args(%[[ACC:.*]] = %{{.*}}, %[[OLD:.*]] = %[[P]], %[[OFF:.*]] = %c0_i64) -> (tensor<64xf32>, tensor<64x!tir.ptr<f32>>, i64)
// CHECK:   %[[SPLAT:.*]] = tir.splat %[[OFF]] : i64 -> tensor<64xi64>
// CHECK:   %[[HERE:.*]] = tir.addptr %[[P]], %[[SPLAT]] : tensor<64x!tir.ptr<f32>>, tensor<64xi64>
// CHECK:   %[[V:.*]] = tir.load %[[HERE]]
// CHECK:   %[[NEXT:.*]] = arith.addi %[[OFF]], %[[STEP64]] : i64
// CHECK:   scf.yield %{{.*}}, %[[OLD]], %[[NEXT]] : tensor<64xf32>, tensor<64x!tir.ptr<f32>>, i64
// CHECK: %[[FINAL:.*]] = tir.splat %[[R]]#2 : i64 -> tensor<64xi64>
// CHECK: tir.addptr %[[P]], %[[FINAL]]
func.func @carried_pointer_tile(%p: tensor<64x!tir.ptr<f32>>, %s: i32, %n: i32) -> (tensor<64xf32>, tensor<64x!tir.ptr<f32>>) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %zero = arith.constant dense<0.0> : tensor<64xf32>
  %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero, %q = %p) -> (tensor<64xf32>, tensor<64x!tir.ptr<f32>>) : i32 {
    %v = tir.load %q : tensor<64x!tir.ptr<f32>>
    %a = arith.addf %acc, %v : tensor<64xf32>
    %c32 = arith.constant 32 : i32
    %st = arith.muli %s, %c32 : i32
    %sp = tir.splat %st : i32 -> tensor<64xi32>
    %q2 = tir.addptr %q, %sp : tensor<64x!tir.ptr<f32>>, tensor<64xi32>
    scf.yield %a, %q2 : tensor<64xf32>, tensor<64x!tir.ptr<f32>>
  }
  return %r#0, %r#1 : tensor<64xf32>, tensor<64x!tir.ptr<f32>>
}
