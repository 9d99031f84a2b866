// The tir-rank0-to-scalars pass: rank-0 tiles become the scalars they hold.
// RUN: trident-opt %s -split-input-file -tir-rank0-to-scalars | FileCheck %s

// A kernel's rank-0 argument is a scalar argument; constants, elementwise
// arithmetic, splats, pointer arithmetic, loads and stores on rank-0 tiles
// are the same operations on scalars.
// CHECK-LABEL: func.func @kernel
// CHECK-SAME: (%[[P:.*]]: !tir.ptr<f32>, %[[T:.*]]: f32, %[[O:.*]]: i32)
// CHECK-NOT: tensor
// CHECK-DAG: %[[C:.*]] = arith.constant 2.000000e+00 : f32
// CHECK-DAG: %[[Q:.*]] = tir.addptr %[[P]], %[[O]] : !tir.ptr<f32>, i32
// CHECK: %[[X:.*]] = tir.load %[[Q]] : !tir.ptr<f32>
// CHECK: %[[Y:.*]] = arith.mulf %[[X]], %[[C]] : f32
// CHECK: %[[Z:.*]] = arith.addf %[[Y]], %[[T]] : f32
// CHECK: %[[M:.*]] = arith.cmpf ogt, %[[Z]], %[[C]] : f32
// CHECK: tir.store %[[Q]], %[[Z]], %[[M]] : !tir.ptr<f32>
// CHECK-NOT: tensor
func.func @kernel(%p: !tir.ptr<f32>, %t: tensor<f32>, %o: i32) attributes {tir.kernel} {
  %c = arith.constant dense<2.0> : tensor<f32>
  %s = tir.splat %p : !tir.ptr<f32> -> tensor<!tir.ptr<f32>>
  %os = tir.splat %o : i32 -> tensor<i32>
  %q = tir.addptr %s, %os : tensor<!tir.ptr<f32>>, tensor<i32>
  %x = tir.load %q : tensor<!tir.ptr<f32>>
  %y = arith.mulf %x, %c : tensor<f32>
  %z = arith.addf %y, %t : tensor<f32>
  %m = arith.cmpf ogt, %z, %c : tensor<f32>
  tir.store %q, %z, %m : tensor<!tir.ptr<f32>>
  return
}

// -----

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

// -----

// Shapes: expand_dims and reshape of a rank-0 tile are splats; a
// one-element tile reshaped to rank 0 is its element, read by a reduce
// that keeps its accumulator (pointers through i64).
// CHECK-LABEL: func.func @shapes
// CHECK-SAME: (%[[X:.*]]: f32, %[[V:.*]]: tensor<1x1xf32>, %[[P:.*]]: tensor<1x!tir.ptr<f32>>)
// CHECK: %[[E:.*]] = tir.splat %[[X]] : f32 -> tensor<1xf32>
// CHECK: %[[R:.*]] = tir.splat %[[X]] : f32 -> tensor<1x1xf32>
// CHECK: %[[V1:.*]] = tir.reshape %[[V]] : tensor<1x1xf32> -> tensor<1xf32>
// CHECK: %[[ONE:.*]] = tir.reduce %[[V1]] axis = 0 : tensor<1xf32> -> f32 {
// CHECK: ^bb0(%[[ACC:.*]]: f32, %{{.*}}: f32):
// CHECK: tir.reduce.return %[[ACC]] : f32
// CHECK: %[[PI:.*]] = tir.ptr_to_int %[[P]] : tensor<1x!tir.ptr<f32>> -> tensor<1xi64>
// CHECK: %[[PR:.*]] = tir.reduce %[[PI]] axis = 0 : tensor<1xi64> -> i64
// CHECK: %[[Q:.*]] = tir.int_to_ptr %[[PR]] : i64 -> !tir.ptr<f32>
// CHECK: tir.store %[[Q]], %[[ONE]] : !tir.ptr<f32>
// CHECK: return %[[E]], %[[R]] : tensor<1xf32>, tensor<1x1xf32>
func.func @shapes(%x: tensor<f32>, %v: tensor<1x1xf32>, %p: tensor<1x!tir.ptr<f32>>) -> (tensor<1xf32>, tensor<1x1xf32>) {
  %e = tir.expand_dims %x, axis = 0 : tensor<f32> -> tensor<1xf32>
  %r = tir.reshape %x : tensor<f32> -> tensor<1x1xf32>
  %one = tir.reshape %v : tensor<1x1xf32> -> tensor<f32>
  %q = tir.reshape %p : tensor<1x!tir.ptr<f32>> -> tensor<!tir.ptr<f32>>
  tir.store %q, %one : tensor<!tir.ptr<f32>>
  return %e, %r : tensor<1xf32>, tensor<1x1xf32>
}

// -----

// join of two rank-0 tiles and split into two go through shapes 1 and 1x2.
// CHECK-LABEL: func.func @join_split
// CHECK-SAME: (%[[A:.*]]: i32, %[[B:.*]]: i32, %[[T:.*]]: tensor<2xi32>)
// CHECK: %[[SA:.*]] = tir.splat %[[A]] : i32 -> tensor<1xi32>
// CHECK: %[[SB:.*]] = tir.splat %[[B]] : i32 -> tensor<1xi32>
// CHECK: %[[J:.*]] = tir.join %[[SA]], %[[SB]] : tensor<1xi32> -> tensor<1x2xi32>
// CHECK: %[[J2:.*]] = tir.reshape %[[J]] : tensor<1x2xi32> -> tensor<2xi32>
// CHECK: %[[T2:.*]] = tir.reshape %[[T]] : tensor<2xi32> -> tensor<1x2xi32>
// CHECK: %[[LO:.*]], %[[HI:.*]] = tir.split %[[T2]] : tensor<1x2xi32> -> tensor<1xi32>
// CHECK: %[[L:.*]] = tir.reduce %[[LO]] axis = 0 : tensor<1xi32> -> i32
// CHECK: %[[H:.*]] = tir.reduce %[[HI]] axis = 0 : tensor<1xi32> -> i32
// CHECK: return %[[J2]], %[[L]], %[[H]] : tensor<2xi32>, i32, i32
func.func @join_split(%a: tensor<i32>, %b: tensor<i32>, %t: tensor<2xi32>) -> (tensor<2xi32>, tensor<i32>, tensor<i32>) {
  %j = tir.join %a, %b : tensor<i32> -> tensor<2xi32>
  %lo, %hi = tir.split %t : tensor<2xi32> -> tensor<i32>
  return %j, %lo, %hi : tensor<2xi32>, tensor<i32>, tensor<i32>
}

// -----

// Functions without rank-0 tiles are left as they are.
// CHECK-LABEL: func.func @untouched
// CHECK: tir.splat %{{.*}} : f32 -> tensor<4xf32>
func.func @untouched(%x: f32) -> tensor<4xf32> {
  %s = tir.splat %x : f32 -> tensor<4xf32>
  return %s : tensor<4xf32>
}
