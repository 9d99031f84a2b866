// gir-split-ctas: which tiles of a program of two CTAs each CTA holds only a
// block of (ctaSplit = 2: dimension 0 cut in two), and which stay whole.
// RUN: trident-opt %s -split-input-file --convert-tir-to-gir=compute-capability=90 --gir-dot-layouts --gir-remove-layout-conversions --gir-split-ctas | FileCheck %s
// RUN: trident-opt %s -split-input-file --convert-tir-to-gir=compute-capability=90 --gir-dot-layouts --gir-remove-layout-conversions --gir-split-ctas --mlir-print-local-scope | FileCheck %s --check-prefix=LOCAL
// The output is valid GPU IR (printed and parsed again).
// RUN: trident-opt %s -split-input-file --convert-tir-to-gir=compute-capability=90 --gir-dot-layouts --gir-remove-layout-conversions --gir-split-ctas | trident-opt -split-input-file > /dev/null

// Row reductions work on each CTA's rows: everything is split, nothing is
// converted.
// CHECK-DAG: #[[S:.*]] = #gir.blocked<{{.*}}, ctaSplit = 2>
// CHECK: module attributes {gir.compute_capability = 90 : i32, gir.num_ctas = 2 : i32
// CHECK-LABEL: func.func @row_softmax
// CHECK-NOT: gir.convert_layout
// CHECK: tir.load %{{.*}} : tensor<64x128x!tir.ptr<f32>, #[[S]]>
// CHECK: tir.reduce %{{.*}} axis = 1 : tensor<64x128xf32, #[[S]]>
// CHECK: tir.store %{{.*}} : tensor<64x128x!tir.ptr<f32>, #[[S]]>
module attributes {tir.num_ctas = 2 : i32, tir.num_warps = 4 : i32} {
func.func @row_softmax(%x: !tir.ptr<f32>, %y: !tir.ptr<f32>) attributes {tir.kernel} {
  %rows = tir.make_range 0 to 64 : tensor<64xi32>
  %cols = tir.make_range 0 to 128 : tensor<128xi32>
  %r2 = tir.expand_dims %rows, axis = 1 : tensor<64xi32> -> tensor<64x1xi32>
  %c2 = tir.expand_dims %cols, axis = 0 : tensor<128xi32> -> tensor<1x128xi32>
  %n = arith.constant dense<128> : tensor<64x1xi32>
  %ro = arith.muli %r2, %n : tensor<64x1xi32>
  %rb = tir.broadcast %ro : tensor<64x1xi32> -> tensor<64x128xi32>
  %cb = tir.broadcast %c2 : tensor<1x128xi32> -> tensor<64x128xi32>
  %off = arith.addi %rb, %cb : tensor<64x128xi32>
  %px = tir.splat %x : !tir.ptr<f32> -> tensor<64x128x!tir.ptr<f32>>
  %px2 = tir.addptr %px, %off : tensor<64x128x!tir.ptr<f32>>, tensor<64x128xi32>
  %v = tir.load %px2 : tensor<64x128x!tir.ptr<f32>>
  %m = tir.reduce %v axis = 1 : tensor<64x128xf32> -> tensor<64xf32> {
  ^bb0(%a: f32, %b: f32):
    %mx = arith.maximumf %a, %b : f32
    tir.reduce.return %mx : f32
  }
  %m2 = tir.expand_dims %m, axis = 1 : tensor<64xf32> -> tensor<64x1xf32>
  %mb = tir.broadcast %m2 : tensor<64x1xf32> -> tensor<64x128xf32>
  %d = arith.subf %v, %mb : tensor<64x128xf32>
  %py = tir.splat %y : !tir.ptr<f32> -> tensor<64x128x!tir.ptr<f32>>
  %py2 = tir.addptr %py, %off : tensor<64x128x!tir.ptr<f32>>, tensor<64x128xi32>
  tir.store %py2, %d : tensor<64x128x!tir.ptr<f32>>
  return
}
}

// -----

