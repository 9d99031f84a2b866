// RUN: trident-opt %s -split-input-file --convert-tir-to-gir="compute-capability=90" --gir-coalesce --gir-dot-layouts --gir-remove-layout-conversions --canonicalize | FileCheck %s

// Tiles meeting a dot's result take its layout (attention backward's P^T):
// the select of `tl.where(mask, p, 0)` takes the accumulator's layout, not
// its mask's (made from ranges, remade in the accumulator's layout), and a
// row of statistics loaded in the loop for one broadcast is loaded in the
// accumulator's slice: nothing in the loop converts.
// CHECK-DAG: #[[W:.*]] = #gir.wgmma<warpsPerCTA = [4, 1], instrN = 16>
// CHECK-DAG: #[[S:.*]] = #gir.slice<dim = 0, parent = #[[W]]>
// CHECK-LABEL: func.func @stats_in_loop
// CHECK: scf.for
// CHECK-NOT: gir.convert_layout
// CHECK: tir.load %{{.*}} : tensor<16x!tir.ptr<f32>, #[[S]]>
// CHECK-NOT: gir.convert_layout
// CHECK: arith.select %{{.*}} : tensor<128x16xi1, #[[W]]>, tensor<128x16xf32, #[[W]]>
// CHECK-NOT: gir.convert_layout
// CHECK: scf.yield
func.func @stats_in_loop(%pm: !tir.ptr<f32> {tir.divisibility = 16 : i32},
                         %pa: tensor<128x64x!tir.ptr<f16>>,
                         %pb: tensor<64x16x!tir.ptr<f16>>,
                         %n: i32) -> tensor<128x16xf32> {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %z = arith.constant dense<0.0> : tensor<128x16xf32>
  %a = tir.load %pa : tensor<128x64x!tir.ptr<f16>>
  %rows = tir.make_range 0 to 128 : tensor<128xi32>
  %rowse = tir.expand_dims %rows, axis = 1 : tensor<128xi32> -> tensor<128x1xi32>
  %rowsb = tir.broadcast %rowse : tensor<128x1xi32> -> tensor<128x16xi32>
  %cols = tir.make_range 0 to 16 : tensor<16xi32>
  %pms = tir.splat %pm : !tir.ptr<f32> -> tensor<16x!tir.ptr<f32>>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %z) -> (tensor<128x16xf32>) : i32 {
    %b = tir.load %pb : tensor<64x16x!tir.ptr<f16>>
    %d = tir.dot %a, %b, %z : tensor<128x64xf16> * tensor<64x16xf16> -> tensor<128x16xf32>
    %is = tir.splat %i : i32 -> tensor<16xi32>
    %offs = arith.addi %is, %cols : tensor<16xi32>
    %ptr = tir.addptr %pms, %offs : tensor<16x!tir.ptr<f32>>, tensor<16xi32>
    %m = tir.load %ptr : tensor<16x!tir.ptr<f32>>
    %me = tir.expand_dims %m, axis = 0 : tensor<16xf32> -> tensor<1x16xf32>
    %mb = tir.broadcast %me : tensor<1x16xf32> -> tensor<128x16xf32>
    %s = arith.subf %d, %mb : tensor<128x16xf32>
    %oe = tir.expand_dims %offs, axis = 0 : tensor<16xi32> -> tensor<1x16xi32>
    %ob = tir.broadcast %oe : tensor<1x16xi32> -> tensor<128x16xi32>
    %mask = arith.cmpi sge, %ob, %rowsb : tensor<128x16xi32>
    %p = arith.select %mask, %s, %z : tensor<128x16xi1>, tensor<128x16xf32>
    %next = arith.addf %acc, %p : tensor<128x16xf32>
    scf.yield %next : tensor<128x16xf32>
  }
  return %r : tensor<128x16xf32>
}

// -----

