// The tir-flatten-loops pass.
// RUN: trident-opt %s -split-input-file -tir-flatten-loops -canonicalize | FileCheck %s
// RUN: trident-opt %s -split-input-file -tir-flatten-loops | FileCheck %s --check-prefix=HINTS

// A persistent matmul: tiles strided over the programs, the K loop inside.
// The nest becomes one loop over tiles x k-steps (guarded by nk > 0 and
// tiles > 0) that carries the accumulator, the k index, the tile and the
// prologue's values the K loop reads (the tile's row offset), computed for
// the first tile before the loop and for the next one (clamped to the last
// tile) in an `if` at the tile's last step; the accumulator restarts from
// its initial value where k == 0; the epilogue runs under k == nk - 1 with
// its own copy of the prologue. With nk == 0 (or no tiles), the outer loop
// runs without the inner one (the epilogue stores the initial
// accumulator).
// CHECK-LABEL: func.func @persistent
// CHECK-SAME: (%[[DA:[^:]*]]: {{.*}}, %[[DB:[^:]*]]: {{.*}}, %[[DC:[^:]*]]: {{.*}}, %[[FIRST:[^:]*]]: i32, %[[TILES:[^:]*]]: i32, %[[NK:[^:]*]]: i32)
// CHECK: %[[ZERO:.*]] = arith.constant dense<0.0{{.*}}> : tensor<64x64xf32>
// CHECK: %[[KCOUNT:.*]] = arith.maxsi %[[NK]], %c0_i32
// CHECK: %[[SPAN:.*]] = arith.subi %[[TILES]], %[[FIRST]]
// CHECK: %[[TCOUNT:.*]] = arith.divsi {{.*}}, %c4_i32
// CHECK: %[[ANYK:.*]] = arith.cmpi sgt, %[[KCOUNT]], %c0_i32
// CHECK: %[[ANYT:.*]] = arith.cmpi sgt, %[[TCOUNT]], %c0_i32
// CHECK: %[[ANY:.*]] = arith.andi %[[ANYK]], %[[ANYT]]
// CHECK: scf.if %[[ANY]] {
// CHECK: %[[TOTAL:.*]] = arith.muli %[[TCOUNT]], %[[KCOUNT]]
// CHECK: %[[LASTM1:.*]] = arith.subi %[[TCOUNT]], %c1_i32
// CHECK: %[[LASTOFF:.*]] = arith.muli %[[LASTM1]], %c4_i32
// CHECK: %[[LASTTILE:.*]] = arith.addi %[[FIRST]], %[[LASTOFF]]
// CHECK: %[[LASTK:.*]] = arith.subi %[[KCOUNT]], %c1_i32
// CHECK: %[[OFF0:.*]] = arith.muli %[[FIRST]], %c64_i32
// CHECK: scf.for %{{.*}} = %c0_i32 to %[[TOTAL]] step %c1_i32 iter_args(%[[ACC:[^ ]*]] = %[[ZERO]], %[[KK:[^ ]*]] = %c0_i32, %[[T:[^ ]*]] = %[[FIRST]], %[[OFF:[^ ]*]] = %[[OFF0]])
// CHECK-NEXT: %[[START:.*]] = arith.cmpi eq, %[[KK]], %c0_i32
// CHECK-NEXT: %[[ACCIN:.*]] = arith.select %[[START]], %[[ZERO]], %[[ACC]]
// CHECK-NEXT: %[[KB:.*]] = arith.muli %[[KK]], %c32_i32
// CHECK-NEXT: %[[A:.*]] = tir.descriptor_load %[[DA]][%[[OFF]], %[[KB]]]
// CHECK-NEXT: %[[B:.*]] = tir.descriptor_load %[[DB]][%[[KB]], %c0_i32]
// CHECK-NEXT: %[[D:.*]] = tir.dot %[[A]], %[[B]], %[[ACCIN]]
// CHECK-NEXT: %[[ISLAST:.*]] = arith.cmpi eq, %[[KK]], %[[LASTK]]
// CHECK-NEXT: scf.if %[[ISLAST]] {
// CHECK-NEXT: %[[EOFF:.*]] = arith.muli %[[T]], %c64_i32
// CHECK-NEXT: tir.descriptor_store %[[DC]][%[[EOFF]], %c0_i32], %[[D]]
// CHECK-NEXT: }
// CHECK-NEXT: %[[TNEXT:.*]] = arith.addi %[[T]], %c4_i32
// CHECK-NEXT: %[[T2:.*]] = arith.select %[[ISLAST]], %[[TNEXT]], %[[T]]
// CHECK-NEXT: %[[OFF2:.*]] = scf.if %[[ISLAST]] -> (i32) {
// CHECK-NEXT: %[[TC:.*]] = arith.minsi %[[T2]], %[[LASTTILE]]
// CHECK-NEXT: %[[NOFF:.*]] = arith.muli %[[TC]], %c64_i32
// CHECK-NEXT: scf.yield %[[NOFF]]
// CHECK-NEXT: } else {
// CHECK-NEXT: scf.yield %[[OFF]]
// CHECK-NEXT: }
// CHECK-NEXT: %[[KNEXT:.*]] = arith.addi %[[KK]], %c1_i32
// CHECK-NEXT: %[[KK2:.*]] = arith.select %[[ISLAST]], %c0_i32, %[[KNEXT]]
// CHECK-NEXT: scf.yield %[[D]], %[[KK2]], %[[T2]], %[[OFF2]]
// CHECK: } else {
// CHECK-NEXT: scf.for %[[T3:.*]] = %[[FIRST]] to %[[TILES]] step %c4_i32 : i32 {
// CHECK-NEXT: %[[OFF3:.*]] = arith.muli %[[T3]], %c64_i32
// CHECK-NEXT: tir.descriptor_store %[[DC]][%[[OFF3]], %c0_i32], %[[ZERO]]
// CHECK-NOT: tir.flatten
func.func @persistent(%da: !tir.tensordesc<tensor<64x32xbf16>>,
                      %db: !tir.tensordesc<tensor<32x64xbf16>>,
                      %dc: !tir.tensordesc<tensor<64x64xf32>>,
                      %first: i32, %tiles: i32, %nk: i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c4 = arith.constant 4 : i32
  %c32 = arith.constant 32 : i32
  %c64 = arith.constant 64 : i32
  %zero = arith.constant dense<0.0> : tensor<64x64xf32>
  scf.for %t = %first to %tiles step %c4 : i32 {
    %off = arith.muli %t, %c64 : i32
    %acc = scf.for %k = %c0 to %nk step %c1 iter_args(%a = %zero) -> (tensor<64x64xf32>) : i32 {
      %kb = arith.muli %k, %c32 : i32
      %x = tir.descriptor_load %da[%off, %kb] : !tir.tensordesc<tensor<64x32xbf16>>
      %y = tir.descriptor_load %db[%kb, %c0] : !tir.tensordesc<tensor<32x64xbf16>>
      %d = tir.dot %x, %y, %a : tensor<64x32xbf16> * tensor<32x64xbf16> -> tensor<64x64xf32>
      scf.yield %d : tensor<64x64xf32>
    }
    tir.descriptor_store %dc[%off, %c0], %acc : !tir.tensordesc<tensor<64x64xf32>>
  } {tir.flatten = 1 : i32}
  return
}

