// The tir-lower-descriptors pass.
// RUN: trident-opt %s -split-input-file -tir-lower-descriptors | FileCheck %s

// A 1-D load; the unit stride is not multiplied by, the i32 extent is
// widened to i64, the make op goes away.
// CHECK-LABEL: func.func @load_1d
// CHECK-SAME: (%[[BASE:.*]]: !tir.ptr<f32>, %[[N:.*]]: i32, %[[I:.*]]: i32)
// CHECK-NOT: tir.make_tensor_descriptor
// CHECK: %[[R:.*]] = tir.make_range 0 to 128 : tensor<128xi32>
// CHECK-NEXT: %[[R64:.*]] = arith.extsi %[[R]] : tensor<128xi32> to tensor<128xi64>
// CHECK-NEXT: %[[I64:.*]] = arith.extsi %[[I]] : i32 to i64
// CHECK-NEXT: %[[IS:.*]] = tir.splat %[[I64]] : i64 -> tensor<128xi64>
// CHECK-NEXT: %[[POS:.*]] = arith.addi %[[IS]], %[[R64]] : tensor<128xi64>
// CHECK-NEXT: %[[N64:.*]] = arith.extsi %[[N]] : i32 to i64
// CHECK-NEXT: %[[Z:.*]] = arith.constant dense<0> : tensor<128xi64>
// CHECK-NEXT: %[[GE:.*]] = arith.cmpi sge, %[[POS]], %[[Z]] : tensor<128xi64>
// CHECK-NEXT: %[[NS:.*]] = tir.splat %[[N64]] : i64 -> tensor<128xi64>
// CHECK-NEXT: %[[LT:.*]] = arith.cmpi slt, %[[POS]], %[[NS]] : tensor<128xi64>
// CHECK-NEXT: %[[MASK:.*]] = arith.andi %[[GE]], %[[LT]] : tensor<128xi1>
// CHECK-NEXT: %[[BS:.*]] = tir.splat %[[BASE]] : !tir.ptr<f32> -> tensor<128x!tir.ptr<f32>>
// CHECK-NEXT: %[[PTRS:.*]] = tir.addptr %[[BS]], %[[POS]] : tensor<128x!tir.ptr<f32>>, tensor<128xi64>
// CHECK-NEXT: %[[ZERO:.*]] = arith.constant dense<0.000000e+00> : tensor<128xf32>
// CHECK-NEXT: %[[V:.*]] = tir.load %[[PTRS]], %[[MASK]], %[[ZERO]] : tensor<128x!tir.ptr<f32>>
// CHECK-NEXT: return %[[V]]
func.func @load_1d(%base: !tir.ptr<f32>, %n: i32, %i: i32) -> tensor<128xf32> {
  %c1 = arith.constant 1 : i64
  %d = tir.make_tensor_descriptor %base, [%n], [%c1] : !tir.ptr<f32>, i32 -> !tir.tensordesc<tensor<128xf32>>
  %v = tir.descriptor_load %d[%i] : !tir.tensordesc<tensor<128xf32>>
  return %v : tensor<128xf32>
}

// -----

