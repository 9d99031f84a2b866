// The tir-lower-block-pointers pass.
// RUN: trident-opt %s -split-input-file -tir-lower-block-pointers | FileCheck %s
// RUN: trident-opt %s -split-input-file -tir-lower-block-pointers -canonicalize | FileCheck %s --check-prefix=CANON

// A 2-D load checked along both dimensions: the pointers and the mask of a
// descriptor load, the unit stride not multiplied by, a zero `other`; the
// cache hint is kept and the block pointer is gone.
// CHECK-LABEL: func.func @load_2d
// CHECK-SAME: (%[[BASE:.*]]: !tir.ptr<f32>, %[[M:.*]]: i64, %[[N:.*]]: i64, %[[S:.*]]: i64, %[[I:.*]]: i32, %[[J:.*]]: i32)
// CHECK-NOT: tir.make_block_ptr
// Rows.
// CHECK: %[[R0:.*]] = tir.make_range 0 to 16 : tensor<16xi32>
// CHECK-NEXT: %[[R064:.*]] = arith.extsi %[[R0]] : tensor<16xi32> to tensor<16xi64>
// CHECK-NEXT: %[[I64:.*]] = arith.extsi %[[I]] : i32 to i64
// CHECK-NEXT: %[[IS:.*]] = tir.splat %[[I64]] : i64 -> tensor<16xi64>
// CHECK-NEXT: %[[POS0:.*]] = arith.addi %[[IS]], %[[R064]] : tensor<16xi64>
// CHECK-NEXT: %[[SS:.*]] = tir.splat %[[S]] : i64 -> tensor<16xi64>
// CHECK-NEXT: %[[OFF0:.*]] = arith.muli %[[POS0]], %[[SS]] : tensor<16xi64>
// CHECK-NEXT: %[[OFF0E:.*]] = tir.expand_dims %[[OFF0]], axis = 1 : tensor<16xi64> -> tensor<16x1xi64>
// CHECK-NEXT: %[[OFF0B:.*]] = tir.broadcast %[[OFF0E]] : tensor<16x1xi64> -> tensor<16x32xi64>
// CHECK-NEXT: %[[Z0:.*]] = arith.constant dense<0> : tensor<16xi64>
// CHECK-NEXT: %[[GE0:.*]] = arith.cmpi sge, %[[POS0]], %[[Z0]] : tensor<16xi64>
// CHECK-NEXT: %[[MS:.*]] = tir.splat %[[M]] : i64 -> tensor<16xi64>
// CHECK-NEXT: %[[LT0:.*]] = arith.cmpi slt, %[[POS0]], %[[MS]] : tensor<16xi64>
// CHECK-NEXT: %[[IN0:.*]] = arith.andi %[[GE0]], %[[LT0]] : tensor<16xi1>
// CHECK-NEXT: %[[IN0E:.*]] = tir.expand_dims %[[IN0]], axis = 1 : tensor<16xi1> -> tensor<16x1xi1>
// CHECK-NEXT: %[[IN0B:.*]] = tir.broadcast %[[IN0E]] : tensor<16x1xi1> -> tensor<16x32xi1>
// Columns (unit stride).
// CHECK-NEXT: %[[R1:.*]] = tir.make_range 0 to 32 : tensor<32xi32>
// CHECK-NEXT: %[[R164:.*]] = arith.extsi %[[R1]] : tensor<32xi32> to tensor<32xi64>
// CHECK-NEXT: %[[J64:.*]] = arith.extsi %[[J]] : i32 to i64
// CHECK-NEXT: %[[JS:.*]] = tir.splat %[[J64]] : i64 -> tensor<32xi64>
// CHECK-NEXT: %[[POS1:.*]] = arith.addi %[[JS]], %[[R164]] : tensor<32xi64>
// CHECK-NEXT: %[[POS1E:.*]] = tir.expand_dims %[[POS1]], axis = 0 : tensor<32xi64> -> tensor<1x32xi64>
// CHECK-NEXT: %[[POS1B:.*]] = tir.broadcast %[[POS1E]] : tensor<1x32xi64> -> tensor<16x32xi64>
// CHECK-NEXT: %[[OFF:.*]] = arith.addi %[[OFF0B]], %[[POS1B]] : tensor<16x32xi64>
// CHECK-NEXT: %[[Z1:.*]] = arith.constant dense<0> : tensor<32xi64>
// CHECK-NEXT: %[[GE1:.*]] = arith.cmpi sge, %[[POS1]], %[[Z1]] : tensor<32xi64>
// CHECK-NEXT: %[[NS:.*]] = tir.splat %[[N]] : i64 -> tensor<32xi64>
// CHECK-NEXT: %[[LT1:.*]] = arith.cmpi slt, %[[POS1]], %[[NS]] : tensor<32xi64>
// CHECK-NEXT: %[[IN1:.*]] = arith.andi %[[GE1]], %[[LT1]] : tensor<32xi1>
// CHECK-NEXT: %[[IN1E:.*]] = tir.expand_dims %[[IN1]], axis = 0 : tensor<32xi1> -> tensor<1x32xi1>
// CHECK-NEXT: %[[IN1B:.*]] = tir.broadcast %[[IN1E]] : tensor<1x32xi1> -> tensor<16x32xi1>
// CHECK-NEXT: %[[MASK:.*]] = arith.andi %[[IN0B]], %[[IN1B]] : tensor<16x32xi1>
// CHECK-NEXT: %[[BS:.*]] = tir.splat %[[BASE]] : !tir.ptr<f32> -> tensor<16x32x!tir.ptr<f32>>
// CHECK-NEXT: %[[PTRS:.*]] = tir.addptr %[[BS]], %[[OFF]] : tensor<16x32x!tir.ptr<f32>>, tensor<16x32xi64>
// CHECK-NEXT: %[[ZERO:.*]] = arith.constant dense<0.000000e+00> : tensor<16x32xf32>
// CHECK-NEXT: %[[V:.*]] = tir.load %[[PTRS]], %[[MASK]], %[[ZERO]] cache = cg : tensor<16x32x!tir.ptr<f32>>
// CHECK-NEXT: return %[[V]]
func.func @load_2d(%base: !tir.ptr<f32>, %m: i64, %n: i64, %s: i64, %i: i32, %j: i32) -> tensor<16x32xf32> {
  %c1 = arith.constant 1 : i64
  %p = tir.make_block_ptr %base, [%m, %n], [%s, %c1], [%i, %j] {order = array<i32: 1, 0>} : !tir.ptr<f32> -> !tir.blockptr<tensor<16x32xf32>>
  %v = tir.block_load %p boundary_check = [0, 1] cache = cg : !tir.blockptr<tensor<16x32xf32>>
  return %v : tensor<16x32xf32>
}