// A tile made before the loop and used in it against a dot's result (the
// backward dQ loop's `qk - m[:, None]`, m loaded before it) is laid out
// once, before the loop (here its load is made in the accumulator's row
// slice), not converted every iteration.
// CHECK-DAG: #[[W2:.*]] = #gir.wgmma<warpsPerCTA = [4, 1], instrN = 16>
// CHECK-DAG: #[[R:.*]] = #gir.slice<dim = 1, parent = #[[W2]]>
// CHECK-LABEL: func.func @stats_before_loop
// CHECK: tir.load %{{.*}} : tensor<128x!tir.ptr<f32>, #[[R]]>
// CHECK: %[[B:.*]] = tir.broadcast %{{.*}} -> tensor<128x16xf32, #[[W2]]>
// CHECK: scf.for
// CHECK-NOT: gir.convert_layout
// CHECK: arith.subf %{{.*}}, %[[B]] : tensor<128x16xf32, #[[W2]]>
// CHECK-NOT: gir.convert_layout
// CHECK: scf.yield
func.func @stats_before_loop(%pm: !tir.ptr<f32> {tir.divisibility = 16 : i32},
                             %pa: tensor<128x64x!tir.ptr<f16>>,
                             %pb: tensor<64x16x!tir.ptr<f16>>,
                             %n: i32) -> tensor<128x16xf32> {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %z = arith.constant dense<0.0> : tensor<128x16xf32>
  %a = tir.load %pa : tensor<128x64x!tir.ptr<f16>>
  %rows = tir.make_range 0 to 128 : tensor<128xi32>
  %pms = tir.splat %pm : !tir.ptr<f32> -> tensor<128x!tir.ptr<f32>>
  %ptr = tir.addptr %pms, %rows : tensor<128x!tir.ptr<f32>>, tensor<128xi32>
  %m = tir.load %ptr : tensor<128x!tir.ptr<f32>>
  %me = tir.expand_dims %m, axis = 1 : tensor<128xf32> -> tensor<128x1xf32>
  %mb = tir.broadcast %me : tensor<128x1xf32> -> tensor<128x16xf32>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %z) -> (tensor<128x16xf32>) : i32 {
    %b = tir.load %pb : tensor<64x16x!tir.ptr<f16>>
    %d = tir.dot %a, %b, %z : tensor<128x64xf16> * tensor<64x16xf16> -> tensor<128x16xf32>
    %s = arith.subf %d, %mb : tensor<128x16xf32>
    %e = math.exp2 %s : tensor<128x16xf32>
    %next = arith.addf %acc, %e : tensor<128x16xf32>
    scf.yield %next : tensor<128x16xf32>
  }
  return %r : tensor<128x16xf32>
}

// -----