// A reduction along dimension 0 needs all rows: its operand stays whole
// (and the loads behind it), and the stored result is converted into the
// CTA's block.
// CHECK-DAG: #[[W:.*]] = #gir.blocked<sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [1, 4], order = [1, 0]>{{$}}
// CHECK-DAG: #[[S1:.*]] = #gir.blocked<sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0], ctaSplit = 2>
// CHECK-LABEL: func.func @col_sum
// CHECK: tir.load %{{.*}} : tensor<64x128x!tir.ptr<f32>, #[[W]]>
// CHECK: %[[R:.*]] = tir.reduce %{{.*}} axis = 0 : tensor<64x128xf32, #[[W]]>
// CHECK: %[[C:.*]] = gir.convert_layout %[[R]] : tensor<128xf32, #{{.*}}> -> tensor<128xf32, #[[S1]]>
// CHECK: tir.store %{{.*}}, %[[C]] : tensor<128x!tir.ptr<f32>, #[[S1]]>
module attributes {tir.num_ctas = 2 : i32, tir.num_warps = 4 : i32} {
func.func @col_sum(%x: !tir.ptr<f32>, %y: !tir.ptr<f32>) attributes {tir.kernel} {
  %rows = tir.make_range 0 to 64 : tensor<64xi32>
  %cols = tir.make_range 0 to 128 : tensor<128xi32>
  %r2 = tir.expand_dims %rows, axis = 1 : tensor<64xi32> -> tensor<64x1xi32>
  %c2 = tir.expand_dims %cols, axis = 0 : tensor<128xi32> -> tensor<1x128xi32>
  %n = arith.constant dense<128> : tensor<64x1xi32>
  %ro = arith.muli %r2, %n : tensor<64x1xi32>
  %rb = tir.broadcast %ro : tensor<64x1xi32> -> tensor<64x128xi32>
  %cb = tir.broadcast %c2 : tensor<1x128xi32> -> tensor<64x128xi32>
  %off = arith.addi %rb, %cb : tensor<64x128xi32>
  %px = tir.splat %x : !tir.ptr<f32> -> tensor<64x128x!tir.ptr<f32>>
  %px2 = tir.addptr %px, %off : tensor<64x128x!tir.ptr<f32>>, tensor<64x128xi32>
  %v = tir.load %px2 : tensor<64x128x!tir.ptr<f32>>
  %s = tir.reduce %v axis = 0 : tensor<64x128xf32> -> tensor<128xf32> {
  ^bb0(%a: f32, %b: f32):
    %t = arith.addf %a, %b : f32
    tir.reduce.return %t : f32
  }
  %py = tir.splat %y : !tir.ptr<f32> -> tensor<128x!tir.ptr<f32>>
  %cols2 = tir.make_range 0 to 128 : tensor<128xi32>
  %py2 = tir.addptr %py, %cols2 : tensor<128x!tir.ptr<f32>>, tensor<128xi32>
  tir.store %py2, %s : tensor<128x!tir.ptr<f32>>
  return
}
}

// -----