// -----

// Without a boundary_check: no mask and no `other`; volatile is kept.
// CHECK-LABEL: func.func @load_unchecked
// CHECK-NOT: arith.cmpi
// CHECK: %[[PTRS:.*]] = tir.addptr %{{.*}}, %{{.*}} : tensor<64x!tir.ptr<f16>>, tensor<64xi64>
// CHECK-NEXT: %[[V:.*]] = tir.load %[[PTRS]] volatile : tensor<64x!tir.ptr<f16>>
// CHECK-NEXT: return %[[V]]
func.func @load_unchecked(%base: !tir.ptr<f16>, %m: i64, %s: i64, %i: i32) -> tensor<64xf16> {
  %p = tir.make_block_ptr %base, [%m], [%s], [%i] {order = array<i32: 0>} : !tir.ptr<f16> -> !tir.blockptr<tensor<64xf16>>
  %v = tir.block_load %p volatile : !tir.blockptr<tensor<64xf16>>
  return %v : tensor<64xf16>
}

// -----

// Checked along the columns only, NaN padding: the mask covers dimension 1
// and the masked-off elements read NaN.
// CHECK-LABEL: func.func @load_nan_one_dim
// CHECK-SAME: (%{{[^:]*}}: !tir.ptr<f32>, %[[M:[^:]*]]: i64, %[[N:[^:]*]]: i64,
// CHECK-NOT: tir.splat %[[M]]
// CHECK: %[[NS:.*]] = tir.splat %[[N]] : i64 -> tensor<32xi64>
// CHECK-NEXT: arith.cmpi slt, %{{.*}}, %[[NS]] : tensor<32xi64>
// CHECK-NEXT: arith.andi %{{.*}} : tensor<32xi1>
// CHECK-NEXT: tir.expand_dims %{{.*}}, axis = 0 : tensor<32xi1> -> tensor<1x32xi1>
// CHECK-NEXT: %[[MASK:.*]] = tir.broadcast %{{.*}} : tensor<1x32xi1> -> tensor<16x32xi1>
// CHECK-NEXT: tir.splat
// CHECK-NEXT: %[[PTRS:.*]] = tir.addptr
// CHECK-NEXT: %[[NAN:.*]] = arith.constant dense<0x7FC00000> : tensor<16x32xf32>
// CHECK-NEXT: tir.load %[[PTRS]], %[[MASK]], %[[NAN]] : tensor<16x32x!tir.ptr<f32>>
func.func @load_nan_one_dim(%base: !tir.ptr<f32>, %m: i64, %n: i64, %s: i64, %i: i32, %j: i32) -> tensor<16x32xf32> {
  %c1 = arith.constant 1 : i64
  %p = tir.make_block_ptr %base, [%m, %n], [%s, %c1], [%i, %j] {order = array<i32: 1, 0>} : !tir.ptr<f32> -> !tir.blockptr<tensor<16x32xf32>>
  %v = tir.block_load %p boundary_check = [1] padding = nan : !tir.blockptr<tensor<16x32xf32>>
  return %v : tensor<16x32xf32>
}

