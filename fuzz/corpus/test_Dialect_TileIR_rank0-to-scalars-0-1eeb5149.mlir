// The tir-rank0-to-scalars pass: rank-0 tiles become the scalars they hold.

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