// A warpgroup dot: the accumulator (64 rows per CTA: one warpgroup's) and
// A are split, B stays whole; the loop carries the split accumulator.
// CHECK-DAG: #[[AS:.*]] = #gir.blocked<sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [2, 2], order = [1, 0], ctaSplit = 2>
// CHECK-DAG: #[[BW:.*]] = #gir.blocked<sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [2, 2], order = [1, 0]>{{$}}
// CHECK-DAG: #[[WG:.*]] = #gir.wgmma<warpsPerCTA = [4, 1], instrN = 64, ctaSplit = 2>
// CHECK-LABEL: func.func @dot_loop
// CHECK: scf.for {{.*}} -> (tensor<128x64xf32, #[[WG]]>)
// CHECK: tir.dot %{{.*}}, %{{.*}}, %{{.*}} : tensor<128x64xbf16, #[[AS]]> * tensor<64x64xbf16, #[[BW]]> -> tensor<128x64xf32, #[[WG]]>
module attributes {tir.num_ctas = 2 : i32, tir.num_warps = 4 : i32} {
func.func @dot_loop(%a: !tir.ptr<bf16> {tir.divisibility = 16 : i32},
                    %b: !tir.ptr<bf16> {tir.divisibility = 16 : i32},
                    %c: !tir.ptr<f32> {tir.divisibility = 16 : i32},
                    %k: i32) attributes {tir.kernel} {
  %rows = tir.make_range 0 to 128 : tensor<128xi32>
  %cols = tir.make_range 0 to 64 : tensor<64xi32>
  %r2 = tir.expand_dims %rows, axis = 1 : tensor<128xi32> -> tensor<128x1xi32>
  %k2 = tir.expand_dims %cols, axis = 1 : tensor<64xi32> -> tensor<64x1xi32>
  %c2 = tir.expand_dims %cols, axis = 0 : tensor<64xi32> -> tensor<1x64xi32>
  %n = arith.constant dense<64> : tensor<128x1xi32>
  %ro = arith.muli %r2, %n : tensor<128x1xi32>
  %rb = tir.broadcast %ro : tensor<128x1xi32> -> tensor<128x64xi32>
  %cb = tir.broadcast %c2 : tensor<1x64xi32> -> tensor<128x64xi32>
  %aoff = arith.addi %rb, %cb : tensor<128x64xi32>
  %n2 = arith.constant dense<64> : tensor<64x1xi32>
  %ko = arith.muli %k2, %n2 : tensor<64x1xi32>
  %kb = tir.broadcast %ko : tensor<64x1xi32> -> tensor<64x64xi32>
  %cb2 = tir.broadcast %c2 : tensor<1x64xi32> -> tensor<64x64xi32>
  %boff = arith.addi %kb, %cb2 : tensor<64x64xi32>
  %pa = tir.splat %a : !tir.ptr<bf16> -> tensor<128x64x!tir.ptr<bf16>>
  %pa2 = tir.addptr %pa, %aoff : tensor<128x64x!tir.ptr<bf16>>, tensor<128x64xi32>
  %pb = tir.splat %b : !tir.ptr<bf16> -> tensor<64x64x!tir.ptr<bf16>>
  %pb2 = tir.addptr %pb, %boff : tensor<64x64x!tir.ptr<bf16>>, tensor<64x64xi32>
  %zero = arith.constant dense<0.0> : tensor<128x64xf32>
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %acc = scf.for %i = %c0 to %k step %c1 iter_args(%s = %zero) -> (tensor<128x64xf32>) : i32 {
    %va = tir.load %pa2 : tensor<128x64x!tir.ptr<bf16>>
    %vb = tir.load %pb2 : tensor<64x64x!tir.ptr<bf16>>
    %d = tir.dot %va, %vb, %s : tensor<128x64xbf16> * tensor<64x64xbf16> -> tensor<128x64xf32>
    scf.yield %d : tensor<128x64xf32>
  }
  %pc = tir.splat %c : !tir.ptr<f32> -> tensor<128x64x!tir.ptr<f32>>
  %pc2 = tir.addptr %pc, %aoff : tensor<128x64x!tir.ptr<f32>>, tensor<128x64xi32>
  tir.store %pc2, %acc : tensor<128x64x!tir.ptr<f32>>
  return
}
}

// -----

// An op whose lowering does not work on blocks (tir.trans) keeps its
// operand whole, and so the loop that makes it, back to its initial value;
// the store after it takes the CTA's block of the transposed tile.
// LOCAL-LABEL: func.func @loop_into_trans
// LOCAL-NOT: ctaSplit
// LOCAL: tir.trans
// LOCAL-NEXT: tir.splat {{.*}}ctaSplit = 2
// LOCAL-NEXT: gir.convert_layout {{.*}} -> tensor<32x64xf32, #gir.blocked<{{.*}}ctaSplit = 2>>
// LOCAL-NEXT: tir.store
module attributes {tir.num_ctas = 2 : i32, tir.num_warps = 4 : i32} {
func.func @loop_into_trans(%y: !tir.ptr<f32>, %k: i32) attributes {tir.kernel} {
  %one = arith.constant dense<1.0> : tensor<64x32xf32>
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %r = scf.for %i = %c0 to %k step %c1 iter_args(%s = %one) -> (tensor<64x32xf32>) : i32 {
    %t = arith.addf %s, %one : tensor<64x32xf32>
    scf.yield %t : tensor<64x32xf32>
  }
  %t = tir.trans %r, [1, 0] : tensor<64x32xf32> -> tensor<32x64xf32>
  %py = tir.splat %y : !tir.ptr<f32> -> tensor<32x64x!tir.ptr<f32>>
  tir.store %py, %t : tensor<32x64x!tir.ptr<f32>>
  return
}
}

// -----

// Programs of one CTA: nothing changes.
// CHECK-LABEL: func.func @one_cta
// CHECK-NOT: ctaSplit
// CHECK: return
module attributes {tir.num_warps = 4 : i32} {
func.func @one_cta(%y: !tir.ptr<f32>) attributes {tir.kernel} {
  %r = tir.make_range 0 to 128 : tensor<128xi32>
  %py = tir.splat %y : !tir.ptr<f32> -> tensor<128x!tir.ptr<f32>>
  %py2 = tir.addptr %py, %r : tensor<128x!tir.ptr<f32>>, tensor<128xi32>
  %v = arith.sitofp %r : tensor<128xi32> to tensor<128xf32>
  tir.store %py2, %v : tensor<128x!tir.ptr<f32>>
  return
}
}
