// The tir-combine pass.
// RUN: trident-opt %s -split-input-file -tir-combine | FileCheck %s

// CHECK-LABEL: func.func @dot_add_accumulator
// CHECK-SAME: (%[[A:.*]]: tensor<64x32xbf16>, %[[B:.*]]: tensor<32x64xbf16>, %[[D:.*]]: tensor<64x64xf32>)
// CHECK-NEXT: %[[R:.*]] = tir.dot %[[A]], %[[B]], %[[D]] : tensor<64x32xbf16> * tensor<32x64xbf16> -> tensor<64x64xf32>
// CHECK-NEXT: return %[[R]]
func.func @dot_add_accumulator(%a: tensor<64x32xbf16>, %b: tensor<32x64xbf16>, %d: tensor<64x64xf32>) -> tensor<64x64xf32> {
  %zero = arith.constant dense<0.0> : tensor<64x64xf32>
  %0 = tir.dot %a, %b, %zero : tensor<64x32xbf16> * tensor<32x64xbf16> -> tensor<64x64xf32>
  %1 = arith.addf %d, %0 : tensor<64x64xf32>
  return %1 : tensor<64x64xf32>
}

// -----

// CHECK-LABEL: func.func @dot_add_accumulator_int
// CHECK-SAME: (%[[A:.*]]: tensor<16x16xi8>, %[[D:.*]]: tensor<16x16xi32>)
// CHECK-NEXT: %[[R:.*]] = tir.dot %[[A]], %[[A]], %[[D]]
// CHECK-NEXT: return %[[R]]
func.func @dot_add_accumulator_int(%a: tensor<16x16xi8>, %d: tensor<16x16xi32>) -> tensor<16x16xi32> {
  %c0 = arith.constant 0 : i32
  %zero = tir.splat %c0 : i32 -> tensor<16x16xi32>
  %0 = tir.dot %a, %a, %zero : tensor<16x16xi8> * tensor<16x16xi8> -> tensor<16x16xi32>
  %1 = arith.addi %0, %d : tensor<16x16xi32>
  return %1 : tensor<16x16xi32>
}

// -----

// The accumulator is not zero, or the dot has another use: no change.
// CHECK-LABEL: func.func @dot_add_no_combine
// CHECK: tir.dot
// CHECK-NEXT: arith.addf
// CHECK-NEXT: tir.dot
// CHECK-NEXT: arith.addf
func.func @dot_add_no_combine(%a: tensor<16x16xf16>, %c: tensor<16x16xf32>, %d: tensor<16x16xf32>)
    -> (tensor<16x16xf32>, tensor<16x16xf32>, tensor<16x16xf32>) {
  %zero = arith.constant dense<0.0> : tensor<16x16xf32>
  %0 = tir.dot %a, %a, %c : tensor<16x16xf16> * tensor<16x16xf16> -> tensor<16x16xf32>
  %1 = arith.addf %0, %d : tensor<16x16xf32>
  %2 = tir.dot %a, %a, %zero : tensor<16x16xf16> * tensor<16x16xf16> -> tensor<16x16xf32>
  %3 = arith.addf %2, %d : tensor<16x16xf32>
  return %1, %2, %3 : tensor<16x16xf32>, tensor<16x16xf32>, tensor<16x16xf32>
}

// -----

// CHECK-LABEL: func.func @addptr_chain
// CHECK-SAME: (%[[P:.*]]: tensor<8x!tir.ptr<f32>>, %[[A:.*]]: tensor<8xi32>, %[[B:.*]]: tensor<8xi32>)
// CHECK-NEXT: %[[S:.*]] = arith.addi %[[A]], %[[B]] : tensor<8xi32>
// CHECK-NEXT: %[[R:.*]] = tir.addptr %[[P]], %[[S]] : tensor<8x!tir.ptr<f32>>, tensor<8xi32>
// CHECK-NEXT: return %[[R]]
func.func @addptr_chain(%p: tensor<8x!tir.ptr<f32>>, %a: tensor<8xi32>, %b: tensor<8xi32>) -> tensor<8x!tir.ptr<f32>> {
  %0 = tir.addptr %p, %a : tensor<8x!tir.ptr<f32>>, tensor<8xi32>
  %1 = tir.addptr %0, %b : tensor<8x!tir.ptr<f32>>, tensor<8xi32>
  return %1 : tensor<8x!tir.ptr<f32>>
}

// -----