// -----

// The outer loop's carried values go through the epilogue's if (the other
// steps pass them on); the results of the nest are the fused loop's.
// CHECK-LABEL: func.func @carried
// CHECK-SAME: (%{{.*}}: i32, %{{.*}}: i32, %[[INIT:.*]]: i32)
// CHECK: %[[R:.*]] = scf.if %{{.*}} -> (i32) {
// CHECK: %[[F:.*]]:4 = scf.for {{.*}} iter_args(%[[N:[^ ]*]] = %[[INIT]], %[[S:[^ ]*]] = %c0_i32, %[[KK:[^ ]*]] = %c0_i32, %{{.*}} = %c0_i32) -> (i32, i32, i32, i32)
// CHECK: %[[SIN:.*]] = arith.select %{{.*}}, %c0_i32, %[[S]]
// CHECK-NEXT: %[[S2:.*]] = arith.addi %[[SIN]], %[[KK]]
// CHECK: %[[N2:.*]] = scf.if %{{.*}} -> (i32) {
// CHECK-NEXT: %[[SUM:.*]] = arith.addi %[[N]], %[[S2]]
// CHECK-NEXT: scf.yield %[[SUM]]
// CHECK-NEXT: } else {
// CHECK-NEXT: scf.yield %[[N]]
// CHECK: scf.yield %[[N2]], %[[S2]],
// CHECK: scf.yield %[[F]]#0
// CHECK: } else {
// CHECK-NEXT: scf.yield %[[INIT]]
// CHECK: return %[[R]]
func.func @carried(%n: i32, %m: i32, %init: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %r = scf.for %t = %c0 to %n step %c1 iter_args(%acc = %init) -> (i32) : i32 {
    %s = scf.for %k = %c0 to %m step %c1 iter_args(%x = %c0) -> (i32) : i32 {
      %y = arith.addi %x, %k : i32
      scf.yield %y : i32
    }
    %sum = arith.addi %acc, %s : i32
    scf.yield %sum : i32
  } {tir.flatten = 1 : i32}
  return %r : i32
}

