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
