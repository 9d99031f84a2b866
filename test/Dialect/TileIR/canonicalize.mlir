// Folders and canonicalization patterns of Tile IR operations.
// RUN: trident-opt %s -split-input-file -canonicalize | FileCheck %s

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

// -----

// CHECK-LABEL: func.func @splat_of_pointer
// CHECK: %[[S:.*]] = tir.splat %{{.*}} : !tir.ptr<f32> -> tensor<8x!tir.ptr<f32>>
// CHECK: return %[[S]]
func.func @splat_of_pointer(%p: !tir.ptr<f32>) -> tensor<8x!tir.ptr<f32>> {
  %0 = tir.splat %p : !tir.ptr<f32> -> tensor<8x!tir.ptr<f32>>
  return %0 : tensor<8x!tir.ptr<f32>>
}

// -----

// CHECK-LABEL: func.func @broadcast_of_splat
// CHECK-SAME: (%[[X:.*]]: f32)
// CHECK: %[[S:.*]] = tir.splat %[[X]] : f32 -> tensor<32x64xf32>
// CHECK-NOT: tir.broadcast
// CHECK: return %[[S]]
func.func @broadcast_of_splat(%x: f32) -> tensor<32x64xf32> {
  %0 = tir.splat %x : f32 -> tensor<1x64xf32>
  %1 = tir.broadcast %0 : tensor<1x64xf32> -> tensor<32x64xf32>
  return %1 : tensor<32x64xf32>
}

// -----

// CHECK-LABEL: func.func @broadcast_of_broadcast
// CHECK-SAME: (%[[X:.*]]: tensor<1x1xf32>)
// CHECK: %[[B:.*]] = tir.broadcast %[[X]] : tensor<1x1xf32> -> tensor<8x16xf32>
// CHECK-NEXT: return %[[B]]
func.func @broadcast_of_broadcast(%x: tensor<1x1xf32>) -> tensor<8x16xf32> {
  %0 = tir.broadcast %x : tensor<1x1xf32> -> tensor<1x16xf32>
  %1 = tir.broadcast %0 : tensor<1x16xf32> -> tensor<8x16xf32>
  return %1 : tensor<8x16xf32>
}

// -----

// CHECK-LABEL: func.func @broadcast_identity
// CHECK-SAME: (%[[X:.*]]: tensor<8x16xf32>)
// CHECK-NEXT: return %[[X]]
func.func @broadcast_identity(%x: tensor<8x16xf32>) -> tensor<8x16xf32> {
  %0 = tir.broadcast %x : tensor<8x16xf32> -> tensor<8x16xf32>
  return %0 : tensor<8x16xf32>
}

// -----

// CHECK-LABEL: func.func @broadcast_of_constant
// CHECK: %[[C:.*]] = arith.constant dense<2> : tensor<8x16xi32>
// CHECK-NEXT: return %[[C]]
func.func @broadcast_of_constant() -> tensor<8x16xi32> {
  %c = arith.constant dense<2> : tensor<1x16xi32>
  %0 = tir.broadcast %c : tensor<1x16xi32> -> tensor<8x16xi32>
  return %0 : tensor<8x16xi32>
}

// -----

// CHECK-LABEL: func.func @expand_dims_of_splat
// CHECK-SAME: (%[[X:.*]]: i32)
// CHECK: %[[S:.*]] = tir.splat %[[X]] : i32 -> tensor<128x1xi32>
// CHECK-NOT: tir.expand_dims
// CHECK: return %[[S]]
func.func @expand_dims_of_splat(%x: i32) -> tensor<128x1xi32> {
  %0 = tir.splat %x : i32 -> tensor<128xi32>
  %1 = tir.expand_dims %0, axis = 1 : tensor<128xi32> -> tensor<128x1xi32>
  return %1 : tensor<128x1xi32>
}

// -----