// A 2-D load with i64 extents and a runtime row stride: the row offsets
// are multiplied by the stride, each dimension's offsets and bounds are
// placed along their dimension and broadcast; the hints are kept.
// CHECK-LABEL: func.func @load_2d
// CHECK-SAME: (%[[BASE:.*]]: !tir.ptr<bf16>, %[[M:.*]]: i64, %[[K:.*]]: i64, %[[S:.*]]: i64, %[[I:.*]]: i32, %[[J:.*]]: i32)
// CHECK-NOT: tir.make_tensor_descriptor
// Rows.
// CHECK: %[[R0:.*]] = tir.make_range 0 to 64 : tensor<64xi32>
// CHECK-NEXT: %[[R064:.*]] = arith.extsi %[[R0]] : tensor<64xi32> to tensor<64xi64>
// CHECK-NEXT: %[[I64:.*]] = arith.extsi %[[I]] : i32 to i64
// CHECK-NEXT: %[[IS:.*]] = tir.splat %[[I64]] : i64 -> tensor<64xi64>
// CHECK-NEXT: %[[POS0:.*]] = arith.addi %[[IS]], %[[R064]] : tensor<64xi64>
// CHECK-NEXT: %[[SS:.*]] = tir.splat %[[S]] : i64 -> tensor<64xi64>
// CHECK-NEXT: %[[OFF0:.*]] = arith.muli %[[POS0]], %[[SS]] : tensor<64xi64>
// CHECK-NEXT: %[[OFF0E:.*]] = tir.expand_dims %[[OFF0]], axis = 1 : tensor<64xi64> -> tensor<64x1xi64>
// CHECK-NEXT: %[[OFF0B:.*]] = tir.broadcast %[[OFF0E]] : tensor<64x1xi64> -> tensor<64x32xi64>
// CHECK-NEXT: %[[Z0:.*]] = arith.constant dense<0> : tensor<64xi64>
// CHECK-NEXT: %[[GE0:.*]] = arith.cmpi sge, %[[POS0]], %[[Z0]] : tensor<64xi64>
// CHECK-NEXT: %[[MS:.*]] = tir.splat %[[M]] : i64 -> tensor<64xi64>
// CHECK-NEXT: %[[LT0:.*]] = arith.cmpi slt, %[[POS0]], %[[MS]] : tensor<64xi64>
// CHECK-NEXT: %[[IN0:.*]] = arith.andi %[[GE0]], %[[LT0]] : tensor<64xi1>
// CHECK-NEXT: %[[IN0E:.*]] = tir.expand_dims %[[IN0]], axis = 1 : tensor<64xi1> -> tensor<64x1xi1>
// CHECK-NEXT: %[[IN0B:.*]] = tir.broadcast %[[IN0E]] : tensor<64x1xi1> -> tensor<64x32xi1>
// Columns (unit stride).
// CHECK-NEXT: %[[R1:.*]] = tir.make_range 0 to 32 : tensor<32xi32>
// CHECK-NEXT: %[[R164:.*]] = arith.extsi %[[R1]] : tensor<32xi32> to tensor<32xi64>
// CHECK-NEXT: %[[J64:.*]] = arith.extsi %[[J]] : i32 to i64
// CHECK-NEXT: %[[JS:.*]] = tir.splat %[[J64]] : i64 -> tensor<32xi64>
// CHECK-NEXT: %[[POS1:.*]] = arith.addi %[[JS]], %[[R164]] : tensor<32xi64>
// CHECK-NEXT: %[[POS1E:.*]] = tir.expand_dims %[[POS1]], axis = 0 : tensor<32xi64> -> tensor<1x32xi64>
// CHECK-NEXT: %[[POS1B:.*]] = tir.broadcast %[[POS1E]] : tensor<1x32xi64> -> tensor<64x32xi64>
// CHECK-NEXT: %[[OFF:.*]] = arith.addi %[[OFF0B]], %[[POS1B]] : tensor<64x32xi64>
// CHECK-NEXT: %[[Z1:.*]] = arith.constant dense<0> : tensor<32xi64>
// CHECK-NEXT: %[[GE1:.*]] = arith.cmpi sge, %[[POS1]], %[[Z1]] : tensor<32xi64>
// CHECK-NEXT: %[[KS:.*]] = tir.splat %[[K]] : i64 -> tensor<32xi64>
// CHECK-NEXT: %[[LT1:.*]] = arith.cmpi slt, %[[POS1]], %[[KS]] : tensor<32xi64>
// CHECK-NEXT: %[[IN1:.*]] = arith.andi %[[GE1]], %[[LT1]] : tensor<32xi1>
// CHECK-NEXT: %[[IN1E:.*]] = tir.expand_dims %[[IN1]], axis = 0 : tensor<32xi1> -> tensor<1x32xi1>
// CHECK-NEXT: %[[IN1B:.*]] = tir.broadcast %[[IN1E]] : tensor<1x32xi1> -> tensor<64x32xi1>
// CHECK-NEXT: %[[MASK:.*]] = arith.andi %[[IN0B]], %[[IN1B]] : tensor<64x32xi1>
// CHECK-NEXT: %[[BS:.*]] = tir.splat %[[BASE]] : !tir.ptr<bf16> -> tensor<64x32x!tir.ptr<bf16>>
// CHECK-NEXT: %[[PTRS:.*]] = tir.addptr %[[BS]], %[[OFF]] : tensor<64x32x!tir.ptr<bf16>>, tensor<64x32xi64>
// CHECK-NEXT: %[[ZERO:.*]] = arith.constant dense<0.000000e+00> : tensor<64x32xbf16>
// CHECK-NEXT: %[[V:.*]] = tir.load %[[PTRS]], %[[MASK]], %[[ZERO]] cache = cg evict = evict_last : tensor<64x32x!tir.ptr<bf16>>
// CHECK-NEXT: return %[[V]]
func.func @load_2d(%base: !tir.ptr<bf16>, %m: i64, %k: i64, %s: i64, %i: i32, %j: i32) -> tensor<64x32xbf16> {
  %c1 = arith.constant 1 : i64
  %d = tir.make_tensor_descriptor %base, [%m, %k], [%s, %c1] : !tir.ptr<bf16>, i64 -> !tir.tensordesc<tensor<64x32xbf16>>
  %v = tir.descriptor_load %d[%i, %j] cache = cg evict = evict_last : !tir.tensordesc<tensor<64x32xbf16>>
  return %v : tensor<64x32xbf16>
}