// -----

// advance adds to the offsets (a constant zero adds nothing); a checked
// store is a masked store with its hints.
// CHECK-LABEL: func.func @store_advance
// CHECK-SAME: (%[[BASE:.*]]: !tir.ptr<f32>, %[[M:.*]]: i64, %[[S:.*]]: i64, %[[I:.*]]: i32, %[[D:.*]]: i32, %[[V:.*]]: tensor<16xf32>)
// CHECK: %[[O:.*]] = arith.addi %[[I]], %[[D]] : i32
// CHECK-NOT: arith.addi %[[O]]
// CHECK: arith.extsi %[[O]] : i32 to i64
// CHECK: %[[MASK:.*]] = arith.andi %{{.*}}, %{{.*}} : tensor<16xi1>
// CHECK-NEXT: %[[BS:.*]] = tir.splat %[[BASE]] : !tir.ptr<f32> -> tensor<16x!tir.ptr<f32>>
// CHECK-NEXT: %[[PTRS:.*]] = tir.addptr %[[BS]], %{{.*}} : tensor<16x!tir.ptr<f32>>, tensor<16xi64>
// CHECK-NEXT: tir.store %[[PTRS]], %[[V]], %[[MASK]] evict = evict_first : tensor<16x!tir.ptr<f32>>
// CHECK-NOT: tir.block_store
func.func @store_advance(%base: !tir.ptr<f32>, %m: i64, %s: i64, %i: i32, %d: i32, %v: tensor<16xf32>) {
  %c0 = arith.constant 0 : i32
  %p = tir.make_block_ptr %base, [%m], [%s], [%i] {order = array<i32: 0>} : !tir.ptr<f32> -> !tir.blockptr<tensor<16xf32>>
  %q = tir.advance %p, [%d] : !tir.blockptr<tensor<16xf32>>
  %r = tir.advance %q, [%c0] : !tir.blockptr<tensor<16xf32>>
  tir.block_store %r, %v boundary_check = [0] evict = evict_first : !tir.blockptr<tensor<16xf32>>
  return
}

// -----

