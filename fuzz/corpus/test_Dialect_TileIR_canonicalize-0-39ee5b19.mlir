// Folders and canonicalization patterns of Tile IR operations.

// CHECK-LABEL: func.func @splat_of_constant
// CHECK-DAG: %[[F:.*]] = arith.constant dense<1.500000e+00> : tensor<4x8xf32>
// CHECK-DAG: %[[I:.*]] = arith.constant dense<7> : tensor<16xi32>
// CHECK-NOT: tir.splat
// CHECK: return %[[F]], %[[I]]
func.func @splat_of_constant() -> (tensor<4x8xf32>, tensor<16xi32>) {
  %c = arith.constant 1.5 : f32
  %i = arith.constant 7 : i32
  %0 = tir.splat %c : f32 -> tensor<4x8xf32>
  %1 = tir.splat %i : i32 -> tensor<16xi32>
  return %0, %1 : tensor<4x8xf32>, tensor<16xi32>
}
