// Loops, ifs and calls carry the scalars; broadcast and trans of a rank-0
// tile are the scalar.
// CHECK-LABEL: func.func private @twice
// CHECK-SAME: (%[[A:.*]]: i32) -> i32
// CHECK: arith.addi %[[A]], %[[A]] : i32
// CHECK-LABEL: func.func @control
// CHECK-SAME: (%[[N:.*]]: i32, %[[B:.*]]: i1)
// CHECK: %[[L:.*]] = scf.for %{{.*}} = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%[[ACC:.*]] = %[[N]]) -> (i32)
// CHECK: %[[T:.*]] = func.call @twice(%[[ACC]]) : (i32) -> i32
// CHECK: scf.yield %[[T]] : i32
// CHECK: %[[I:.*]] = scf.if %[[B]] -> (i32)
// CHECK: scf.yield %[[L]] : i32
// CHECK: } else {
// CHECK: scf.yield %[[N]] : i32
// CHECK: tir.print " v: " (%[[I]] : i32)
func.func private @twice(%a: tensor<i32>) -> tensor<i32> {
  %r = arith.addi %a, %a : tensor<i32>
  return %r : tensor<i32>
}
func.func @control(%n: i32, %b: i1) attributes {tir.kernel} {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %c1 = arith.constant 1 : index
  %init = tir.splat %n : i32 -> tensor<i32>
  %l = scf.for %i = %c0 to %c4 step %c1 iter_args(%acc = %init) -> (tensor<i32>) {
    %t = func.call @twice(%acc) : (tensor<i32>) -> tensor<i32>
    scf.yield %t : tensor<i32>
  }
  %r = scf.if %b -> (tensor<i32>) {
    %bc = tir.broadcast %l : tensor<i32> -> tensor<i32>
    scf.yield %bc : tensor<i32>
  } else {
    %tr = tir.trans %init, [] : tensor<i32> -> tensor<i32>
    scf.yield %tr : tensor<i32>
  }
  tir.print " v: " (%r : tensor<i32>)
  return
}