// -----

// A 2-D store (integer elements, both strides at run time): a masked store,
// no `other`.
// CHECK-LABEL: func.func @store_2d
// CHECK-SAME: (%[[BASE:.*]]: !tir.ptr<i32>, %[[M:.*]]: i32, %[[N:.*]]: i32, %[[S0:.*]]: i64, %[[S1:.*]]: i64, %[[I:.*]]: i32, %[[J:.*]]: i32, %[[X:.*]]: tensor<16x8xi32>)
// CHECK-NOT: tir.make_tensor_descriptor
// CHECK: %[[POS0:.*]] = arith.addi %{{.*}}, %{{.*}} : tensor<16xi64>
// CHECK-NEXT: %[[S0S:.*]] = tir.splat %[[S0]] : i64 -> tensor<16xi64>
// CHECK-NEXT: arith.muli %[[POS0]], %[[S0S]] : tensor<16xi64>
// CHECK: arith.extsi %[[M]] : i32 to i64
// CHECK: %[[POS1:.*]] = arith.addi %{{.*}}, %{{.*}} : tensor<8xi64>
// CHECK-NEXT: %[[S1S:.*]] = tir.splat %[[S1]] : i64 -> tensor<8xi64>
// CHECK-NEXT: arith.muli %[[POS1]], %[[S1S]] : tensor<8xi64>
// CHECK: %[[OFF:.*]] = arith.addi %{{.*}}, %{{.*}} : tensor<16x8xi64>
// CHECK: arith.extsi %[[N]] : i32 to i64
// CHECK: %[[MASK:.*]] = arith.andi %{{.*}}, %{{.*}} : tensor<16x8xi1>
// CHECK-NEXT: %[[BS:.*]] = tir.splat %[[BASE]] : !tir.ptr<i32> -> tensor<16x8x!tir.ptr<i32>>
// CHECK-NEXT: %[[PTRS:.*]] = tir.addptr %[[BS]], %[[OFF]] : tensor<16x8x!tir.ptr<i32>>, tensor<16x8xi64>
// CHECK-NEXT: tir.store %[[PTRS]], %[[X]], %[[MASK]] : tensor<16x8x!tir.ptr<i32>>
// CHECK-NEXT: return
func.func @store_2d(%base: !tir.ptr<i32>, %m: i32, %n: i32, %s0: i64, %s1: i64, %i: i32, %j: i32, %x: tensor<16x8xi32>) {
  %d = tir.make_tensor_descriptor %base, [%m, %n], [%s0, %s1] : !tir.ptr<i32>, i32 -> !tir.tensordesc<tensor<16x8xi32>>
  tir.descriptor_store %d[%i, %j], %x : !tir.tensordesc<tensor<16x8xi32>>
  return
}

// -----

