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

// -----

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

// -----

// Steps that differ between elements keep the carried tile.
// CHECK-LABEL: func.func @per_element_steps
// CHECK: scf.for {{.*}} iter_args(%{{.*}} = %{{.*}}) -> (tensor<64x!tir.ptr<f32>>)
// CHECK:   tir.addptr
// CHECK-NOT: i64
func.func @per_element_steps(%p: tensor<64x!tir.ptr<f32>>, %n: i32) -> tensor<64x!tir.ptr<f32>> {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%q = %p) -> (tensor<64x!tir.ptr<f32>>) : i32 {
    %st = tir.make_range 0 to 64 : tensor<64xi32>
    %q2 = tir.addptr %q, %st : tensor<64x!tir.ptr<f32>>, tensor<64xi32>
    scf.yield %q2 : tensor<64x!tir.ptr<f32>>
  }
  return %r : tensor<64x!tir.ptr<f32>>
}

// -----

// Axis hints on the loop's arguments (tir.region_arg_hints): the hints of a
// pointer tile turned into an offset go to the tir.addptr that replaces it
// in the body; the others stay with their arguments, and the new offset
// argument has none.
// CHECK-LABEL: func.func @carried_pointer_hints
// CHECK: scf.for
// CHECK: tir.addptr %{{.*}}, %{{.*}} {tir.contiguity = array<i32: 64>, tir.divisibility = array<i32: 16>}
// CHECK: } {tir.region_arg_hints = {{\[\[}}{}, {}, {}, {tir.divisibility = array<i32: 8>}, {}]]}
func.func @carried_pointer_hints(%p: tensor<64x!tir.ptr<f32>>, %q: tensor<64x!tir.ptr<f32>>, %s: i32, %n: i32) -> tensor<64xf32> {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %zero = arith.constant dense<0.0> : tensor<64xf32>
  %sp = tir.splat %s : i32 -> tensor<64xi32>
  %r:3 = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero, %x = %p, %y = %q) -> (tensor<64xf32>, tensor<64x!tir.ptr<f32>>, tensor<64x!tir.ptr<f32>>) : i32 {
    %v = tir.load %x : tensor<64x!tir.ptr<f32>>
    %w = tir.load %y : tensor<64x!tir.ptr<f32>>
    %a = arith.addf %acc, %v : tensor<64xf32>
    %b = arith.addf %a, %w : tensor<64xf32>
    %x2 = tir.addptr %x, %sp : tensor<64x!tir.ptr<f32>>, tensor<64xi32>
    %st = tir.make_range 0 to 64 : tensor<64xi32>
    %y2 = tir.addptr %y, %st : tensor<64x!tir.ptr<f32>>, tensor<64xi32>
    scf.yield %b, %x2, %y2 : tensor<64xf32>, tensor<64x!tir.ptr<f32>>, tensor<64x!tir.ptr<f32>>
  } {tir.region_arg_hints = [[{}, {}, {tir.divisibility = array<i32: 16>, tir.contiguity = array<i32: 64>}, {tir.divisibility = array<i32: 8>}]]}
  return %r#0 : tensor<64xf32>
}