// CHECK-LABEL: func.func @expand_dims_of_constant
// CHECK: %[[C:.*]] = arith.constant dense<0.000000e+00> : tensor<1x64xf16>
// CHECK-NEXT: return %[[C]]
func.func @expand_dims_of_constant() -> tensor<1x64xf16> {
  %c = arith.constant dense<0.0> : tensor<64xf16>
  %0 = tir.expand_dims %c, axis = 0 : tensor<64xf16> -> tensor<1x64xf16>
  return %0 : tensor<1x64xf16>
}

// -----

// CHECK-LABEL: func.func @reshape_of_splat
// CHECK-SAME: (%[[X:.*]]: f32)
// CHECK: %[[S:.*]] = tir.splat %[[X]] : f32 -> tensor<4x32xf32>
// CHECK-NOT: tir.reshape
// CHECK: return %[[S]]
func.func @reshape_of_splat(%x: f32) -> tensor<4x32xf32> {
  %0 = tir.splat %x : f32 -> tensor<128xf32>
  %1 = tir.reshape %0 : tensor<128xf32> -> tensor<4x32xf32>
  return %1 : tensor<4x32xf32>
}

// -----

// CHECK-LABEL: func.func @reshape_of_reshape
// CHECK-SAME: (%[[X:.*]]: tensor<4x32xf32>)
// CHECK: %[[R:.*]] = tir.reshape %[[X]] : tensor<4x32xf32> -> tensor<2x64xf32>
// CHECK-NEXT: return %[[R]]
func.func @reshape_of_reshape(%x: tensor<4x32xf32>) -> tensor<2x64xf32> {
  %0 = tir.reshape %x allow_reorder : tensor<4x32xf32> -> tensor<128xf32>
  %1 = tir.reshape %0 : tensor<128xf32> -> tensor<2x64xf32>
  return %1 : tensor<2x64xf32>
}

// -----

// CHECK-LABEL: func.func @reshape_round_trip
// CHECK-SAME: (%[[X:.*]]: tensor<4x32xf32>)
// CHECK-NEXT: return %[[X]]
func.func @reshape_round_trip(%x: tensor<4x32xf32>) -> tensor<4x32xf32> {
  %0 = tir.reshape %x : tensor<4x32xf32> -> tensor<128xf32>
  %1 = tir.reshape %0 : tensor<128xf32> -> tensor<4x32xf32>
  return %1 : tensor<4x32xf32>
}

// -----

// CHECK-LABEL: func.func @trans_of_trans
// CHECK-SAME: (%[[X:.*]]: tensor<2x4x8xf32>)
// CHECK: %[[T:.*]] = tir.trans %[[X]], [1, 0, 2] : tensor<2x4x8xf32> -> tensor<4x2x8xf32>
// CHECK-NEXT: return %[[T]]
func.func @trans_of_trans(%x: tensor<2x4x8xf32>) -> tensor<4x2x8xf32> {
  // y = [8, 2, 4]; z[i] = y[order[i]] with [2, 1, 0] = [4, 2, 8].
  %0 = tir.trans %x, [2, 0, 1] : tensor<2x4x8xf32> -> tensor<8x2x4xf32>
  %1 = tir.trans %0, [2, 1, 0] : tensor<8x2x4xf32> -> tensor<4x2x8xf32>
  return %1 : tensor<4x2x8xf32>
}

// -----

// CHECK-LABEL: func.func @trans_of_trans_identity
// CHECK-SAME: (%[[X:.*]]: tensor<16x32xf16>)
// CHECK-NEXT: return %[[X]]
func.func @trans_of_trans_identity(%x: tensor<16x32xf16>) -> tensor<16x32xf16> {
  %0 = tir.trans %x, [1, 0] : tensor<16x32xf16> -> tensor<32x16xf16>
  %1 = tir.trans %0, [1, 0] : tensor<32x16xf16> -> tensor<16x32xf16>
  return %1 : tensor<16x32xf16>
}

// -----

// CHECK-LABEL: func.func @trans_identity_order
// CHECK-SAME: (%[[X:.*]]: tensor<16x32xf16>)
// CHECK-NEXT: return %[[X]]
func.func @trans_identity_order(%x: tensor<16x32xf16>) -> tensor<16x32xf16> {
  %0 = tir.trans %x, [0, 1] : tensor<16x32xf16> -> tensor<16x32xf16>
  return %0 : tensor<16x32xf16>
}