// Offsets of different widths are not merged.
// CHECK-LABEL: func.func @addptr_chain_mixed
// CHECK-COUNT-2: tir.addptr
func.func @addptr_chain_mixed(%p: !tir.ptr<f32>, %a: i32, %b: i64) -> !tir.ptr<f32> {
  %0 = tir.addptr %p, %a : !tir.ptr<f32>, i32
  %1 = tir.addptr %0, %b : !tir.ptr<f32>, i64
  return %1 : !tir.ptr<f32>
}

// -----

// CHECK-LABEL: func.func @addptr_of_splats
// CHECK-SAME: (%[[P:.*]]: !tir.ptr<f16>, %[[O:.*]]: i32)
// CHECK-NEXT: %[[A:.*]] = tir.addptr %[[P]], %[[O]] : !tir.ptr<f16>, i32
// CHECK-NEXT: %[[S:.*]] = tir.splat %[[A]] : !tir.ptr<f16> -> tensor<32x!tir.ptr<f16>>
// CHECK-NEXT: return %[[S]]
func.func @addptr_of_splats(%p: !tir.ptr<f16>, %o: i32) -> tensor<32x!tir.ptr<f16>> {
  %ps = tir.splat %p : !tir.ptr<f16> -> tensor<32x!tir.ptr<f16>>
  %os = tir.splat %o : i32 -> tensor<32xi32>
  %0 = tir.addptr %ps, %os : tensor<32x!tir.ptr<f16>>, tensor<32xi32>
  return %0 : tensor<32x!tir.ptr<f16>>
}

// -----

// CHECK-LABEL: func.func @select_of_masked_load
// CHECK-SAME: (%[[P:.*]]: tensor<8x!tir.ptr<f32>>, %[[M:.*]]: tensor<8xi1>, %[[O:.*]]: tensor<8xf32>)
// CHECK-NEXT: %[[L:.*]] = tir.load %[[P]], %[[M]], %[[O]] : tensor<8x!tir.ptr<f32>>
// CHECK-NEXT: return %[[L]]
func.func @select_of_masked_load(%p: tensor<8x!tir.ptr<f32>>, %m: tensor<8xi1>, %o: tensor<8xf32>) -> tensor<8xf32> {
  %0 = tir.load %p, %m : tensor<8x!tir.ptr<f32>>
  %1 = arith.select %m, %0, %o : tensor<8xi1>, tensor<8xf32>
  return %1 : tensor<8xf32>
}

// -----

// The select's false value is computed after the load: the load may not
// take it.
// CHECK-LABEL: func.func @select_of_masked_load_late_other
// CHECK: tir.load %{{.*}}, %{{.*}} : tensor<8x!tir.ptr<f32>>
// CHECK: arith.select
func.func @select_of_masked_load_late_other(%p: tensor<8x!tir.ptr<f32>>, %m: tensor<8xi1>, %x: f32) -> tensor<8xf32> {
  %0 = tir.load %p, %m : tensor<8x!tir.ptr<f32>>
  %o = tir.splat %x : f32 -> tensor<8xf32>
  %1 = arith.select %m, %0, %o : tensor<8xi1>, tensor<8xf32>
  return %1 : tensor<8xf32>
}

// -----

// The operations' own canonicalization patterns run too.
// CHECK-LABEL: func.func @broadcast_of_splat
// CHECK-SAME: (%[[X:.*]]: f32)
// CHECK-NEXT: %[[S:.*]] = tir.splat %[[X]] : f32 -> tensor<16x64xf32>
// CHECK-NEXT: return %[[S]]
func.func @broadcast_of_splat(%x: f32) -> tensor<16x64xf32> {
  %0 = tir.splat %x : f32 -> tensor<16xf32>
  %1 = tir.expand_dims %0, axis = 1 : tensor<16xf32> -> tensor<16x1xf32>
  %2 = tir.broadcast %1 : tensor<16x1xf32> -> tensor<16x64xf32>
  return %2 : tensor<16x64xf32>
}

// -----

// CHECK-LABEL: func.func @trans_pair
// CHECK-SAME: (%[[X:.*]]: tensor<16x32xf16>)
// CHECK-NEXT: return %[[X]]
func.func @trans_pair(%x: tensor<16x32xf16>) -> tensor<16x32xf16> {
  %0 = tir.trans %x, [1, 0] : tensor<16x32xf16> -> tensor<32x16xf16>
  %1 = tir.trans %0, [1, 0] : tensor<32x16xf16> -> tensor<16x32xf16>
  return %1 : tensor<16x32xf16>
}