// -----

// Nests it does not fuse keep their loops (and lose the mark): a prologue
// with a side effect, two inner loops, inner bounds that depend on the
// outer loop.
// CHECK-LABEL: func.func @not_flattened
// CHECK: scf.for
// CHECK: tir.store
// CHECK: scf.for
// CHECK: scf.for
// CHECK: scf.for
// CHECK: scf.for
// CHECK: scf.for
// CHECK: scf.for
// CHECK-NOT: tir.flatten
func.func @not_flattened(%p: !tir.ptr<i32>, %n: i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  scf.for %t = %c0 to %n step %c1 : i32 {
    tir.store %p, %t : !tir.ptr<i32>
    scf.for %k = %c0 to %n step %c1 : i32 {
      tir.store %p, %k : !tir.ptr<i32>
    }
  } {tir.flatten = 1 : i32}
  scf.for %t = %c0 to %n step %c1 : i32 {
    scf.for %k = %c0 to %n step %c1 : i32 {
      tir.store %p, %k : !tir.ptr<i32>
    }
    scf.for %k = %c0 to %n step %c1 : i32 {
      tir.store %p, %k : !tir.ptr<i32>
    }
  } {tir.flatten = 1 : i32}
  scf.for %t = %c0 to %n step %c1 : i32 {
    scf.for %k = %c0 to %t step %c1 : i32 {
      tir.store %p, %k : !tir.ptr<i32>
    }
  } {tir.flatten = 1 : i32}
  return
}

// -----

