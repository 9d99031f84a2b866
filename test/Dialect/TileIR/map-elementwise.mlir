// tir.map_elementwise: round trip in custom and generic form (a region
// with scalar control flow, several results, pack, scalars).
// RUN: trident-opt %s -split-input-file | trident-opt -split-input-file | FileCheck %s
// RUN: trident-opt %s -split-input-file --mlir-print-op-generic | trident-opt -split-input-file | FileCheck %s

// CHECK-LABEL: func.func @compare
// CHECK:         %{{.*}} = tir.map_elementwise(%{{.*}}, %{{.*}} : tensor<128xi32>, tensor<128xi32>) -> tensor<128xi32> {
// CHECK-NEXT:    ^bb0(%[[X:.*]]: i32, %[[Y:.*]]: i32):
// CHECK:           %[[R:.*]] = scf.if
// CHECK:           tir.map_elementwise.return %[[R]] : i32
// CHECK-NEXT:    }
func.func @compare(%a: tensor<128xi32>, %b: tensor<128xi32>) -> tensor<128xi32> {
  %z = tir.map_elementwise (%a, %b : tensor<128xi32>, tensor<128xi32>) -> tensor<128xi32> {
  ^bb0(%x: i32, %y: i32):
    %lt = arith.cmpi slt, %x, %y : i32
    %r = scf.if %lt -> i32 {
      %m = arith.constant -1 : i32
      scf.yield %m : i32
    } else {
      %eq = arith.cmpi eq, %x, %y : i32
      %e = arith.extui %eq : i1 to i32
      %o = arith.constant 1 : i32
      %s = arith.subi %o, %e : i32
      scf.yield %s : i32
    }
    tir.map_elementwise.return %r : i32
  }
  return %z : tensor<128xi32>
}

// -----

// CHECK-LABEL: func.func @divmod_pack
// CHECK:         %{{.*}}:2 = tir.map_elementwise(%{{.*}}, %{{.*}} : tensor<4x8xi32>, tensor<4x8xi32>) pack = 2 -> tensor<4x8xi32>, tensor<4x8xf32> {
// CHECK-NEXT:    ^bb0(%{{.*}}: i32, %{{.*}}: i32, %{{.*}}: i32, %{{.*}}: i32):
// CHECK:           tir.map_elementwise.return %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} : i32, i32, f32, f32
func.func @divmod_pack(%a: tensor<4x8xi32>, %b: tensor<4x8xi32>) -> (tensor<4x8xi32>, tensor<4x8xf32>) {
  %q, %f = tir.map_elementwise (%a, %b : tensor<4x8xi32>, tensor<4x8xi32>) pack = 2 -> tensor<4x8xi32>, tensor<4x8xf32> {
  ^bb0(%a0: i32, %a1: i32, %b0: i32, %b1: i32):
    %q0 = arith.divui %a0, %b0 : i32
    %q1 = arith.divui %a1, %b1 : i32
    %f0 = arith.uitofp %a0 : i32 to f32
    %f1 = arith.uitofp %a1 : i32 to f32
    tir.map_elementwise.return %q0, %q1, %f0, %f1 : i32, i32, f32, f32
  }
  return %q, %f : tensor<4x8xi32>, tensor<4x8xf32>
}

// -----

// CHECK-LABEL: func.func @scalars
// CHECK:         tir.map_elementwise(%{{.*}} : f32) -> f32 {
func.func @scalars(%x: f32) -> f32 {
  %y = tir.map_elementwise (%x : f32) -> f32 {
  ^bb0(%v: f32):
    %w = arith.mulf %v, %v : f32
    tir.map_elementwise.return %w : f32
  }
  return %y : f32
}