// A block pointer carried by scf.for and advanced in it: the loop carries
// its base, shape, strides and offsets; canonicalization leaves only the
// offset that changes.
// CHECK-LABEL: func.func @for_loop
// CHECK-SAME: (%[[BASE:.*]]: !tir.ptr<f32>, %[[M:.*]]: i64, %[[N:.*]]: i64, %[[S:.*]]: i64, %[[I:.*]]: i32, %[[K:.*]]: i32)
// CHECK: %[[C0:.*]] = arith.constant 0 : i32
// CHECK: %[[C32:.*]] = arith.constant 32 : i32
// CHECK: %[[ONE:.*]] = arith.constant 1 : i64
// CHECK: scf.for %{{.*}} = %[[C0]] to %[[K]] step %{{.*}} iter_args(%[[ACC:.*]] = %{{.*}}, %[[PB:.*]] = %[[BASE]], %[[PM:.*]] = %[[M]], %[[PN:.*]] = %[[N]], %[[PS0:.*]] = %[[S]], %[[PS1:.*]] = %[[ONE]], %[[PO0:.*]] = %[[I]], %[[PO1:.*]] = %[[C0]]) -> (tensor<16x32xf32>, !tir.ptr<f32>, i64, i64, i64, i64, i32, i32)
// CHECK: arith.extsi %[[PO0]] : i32 to i64
// CHECK: tir.splat %[[PS0]] : i64 -> tensor<16xi64>
// CHECK: tir.splat %[[PM]] : i64 -> tensor<16xi64>
// CHECK: arith.extsi %[[PO1]] : i32 to i64
// CHECK: tir.splat %[[PS1]] : i64 -> tensor<32xi64>
// CHECK: tir.splat %[[PN]] : i64 -> tensor<32xi64>
// CHECK: tir.splat %[[PB]] : !tir.ptr<f32> -> tensor<16x32x!tir.ptr<f32>>
// CHECK: %[[X:.*]] = tir.load
// CHECK: %[[A:.*]] = arith.addf %[[ACC]], %[[X]]
// CHECK: %[[NEXT:.*]] = arith.addi %[[PO1]], %[[C32]] : i32
// CHECK: scf.yield %[[A]], %[[PB]], %[[PM]], %[[PN]], %[[PS0]], %[[PS1]], %[[PO0]], %[[NEXT]] : tensor<16x32xf32>, !tir.ptr<f32>, i64, i64, i64, i64, i32, i32
// CANON-LABEL: func.func @for_loop
// CANON: scf.for %{{.*}} iter_args(%{{.*}} = %{{.*}}, %[[O:.*]] = %{{.*}}) -> (tensor<16x32xf32>, i32)
// CANON: %[[NEXT:.*]] = arith.addi %[[O]], %{{.*}} : i32
// CANON: scf.yield %{{.*}}, %[[NEXT]] : tensor<16x32xf32>, i32
func.func @for_loop(%base: !tir.ptr<f32>, %m: i64, %n: i64, %s: i64, %i: i32, %k: i32) -> tensor<16x32xf32> {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c32 = arith.constant 32 : i32
  %one = arith.constant 1 : i64
  %zero = arith.constant dense<0.0> : tensor<16x32xf32>
  %p = tir.make_block_ptr %base, [%m, %n], [%s, %one], [%i, %c0] {order = array<i32: 1, 0>} : !tir.ptr<f32> -> !tir.blockptr<tensor<16x32xf32>>
  %r:2 = scf.for %it = %c0 to %k step %c1 iter_args(%acc = %zero, %q = %p) -> (tensor<16x32xf32>, !tir.blockptr<tensor<16x32xf32>>) : i32 {
    %x = tir.block_load %q boundary_check = [0, 1] : !tir.blockptr<tensor<16x32xf32>>
    %a = arith.addf %acc, %x : tensor<16x32xf32>
    %q2 = tir.advance %q, [%c0, %c32] : !tir.blockptr<tensor<16x32xf32>>
    scf.yield %a, %q2 : tensor<16x32xf32>, !tir.blockptr<tensor<16x32xf32>>
  }
  return %r#0 : tensor<16x32xf32>
}

// -----