// A row of statistics loaded once and read by two loops against dots of
// different widths (the two dQ loops of attention backward reading m and
// D): loaded again for each loop in that loop's row slice, nothing
// converted, both read where it was; the load in the default layout's
// slice (the whole row in every thread) is gone.
// CHECK-DAG: #[[W16:.*]] = #gir.wgmma<warpsPerCTA = [4, 1], instrN = 16>
// CHECK-DAG: #[[W32:.*]] = #gir.wgmma<warpsPerCTA = [4, 1], instrN = 32>
// CHECK-DAG: #[[R16:.*]] = #gir.slice<dim = 1, parent = #[[W16]]>
// CHECK-DAG: #[[R32:.*]] = #gir.slice<dim = 1, parent = #[[W32]]>
// CHECK-LABEL: func.func @stats_two_loops
// CHECK-NOT: gir.convert_layout
// CHECK-DAG: tir.load %{{.*}} : tensor<128x!tir.ptr<f32>, #[[R16]]>
// CHECK-DAG: tir.load %{{.*}} : tensor<128x!tir.ptr<f32>, #[[R32]]>
// CHECK-NOT: gir.convert_layout
// CHECK: scf.for
// CHECK-NOT: gir.convert_layout
// CHECK: scf.for
// CHECK-NOT: gir.convert_layout
// CHECK: return
func.func @stats_two_loops(%pm: !tir.ptr<f32> {tir.divisibility = 16 : i32},
                           %pa: tensor<128x64x!tir.ptr<f16>>,
                           %pb: tensor<64x16x!tir.ptr<f16>>,
                           %pc: tensor<64x32x!tir.ptr<f16>>,
                           %n: i32) -> (tensor<128x16xf32>, tensor<128x32xf32>) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %z16 = arith.constant dense<0.0> : tensor<128x16xf32>
  %z32 = arith.constant dense<0.0> : tensor<128x32xf32>
  %a = tir.load %pa : tensor<128x64x!tir.ptr<f16>>
  %rows = tir.make_range 0 to 128 : tensor<128xi32>
  %pms = tir.splat %pm : !tir.ptr<f32> -> tensor<128x!tir.ptr<f32>>
  %ptr = tir.addptr %pms, %rows : tensor<128x!tir.ptr<f32>>, tensor<128xi32>
  %m = tir.load %ptr : tensor<128x!tir.ptr<f32>>
  %me = tir.expand_dims %m, axis = 1 : tensor<128xf32> -> tensor<128x1xf32>
  %r16 = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %z16) -> (tensor<128x16xf32>) : i32 {
    %b = tir.load %pb : tensor<64x16x!tir.ptr<f16>>
    %d = tir.dot %a, %b, %z16 : tensor<128x64xf16> * tensor<64x16xf16> -> tensor<128x16xf32>
    %mb = tir.broadcast %me : tensor<128x1xf32> -> tensor<128x16xf32>
    %s = arith.subf %d, %mb : tensor<128x16xf32>
    %next = arith.addf %acc, %s : tensor<128x16xf32>
    scf.yield %next : tensor<128x16xf32>
  }
  %r32 = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %z32) -> (tensor<128x32xf32>) : i32 {
    %b = tir.load %pc : tensor<64x32x!tir.ptr<f16>>
    %d = tir.dot %a, %b, %z32 : tensor<128x64xf16> * tensor<64x32xf16> -> tensor<128x32xf32>
    %mb = tir.broadcast %me : tensor<128x1xf32> -> tensor<128x32xf32>
    %s = arith.subf %d, %mb : tensor<128x32xf32>
    %next = arith.addf %acc, %s : tensor<128x32xf32>
    scf.yield %next : tensor<128x32xf32>
  }
  return %r16, %r32 : tensor<128x16xf32>, tensor<128x32xf32>
}

// -----

// A row of statistics used against a dot's result after a store to its
// memory, in the same block: it may not be read again there, so it is
// converted (the read before the store kept).
// CHECK-LABEL: func.func @stats_store_between
// CHECK: tir.load %{{.*}} : tensor<128x!tir.ptr<f32>
// CHECK-NOT: tir.load %{{.*}} : tensor<128x!tir.ptr<f32>
// CHECK: tir.store
// CHECK-NOT: tir.load %{{.*}} : tensor<128x!tir.ptr<f32>
// CHECK: gir.convert_layout %{{.*}} : tensor<128xf32
// CHECK-NOT: tir.load %{{.*}} : tensor<128x!tir.ptr<f32>
// CHECK: return
func.func @stats_store_between(%pm: !tir.ptr<f32> {tir.divisibility = 16 : i32},
                               %pa: tensor<128x64x!tir.ptr<f16>>,
                               %pb: tensor<64x16x!tir.ptr<f16>>) -> tensor<128x16xf32> {
  %z16 = arith.constant dense<0.0> : tensor<128x16xf32>
  %zr = arith.constant dense<0.0> : tensor<128xf32>
  %a = tir.load %pa : tensor<128x64x!tir.ptr<f16>>
  %rows = tir.make_range 0 to 128 : tensor<128xi32>
  %pms = tir.splat %pm : !tir.ptr<f32> -> tensor<128x!tir.ptr<f32>>
  %ptr = tir.addptr %pms, %rows : tensor<128x!tir.ptr<f32>>, tensor<128xi32>
  %m = tir.load %ptr : tensor<128x!tir.ptr<f32>>
  tir.store %ptr, %zr : tensor<128x!tir.ptr<f32>>
  %b = tir.load %pb : tensor<64x16x!tir.ptr<f16>>
  %d = tir.dot %a, %b, %z16 : tensor<128x64xf16> * tensor<64x16xf16> -> tensor<128x16xf32>
  %me = tir.expand_dims %m, axis = 1 : tensor<128xf32> -> tensor<128x1xf32>
  %mb = tir.broadcast %me : tensor<128x1xf32> -> tensor<128x16xf32>
  %s = arith.subf %d, %mb : tensor<128x16xf32>
  return %s : tensor<128x16xf32>
}