// -----

// CHECK-LABEL: func.func @trans_of_splat
// CHECK: tir.splat %{{.*}} : f16 -> tensor<32x16xf16>
// CHECK-NOT: tir.trans
func.func @trans_of_splat(%x: f16) -> tensor<32x16xf16> {
  %0 = tir.splat %x : f16 -> tensor<16x32xf16>
  %1 = tir.trans %0, [1, 0] : tensor<16x32xf16> -> tensor<32x16xf16>
  return %1 : tensor<32x16xf16>
}

// -----

// CHECK-LABEL: func.func @addptr_zero
// CHECK-SAME: (%[[P:.*]]: !tir.ptr<f32>, %[[PS:.*]]: tensor<8x!tir.ptr<f32>>)
// CHECK-NOT: tir.addptr
// CHECK: return %[[P]], %[[PS]]
func.func @addptr_zero(%p: !tir.ptr<f32>, %ps: tensor<8x!tir.ptr<f32>>)
    -> (!tir.ptr<f32>, tensor<8x!tir.ptr<f32>>) {
  %c0 = arith.constant 0 : i32
  %z = tir.splat %c0 : i32 -> tensor<8xi32>
  %0 = tir.addptr %p, %c0 : !tir.ptr<f32>, i32
  %1 = tir.addptr %ps, %z : tensor<8x!tir.ptr<f32>>, tensor<8xi32>
  return %0, %1 : !tir.ptr<f32>, tensor<8x!tir.ptr<f32>>
}

// -----

// CHECK-LABEL: func.func @addptr_nonzero
// CHECK: tir.addptr
func.func @addptr_nonzero(%p: !tir.ptr<f32>) -> !tir.ptr<f32> {
  %c4 = arith.constant 4 : i32
  %0 = tir.addptr %p, %c4 : !tir.ptr<f32>, i32
  return %0 : !tir.ptr<f32>
}

// -----

// CHECK-LABEL: func.func @split_of_join
// CHECK-SAME: (%[[A:.*]]: tensor<8xf32>, %[[B:.*]]: tensor<8xf32>)
// CHECK-NEXT: return %[[B]], %[[A]]
func.func @split_of_join(%a: tensor<8xf32>, %b: tensor<8xf32>) -> (tensor<8xf32>, tensor<8xf32>) {
  %0 = tir.join %a, %b : tensor<8xf32> -> tensor<8x2xf32>
  %1:2 = tir.split %0 : tensor<8x2xf32> -> tensor<8xf32>
  return %1#1, %1#0 : tensor<8xf32>, tensor<8xf32>
}

// -----

// CHECK-LABEL: func.func @bitcast_chain
// CHECK-SAME: (%[[P:.*]]: !tir.ptr<f32>)
// CHECK: %[[B:.*]] = tir.bitcast %[[P]] : !tir.ptr<f32> -> !tir.ptr<i8>
// CHECK-NEXT: return %[[P]], %[[B]]
func.func @bitcast_chain(%p: !tir.ptr<f32>) -> (!tir.ptr<f32>, !tir.ptr<i8>) {
  %0 = tir.bitcast %p : !tir.ptr<f32> -> !tir.ptr<i32>
  %1 = tir.bitcast %0 : !tir.ptr<i32> -> !tir.ptr<f32>
  %2 = tir.bitcast %0 : !tir.ptr<i32> -> !tir.ptr<i8>
  %3 = tir.bitcast %2 : !tir.ptr<i8> -> !tir.ptr<i8>
  return %1, %3 : !tir.ptr<f32>, !tir.ptr<i8>
}

// -----