// scf.while: the before and after regions carry the parts, the condition
// forwards them.
// CHECK-LABEL: func.func @while_loop
// CHECK-SAME: (%[[BASE:.*]]: !tir.ptr<f32>, %[[M:.*]]: i64, %[[S:.*]]: i64, %[[I:.*]]: i32, %[[N:.*]]: i32)
// CHECK: scf.while (%[[J:.*]] = %[[I]], %[[B:.*]] = %[[BASE]], %[[E:.*]] = %[[M]], %[[T:.*]] = %[[S]], %[[O:.*]] = %[[I]], %[[ACC:.*]] = %{{.*}}) : (i32, !tir.ptr<f32>, i64, i64, i32, tensor<16xf32>) -> (i32, !tir.ptr<f32>, i64, i64, i32, tensor<16xf32>)
// CHECK: scf.condition(%{{.*}}) %[[J]], %[[B]], %[[E]], %[[T]], %[[O]], %[[ACC]] : i32, !tir.ptr<f32>, i64, i64, i32, tensor<16xf32>
// CHECK: ^bb0(%[[J2:.*]]: i32, %[[B2:.*]]: !tir.ptr<f32>, %[[E2:.*]]: i64, %[[T2:.*]]: i64, %[[O2:.*]]: i32, %[[ACC2:.*]]: tensor<16xf32>):
// CHECK: arith.extsi %[[O2]] : i32 to i64
// CHECK: tir.load
// CHECK: %[[NEXT:.*]] = arith.addi %[[O2]], %{{.*}} : i32
// CHECK: scf.yield %{{.*}}, %[[B2]], %[[E2]], %[[T2]], %[[NEXT]], %{{.*}} : i32, !tir.ptr<f32>, i64, i64, i32, tensor<16xf32>
// CANON-LABEL: func.func @while_loop
// CANON: scf.while (%{{.*}} = %{{.*}}, %{{.*}} = %{{.*}}, %{{.*}} = %{{.*}}) : (i32, i32, tensor<16xf32>) -> (i32, i32, tensor<16xf32>)
func.func @while_loop(%base: !tir.ptr<f32>, %m: i64, %s: i64, %i: i32, %n: i32) -> tensor<16xf32> {
  %c16 = arith.constant 16 : i32
  %zero = arith.constant dense<0.0> : tensor<16xf32>
  %p = tir.make_block_ptr %base, [%m], [%s], [%i] {order = array<i32: 0>} : !tir.ptr<f32> -> !tir.blockptr<tensor<16xf32>>
  %r:3 = scf.while (%j = %i, %q = %p, %acc = %zero) : (i32, !tir.blockptr<tensor<16xf32>>, tensor<16xf32>) -> (i32, !tir.blockptr<tensor<16xf32>>, tensor<16xf32>) {
    %c = arith.cmpi slt, %j, %n : i32
    scf.condition(%c) %j, %q, %acc : i32, !tir.blockptr<tensor<16xf32>>, tensor<16xf32>
  } do {
  ^bb0(%j: i32, %q: !tir.blockptr<tensor<16xf32>>, %acc: tensor<16xf32>):
    %x = tir.block_load %q boundary_check = [0] : !tir.blockptr<tensor<16xf32>>
    %a = arith.addf %acc, %x : tensor<16xf32>
    %q2 = tir.advance %q, [%c16] : !tir.blockptr<tensor<16xf32>>
    %j2 = arith.addi %j, %c16 : i32
    scf.yield %j2, %q2, %a : i32, !tir.blockptr<tensor<16xf32>>, tensor<16xf32>
  }
  return %r#2 : tensor<16xf32>
}

// -----