// Loads inside scf.for and scf.if below the make op are rewritten in place,
// with the loop's own indices.
// CHECK-LABEL: func.func @load_in_loop
// CHECK-NOT: tir.make_tensor_descriptor
// CHECK: scf.for %[[K:.*]] = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%[[ACC:.*]] = %{{.*}}) -> (tensor<16x16xf32>) : i32 {
// CHECK-NOT: tir.descriptor_load
// CHECK: arith.extsi %[[K]] : i32 to i64
// CHECK: %[[A:.*]] = tir.load %{{.*}}, %{{.*}}, %{{.*}} : tensor<16x16x!tir.ptr<f16>>
// CHECK: %[[D:.*]] = tir.dot %[[A]], %[[A]], %[[ACC]]
// CHECK: scf.if
// CHECK-NOT: tir.descriptor_load
// CHECK: tir.load %{{.*}}, %{{.*}}, %{{.*}} : tensor<16x16x!tir.ptr<f16>>
// CHECK: scf.yield
// CHECK-NOT: tir.descriptor
// CHECK: return
func.func @load_in_loop(%base: !tir.ptr<f16>, %m: i32, %k: i32, %s: i64, %i: i32, %flag: i1) -> tensor<16x16xf32> {
  %c0 = arith.constant 0 : i32
  %c16 = arith.constant 16 : i32
  %c1 = arith.constant 1 : i64
  %zero = arith.constant dense<0.0> : tensor<16x16xf32>
  %d = tir.make_tensor_descriptor %base, [%m, %k], [%s, %c1] : !tir.ptr<f16>, i32 -> !tir.tensordesc<tensor<16x16xf16>>
  %acc = scf.for %kk = %c0 to %k step %c16 iter_args(%acc_i = %zero) -> (tensor<16x16xf32>) : i32 {
    %a = tir.descriptor_load %d[%i, %kk] : !tir.tensordesc<tensor<16x16xf16>>
    %next = tir.dot %a, %a, %acc_i : tensor<16x16xf16> * tensor<16x16xf16> -> tensor<16x16xf32>
    %r = scf.if %flag -> (tensor<16x16xf32>) {
      %b = tir.descriptor_load %d[%kk, %i] : !tir.tensordesc<tensor<16x16xf16>>
      %n2 = tir.dot %b, %b, %next : tensor<16x16xf16> * tensor<16x16xf16> -> tensor<16x16xf32>
      scf.yield %n2 : tensor<16x16xf32>
    } else {
      scf.yield %next : tensor<16x16xf32>
    }
    scf.yield %r : tensor<16x16xf32>
  }
  return %acc : tensor<16x16xf32>
}

// -----

// Rank 3: each dimension's vector gets size-1 dimensions around it (in
// front, then after) and is broadcast to the block, a size-1 block
// dimension included.
// CHECK-LABEL: func.func @load_3d
// CHECK-NOT: tir.make_tensor_descriptor
// CHECK: tir.expand_dims %{{.*}}, axis = 1 : tensor<2xi64> -> tensor<2x1xi64>
// CHECK-NEXT: tir.expand_dims %{{.*}}, axis = 2 : tensor<2x1xi64> -> tensor<2x1x1xi64>
// CHECK-NEXT: tir.broadcast %{{.*}} : tensor<2x1x1xi64> -> tensor<2x1x8xi64>
// CHECK: tir.expand_dims %{{.*}}, axis = 0 : tensor<1xi64> -> tensor<1x1xi64>
// CHECK-NEXT: tir.expand_dims %{{.*}}, axis = 2 : tensor<1x1xi64> -> tensor<1x1x1xi64>
// CHECK-NEXT: tir.broadcast %{{.*}} : tensor<1x1x1xi64> -> tensor<2x1x8xi64>
// CHECK: tir.expand_dims %{{.*}}, axis = 0 : tensor<8xi64> -> tensor<1x8xi64>
// CHECK-NEXT: tir.expand_dims %{{.*}}, axis = 0 : tensor<1x8xi64> -> tensor<1x1x8xi64>
// CHECK-NEXT: tir.broadcast %{{.*}} : tensor<1x1x8xi64> -> tensor<2x1x8xi64>
// CHECK: tir.load %{{.*}}, %{{.*}}, %{{.*}} : tensor<2x1x8x!tir.ptr<f32>>
func.func @load_3d(%base: !tir.ptr<f32>, %a: i32, %b: i32, %c: i32, %s0: i64, %s1: i64, %i: i32) -> tensor<2x1x8xf32> {
  %c1 = arith.constant 1 : i64
  %d = tir.make_tensor_descriptor %base, [%a, %b, %c], [%s0, %s1, %c1] : !tir.ptr<f32>, i32 -> !tir.tensordesc<tensor<2x1x8xf32>>
  %v = tir.descriptor_load %d[%i, %i, %i] : !tir.tensordesc<tensor<2x1x8xf32>>
  return %v : tensor<2x1x8xf32>
}

// -----