// CHECK-LABEL: func.func @load_constant_masks
// CHECK-SAME: (%[[P:.*]]: tensor<8x!tir.ptr<f32>>, %[[O:.*]]: tensor<8xf32>)
// CHECK: %[[L:.*]] = tir.load %[[P]] : tensor<8x!tir.ptr<f32>>
// CHECK-NEXT: return %[[L]], %[[O]]
func.func @load_constant_masks(%p: tensor<8x!tir.ptr<f32>>, %o: tensor<8xf32>)
    -> (tensor<8xf32>, tensor<8xf32>) {
  %true = arith.constant dense<true> : tensor<8xi1>
  %false = arith.constant dense<false> : tensor<8xi1>
  %0 = tir.load %p, %true, %o : tensor<8x!tir.ptr<f32>>
  %1 = tir.load %p, %false, %o : tensor<8x!tir.ptr<f32>>
  return %0, %1 : tensor<8xf32>, tensor<8xf32>
}

// -----

// CHECK-LABEL: func.func @store_constant_masks
// CHECK-SAME: (%[[P:.*]]: tensor<8x!tir.ptr<f32>>, %[[V:.*]]: tensor<8xf32>)
// CHECK-NEXT: tir.store %[[P]], %[[V]] : tensor<8x!tir.ptr<f32>>
// CHECK-NEXT: return
func.func @store_constant_masks(%p: tensor<8x!tir.ptr<f32>>, %v: tensor<8xf32>) {
  %t = arith.constant true
  %f = arith.constant false
  %true = tir.splat %t : i1 -> tensor<8xi1>
  %false = tir.splat %f : i1 -> tensor<8xi1>
  tir.store %p, %v, %true : tensor<8x!tir.ptr<f32>>
  tir.store %p, %v, %false : tensor<8x!tir.ptr<f32>>
  return
}

// -----

// Unused loads are dead, unless volatile; stores and atomics stay.
// CHECK-LABEL: func.func @dead_memory_ops
// CHECK-NOT: tir.load %{{.*}} :
// CHECK: tir.load %{{.*}} volatile
// CHECK: tir.atomic_rmw
// CHECK: tir.store
func.func @dead_memory_ops(%p: tensor<8x!tir.ptr<f32>>, %v: tensor<8xf32>) {
  %0 = tir.load %p : tensor<8x!tir.ptr<f32>>
  %1 = tir.load %p volatile : tensor<8x!tir.ptr<f32>>
  %2 = tir.atomic_rmw fadd, relaxed, gpu, %p, %v : tensor<8x!tir.ptr<f32>>
  tir.store %p, %v : tensor<8x!tir.ptr<f32>>
  return
}

// -----

// Unused pure operations disappear.
// CHECK-LABEL: func.func @dead_pure_ops
// CHECK-NEXT: return
func.func @dead_pure_ops(%p: tensor<8x!tir.ptr<f32>>, %a: tensor<16x16xf16>, %c: tensor<16x16xf32>) {
  %0 = tir.make_range 0 to 8 : tensor<8xi32>
  %1 = tir.addptr %p, %0 : tensor<8x!tir.ptr<f32>>, tensor<8xi32>
  %2 = tir.dot %a, %a, %c : tensor<16x16xf16> * tensor<16x16xf16> -> tensor<16x16xf32>
  %3 = tir.get_program_id 0 : i32
  %4 = tir.reduce %c axis = 0 : tensor<16x16xf32> -> tensor<16xf32> {
  ^bb0(%x: f32, %y: f32):
    %s = arith.addf %x, %y : f32
    tir.reduce.return %s : f32
  }
  return
}

// -----

// CHECK-LABEL: func.func @true_assume_and_assert
// CHECK-NOT: tir.assume
// CHECK-NOT: tir.assert
// CHECK: return
func.func @true_assume_and_assert() {
  %t = arith.constant true
  %ts = arith.constant dense<true> : tensor<4xi1>
  tir.assume %t
  tir.assert %ts, "never fails" : tensor<4xi1>
  return
}

// -----

// CHECK-LABEL: func.func @unknown_assume_and_assert
// CHECK: tir.assume
// CHECK: tir.assert
// CHECK: tir.print
func.func @unknown_assume_and_assert(%c: i1, %x: i32) {
  tir.assume %c
  tir.assert %c, "may fail" : i1
  tir.print "x" (%x : i32)
  return
}