// An scf.if yielding block pointers yields their parts; a select of block
// pointers selects each part.
// CHECK-LABEL: func.func @if_select
// CHECK-SAME: (%[[A:.*]]: !tir.ptr<f32>, %[[B:.*]]: !tir.ptr<f32>, %[[M:.*]]: i64, %[[S:.*]]: i64, %[[I:.*]]: i32, %[[C:.*]]: i1, %[[V:.*]]: tensor<16xf32>)
// CHECK: %[[IF:.*]]:4 = scf.if %[[C]] -> (!tir.ptr<f32>, i64, i64, i32) {
// CHECK-NEXT: %[[O:.*]] = arith.addi %[[I]], %[[I]] : i32
// CHECK-NEXT: scf.yield %[[A]], %[[M]], %[[S]], %[[O]] : !tir.ptr<f32>, i64, i64, i32
// CHECK-NEXT: } else {
// CHECK-NEXT: scf.yield %[[B]], %[[M]], %[[S]], %[[I]] : !tir.ptr<f32>, i64, i64, i32
// CHECK: %[[SB:.*]] = arith.select %[[C]], %[[IF]]#0, %[[B]] : !tir.ptr<f32>
// CHECK-NEXT: arith.select %[[C]], %[[IF]]#1, %[[M]] : i64
// CHECK-NEXT: arith.select %[[C]], %[[IF]]#2, %[[S]] : i64
// CHECK-NEXT: %[[SO:.*]] = arith.select %[[C]], %[[IF]]#3, %[[I]] : i32
// CHECK: arith.extsi %[[SO]] : i32 to i64
// CHECK: tir.splat %[[SB]] : !tir.ptr<f32> -> tensor<16x!tir.ptr<f32>>
// CHECK: tir.store %{{.*}}, %[[V]] : tensor<16x!tir.ptr<f32>>
func.func @if_select(%a: !tir.ptr<f32>, %b: !tir.ptr<f32>, %m: i64, %s: i64, %i: i32, %c: i1, %v: tensor<16xf32>) {
  %p = tir.make_block_ptr %a, [%m], [%s], [%i] {order = array<i32: 0>} : !tir.ptr<f32> -> !tir.blockptr<tensor<16xf32>>
  %q = tir.make_block_ptr %b, [%m], [%s], [%i] {order = array<i32: 0>} : !tir.ptr<f32> -> !tir.blockptr<tensor<16xf32>>
  %r = scf.if %c -> !tir.blockptr<tensor<16xf32>> {
    %p2 = tir.advance %p, [%i] : !tir.blockptr<tensor<16xf32>>
    scf.yield %p2 : !tir.blockptr<tensor<16xf32>>
  } else {
    scf.yield %q : !tir.blockptr<tensor<16xf32>>
  }
  %t = arith.select %c, %r, %q : !tir.blockptr<tensor<16xf32>>
  tir.block_store %t, %v : !tir.blockptr<tensor<16xf32>>
  return
}

// -----

// A block pointer passed to a function: its signature and the call take
// the parts. Blocks of i1 move as i8.
// CHECK-LABEL: func.func private @callee
// CHECK-SAME: (%[[B:.*]]: !tir.ptr<i1>, %{{.*}}: i64, %{{.*}}: i64, %{{.*}}: i32) -> tensor<8xi1>
// CHECK: %[[P:.*]] = tir.addptr %{{.*}}, %{{.*}} : tensor<8x!tir.ptr<i1>>, tensor<8xi64>
// CHECK-NEXT: %[[P8:.*]] = tir.bitcast %[[P]] : tensor<8x!tir.ptr<i1>> -> tensor<8x!tir.ptr<i8>>
// CHECK-NEXT: %[[Z:.*]] = arith.constant dense<0> : tensor<8xi8>
// CHECK-NEXT: %[[X:.*]] = tir.load %[[P8]], %{{.*}}, %[[Z]] : tensor<8x!tir.ptr<i8>>
// CHECK-NEXT: %[[Z2:.*]] = arith.constant dense<0> : tensor<8xi8>
// CHECK-NEXT: %[[V:.*]] = arith.cmpi ne, %[[X]], %[[Z2]] : tensor<8xi8>
// CHECK: %[[Q8:.*]] = tir.bitcast %{{.*}} : tensor<8x!tir.ptr<i1>> -> tensor<8x!tir.ptr<i8>>
// CHECK-NEXT: %[[V8:.*]] = arith.extui %[[V]] : tensor<8xi1> to tensor<8xi8>
// CHECK-NEXT: tir.store %[[Q8]], %[[V8]] : tensor<8x!tir.ptr<i8>>
// CHECK-NEXT: return %[[V]] : tensor<8xi1>
// CHECK-LABEL: func.func @caller
// CHECK-SAME: (%[[A:.*]]: !tir.ptr<i1>, %[[M:.*]]: i64, %[[S:.*]]: i64, %[[I:.*]]: i32)
// CHECK-NEXT: %[[R:.*]] = call @callee(%[[A]], %[[M]], %[[S]], %[[I]]) : (!tir.ptr<i1>, i64, i64, i32) -> tensor<8xi1>
// CHECK-NEXT: return %[[R]]
func.func private @callee(%p: !tir.blockptr<tensor<8xi1>>) -> tensor<8xi1> {
  %v = tir.block_load %p boundary_check = [0] : !tir.blockptr<tensor<8xi1>>
  tir.block_store %p, %v : !tir.blockptr<tensor<8xi1>>
  return %v : tensor<8xi1>
}

