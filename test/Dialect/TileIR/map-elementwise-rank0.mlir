// tir-rank0-to-scalars on a tir.map_elementwise of rank-0 tiles: the same
// op on the scalars, its region (on scalars already) unchanged.
// RUN: trident-opt %s -tir-rank0-to-scalars | FileCheck %s

// CHECK-LABEL: func.func @map_rank0(%{{.*}}: f32) -> f32
// CHECK-NEXT:    %[[Y:.*]] = tir.map_elementwise(%{{.*}} : f32) -> f32 {
// CHECK-NEXT:    ^bb0(%[[V:.*]]: f32):
// CHECK-NEXT:      %[[W:.*]] = arith.mulf %[[V]], %[[V]] : f32
// CHECK-NEXT:      tir.map_elementwise.return %[[W]] : f32
// CHECK-NEXT:    }
// CHECK-NEXT:    return %[[Y]] : f32
func.func @map_rank0(%x: tensor<f32>) -> tensor<f32> {
  %y = tir.map_elementwise (%x : tensor<f32>) -> tensor<f32> {
  ^bb0(%v: f32):
    %w = arith.mulf %v, %v : f32
    tir.map_elementwise.return %w : f32
  }
  return %y : tensor<f32>
}