// Rank 5 verifies (every dimension placed and broadcast).
// CHECK-LABEL: func.func @store_5d
// CHECK-NOT: tir.make_tensor_descriptor
// CHECK: tir.store %{{.*}}, %{{.*}}, %{{.*}} : tensor<2x2x2x2x4x!tir.ptr<f16>>
func.func @store_5d(%base: !tir.ptr<f16>, %n: i64, %s: i64, %i: i32, %x: tensor<2x2x2x2x4xf16>) {
  %c1 = arith.constant 1 : i64
  %d = tir.make_tensor_descriptor %base, [%n, %n, %n, %n, %n], [%s, %s, %s, %s, %c1] : !tir.ptr<f16>, i64 -> !tir.tensordesc<tensor<2x2x2x2x4xf16>>
  tir.descriptor_store %d[%i, %i, %i, %i, %i], %x : !tir.tensordesc<tensor<2x2x2x2x4xf16>>
  return
}

// -----

// A descriptor passed as an argument (a TMA tensor map for the back end)
// is left alone.
// CHECK-LABEL: func.func @argument_descriptor
// CHECK-SAME: (%[[D:.*]]: !tir.tensordesc<tensor<64x64xbf16>>, %[[I:.*]]: i32)
// CHECK-NEXT: %[[V:.*]] = tir.descriptor_load %[[D]][%[[I]], %[[I]]] : !tir.tensordesc<tensor<64x64xbf16>>
// CHECK-NEXT: tir.descriptor_store %[[D]][%[[I]], %[[I]]], %[[V]] : !tir.tensordesc<tensor<64x64xbf16>>
// CHECK-NEXT: return
func.func @argument_descriptor(%d: !tir.tensordesc<tensor<64x64xbf16>>, %i: i32) {
  %v = tir.descriptor_load %d[%i, %i] : !tir.tensordesc<tensor<64x64xbf16>>
  tir.descriptor_store %d[%i, %i], %v : !tir.tensordesc<tensor<64x64xbf16>>
  return
}

// -----

// A descriptor carried through a loop's iteration arguments is not known
// at its loads: they stay, and so does the make op that feeds the loop.
// CHECK-LABEL: func.func @carried_descriptor
// CHECK: tir.make_tensor_descriptor
// CHECK: scf.for
// CHECK: tir.descriptor_load
func.func @carried_descriptor(%base: !tir.ptr<f32>, %n: i32, %i: i32) -> tensor<32xf32> {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %s = arith.constant 1 : i64
  %zero = arith.constant dense<0.0> : tensor<32xf32>
  %d = tir.make_tensor_descriptor %base, [%n], [%s] : !tir.ptr<f32>, i32 -> !tir.tensordesc<tensor<32xf32>>
  %r:2 = scf.for %k = %c0 to %n step %c1 iter_args(%acc = %zero, %dd = %d) -> (tensor<32xf32>, !tir.tensordesc<tensor<32xf32>>) : i32 {
    %v = tir.descriptor_load %dd[%k] : !tir.tensordesc<tensor<32xf32>>
    %a = arith.addf %acc, %v : tensor<32xf32>
    scf.yield %a, %dd : tensor<32xf32>, !tir.tensordesc<tensor<32xf32>>
  }
  return %r#0 : tensor<32xf32>
}

// -----

// Blocks that already carry a layout (GPU IR) are not Tile IR's to lower.
// CHECK: #[[BLOCKED:.*]] = #gir.blocked
// CHECK-LABEL: func.func @laid_out
// CHECK: tir.make_tensor_descriptor
// CHECK-NEXT: %[[V:.*]] = tir.descriptor_load %{{.*}}[%{{.*}}] : !tir.tensordesc<tensor<128xf32>> -> tensor<128xf32, #[[BLOCKED]]>
// CHECK-NEXT: tir.descriptor_store %{{.*}}[%{{.*}}], %[[V]] : !tir.tensordesc<tensor<128xf32>> -> tensor<128xf32, #[[BLOCKED]]>
#blocked = #gir.blocked<sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>
module attributes {gir.num_warps = 4 : i32, gir.threads_per_warp = 32 : i32} {
  func.func @laid_out(%base: !tir.ptr<f32>, %n: i32, %i: i32) {
    %c1 = arith.constant 1 : i64
    %d = tir.make_tensor_descriptor %base, [%n], [%c1] : !tir.ptr<f32>, i32 -> !tir.tensordesc<tensor<128xf32>>
    %v = tir.descriptor_load %d[%i] : !tir.tensordesc<tensor<128xf32>> -> tensor<128xf32, #blocked>
    tir.descriptor_store %d[%i], %v : !tir.tensordesc<tensor<128xf32>> -> tensor<128xf32, #blocked>
    return
  }
}