func.func @caller(%a: !tir.ptr<i1>, %m: i64, %s: i64, %i: i32) -> tensor<8xi1> {
  %p = tir.make_block_ptr %a, [%m], [%s], [%i] {order = array<i32: 0>} : !tir.ptr<i1> -> !tir.blockptr<tensor<8xi1>>
  %v = func.call @callee(%p) : (!tir.blockptr<tensor<8xi1>>) -> tensor<8xi1>
  return %v : tensor<8xi1>
}

// -----

// A function without block pointers is left as it is.
// CHECK-LABEL: func.func @untouched
// CHECK-NEXT: %[[V:.*]] = tir.load %{{.*}} : !tir.ptr<f32>
// CHECK-NEXT: return %[[V]]
func.func @untouched(%p: !tir.ptr<f32>) -> f32 {
  %v = tir.load %p : !tir.ptr<f32>
  return %v : f32
}

// -----

// Axis hints on the arguments of a loop that carries a block pointer
// (tir.region_arg_hints) are renumbered to the arguments the lowered loop
// has: %w's (#3) go to the last one (#9).
// CHECK-LABEL: func.func @for_loop_hints
// CHECK: scf.for
// CHECK: } {tir.region_arg_hints = {{\[\[}}{}, {}, {}, {}, {}, {}, {}, {}, {}, {tir.divisibility = array<i32: 16>}]]}
// CANON-LABEL: func.func @for_loop_hints
func.func @for_loop_hints(%base: !tir.ptr<f32>, %m: i64, %n: i64, %s: i64, %i: i32, %k: i32) -> tensor<16x32xf32> {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c32 = arith.constant 32 : i32
  %one = arith.constant 1 : i64
  %zero = arith.constant dense<0.0> : tensor<16x32xf32>
  %p = tir.make_block_ptr %base, [%m, %n], [%s, %one], [%i, %c0] {order = array<i32: 1, 0>} : !tir.ptr<f32> -> !tir.blockptr<tensor<16x32xf32>>
  %r:3 = scf.for %it = %c0 to %k step %c1 iter_args(%acc = %zero, %q = %p, %w = %i) -> (tensor<16x32xf32>, !tir.blockptr<tensor<16x32xf32>>, i32) : i32 {
    %x = tir.block_load %q boundary_check = [0, 1] : !tir.blockptr<tensor<16x32xf32>>
    %a = arith.addf %acc, %x : tensor<16x32xf32>
    %q2 = tir.advance %q, [%c0, %c32] : !tir.blockptr<tensor<16x32xf32>>
    %w2 = arith.addi %w, %w : i32
    scf.yield %a, %q2, %w2 : tensor<16x32xf32>, !tir.blockptr<tensor<16x32xf32>>, i32
  } {tir.region_arg_hints = [[{}, {}, {}, {tir.divisibility = array<i32: 16>}]]}
  %t = arith.addi %r#2, %r#2 : i32
  return %r#0 : tensor<16x32xf32>
}