// Pointer loads whose offset tiles the prologue builds (a persistent
// matmul in the style of Triton's tutorial 09 after loop-invariant code
// motion: the row offsets broadcast to the A tile): the fused loop carries
// the tile's scalar row offset, and each step makes the offset tile again
// from it (range, splat, add, expand, broadcast), instead of carrying a
// register per element of the 64x32 tile for the whole loop.
// CHECK-LABEL: func.func @sunk_offsets
// CHECK: scf.for %{{.*}} = %c0_i32 to %{{.*}} step %c1_i32 iter_args(%[[ACC:[^ ]*]] = %{{[^ ]*}}, %[[KK:[^ ]*]] = %c0_i32, %[[T:[^ ]*]] = %{{[^ ]*}}, %[[OFF:[^ ]*]] = %{{[^ ]*}}) -> (tensor<64x64xf32>, i32, i32, i32)
// CHECK: %[[R:.*]] = tir.make_range 0 to 64 : tensor<64xi32>
// CHECK: %[[S:.*]] = tir.splat %[[OFF]] : i32 -> tensor<64xi32>
// CHECK: %[[ROWS:.*]] = arith.addi %[[S]], %[[R]]
// CHECK: %[[E:.*]] = tir.expand_dims %[[ROWS]], axis = 1
// CHECK: tir.broadcast %[[E]] : tensor<64x1xi32> -> tensor<64x32xi32>
// CHECK: tir.load
// CHECK: tir.dot
// CHECK-NOT: tir.flatten
func.func @sunk_offsets(%pa: !tir.ptr<bf16>, %db: !tir.tensordesc<tensor<32x64xbf16>>,
                        %dc: !tir.tensordesc<tensor<64x64xf32>>,
                        %first: i32, %tiles: i32, %nk: i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c4 = arith.constant 4 : i32
  %c32 = arith.constant 32 : i32
  %c64 = arith.constant 64 : i32
  %zero = arith.constant dense<0.0> : tensor<64x64xf32>
  scf.for %t = %first to %tiles step %c4 : i32 {
    %off = arith.muli %t, %c64 : i32
    %r = tir.make_range 0 to 64 : tensor<64xi32>
    %s = tir.splat %off : i32 -> tensor<64xi32>
    %rows = arith.addi %s, %r : tensor<64xi32>
    %e = tir.expand_dims %rows, axis = 1 : tensor<64xi32> -> tensor<64x1xi32>
    %rowt = tir.broadcast %e : tensor<64x1xi32> -> tensor<64x32xi32>
    %base = tir.splat %pa : !tir.ptr<bf16> -> tensor<64x32x!tir.ptr<bf16>>
    %acc = scf.for %k = %c0 to %nk step %c1 iter_args(%a = %zero) -> (tensor<64x64xf32>) : i32 {
      %kb = arith.muli %k, %c32 : i32
      %ks = tir.splat %kb : i32 -> tensor<64x32xi32>
      %offs = arith.addi %rowt, %ks : tensor<64x32xi32>
      %ptrs = tir.addptr %base, %offs : tensor<64x32x!tir.ptr<bf16>>, tensor<64x32xi32>
      %x = tir.load %ptrs : tensor<64x32x!tir.ptr<bf16>>
      %y = tir.descriptor_load %db[%kb, %c0] : !tir.tensordesc<tensor<32x64xbf16>>
      %d = tir.dot %x, %y, %a : tensor<64x32xbf16> * tensor<32x64xbf16> -> tensor<64x64xf32>
      scf.yield %d : tensor<64x64xf32>
    }
    tir.descriptor_store %dc[%off, %c0], %acc : !tir.tensordesc<tensor<64x64xf32>>
  } {tir.flatten}
  return
}

// -----

// Axis hints on the loops' arguments (tir.region_arg_hints): the fused
// loop keeps the outer loop's carried values' at their places and gives
// its induction variable's to the argument that holds the tile (#4, after
// the inner loop's result #2 and the k index #3); the inner loop's go to
// the values that replace its arguments in the body. The loop that runs
// without the inner one has the outer loop's arguments and hints.
// CHECK-LABEL: func.func @carried_hints
// HINTS-LABEL: func.func @carried_hints
// HINTS: scf.for
// HINTS: arith.select %{{.*}}, %{{.*}}, %{{.*}} {tir.divisibility = array<i32: 4>} : i32
// HINTS: arith.addi %{{.*}}, %{{.*}} {tir.divisibility = array<i32: 2>} : i32
// HINTS: } {tir.region_arg_hints = {{\[\[}}{}, {tir.divisibility = array<i32: 16>}, {}, {}, {tir.divisibility = array<i32: 8>}]]}
// HINTS: scf.for
// HINTS: } {tir.region_arg_hints = {{\[\[}}{tir.divisibility = array<i32: 8>}, {tir.divisibility = array<i32: 16>}]]}
func.func @carried_hints(%n: i32, %m: i32, %init: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %r = scf.for %t = %c0 to %n step %c1 iter_args(%acc = %init) -> (i32) : i32 {
    %s = scf.for %k = %c0 to %m step %c1 iter_args(%x = %c0) -> (i32) : i32 {
      %y = arith.addi %x, %k : i32
      scf.yield %y : i32
    } {tir.region_arg_hints = [[{tir.divisibility = array<i32: 2>}, {tir.divisibility = array<i32: 4>}]]}
    %sum = arith.addi %acc, %s : i32
    scf.yield %sum : i32
  } {tir.flatten = 1 : i32, tir.region_arg_hints = [[{tir.divisibility = array<i32: 8>}, {tir.divisibility = array<i32: 16>}]]}
  return %r : i32
}
