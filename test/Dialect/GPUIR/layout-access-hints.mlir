// RUN: trident-opt %s -split-input-file --convert-tir-to-gir=compute-capability=90 --gir-coalesce --gir-remove-layout-conversions | FileCheck %s

// A stored value is wanted in its store's layout, back through the
// elementwise ops that make it, those with two results too: the high half
// of a splat's mului_extended (tl.umulhi; the rounds of tl.rand's Philox
// mix the counters with it) is made in the coalesced layout of the load
// and store, with no conversion (it was made in the default layout of
// splats and converted through shared memory each round).
// CHECK-DAG: #[[L:.*]] = #gir.blocked<sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>
// CHECK-LABEL: func.func @umulhi_store
// CHECK-NOT: gir.convert_layout
// CHECK: %{{.*}}, %[[HI:.*]] = arith.mului_extended %{{.*}}, %{{.*}} : tensor<1024xi32, #[[L]]>
// CHECK-NOT: gir.convert_layout
// CHECK: tir.store
module attributes {tir.num_warps = 4 : i32} {
func.func @umulhi_store(%p: !tir.ptr<i32> {tir.divisibility = 16 : i32}, %q: !tir.ptr<i32> {tir.divisibility = 16 : i32}, %s: i32) attributes {tir.kernel} {
  %r = tir.make_range 0 to 1024 : tensor<1024xi32>
  %ps = tir.splat %p : !tir.ptr<i32> -> tensor<1024x!tir.ptr<i32>>
  %pp = tir.addptr %ps, %r : tensor<1024x!tir.ptr<i32>>, tensor<1024xi32>
  %x = tir.load %pp : tensor<1024x!tir.ptr<i32>>
  %ss = tir.splat %s : i32 -> tensor<1024xi32>
  %lo, %hi = arith.mului_extended %ss, %ss : tensor<1024xi32>
  %y = arith.xori %x, %hi : tensor<1024xi32>
  %qs = tir.splat %q : !tir.ptr<i32> -> tensor<1024x!tir.ptr<i32>>
  %qp = tir.addptr %qs, %r : tensor<1024x!tir.ptr<i32>>, tensor<1024xi32>
  tir.store %qp, %y : tensor<1024x!tir.ptr<i32>>
  return
}
}

// -----

// But a narrowing conversion is converted after it: the f32 tile that
// arith.truncf narrows stays in its layout, and the bf16 result is what
// moves to the store's.
// CHECK-LABEL: func.func @truncated_store
// CHECK: %[[T:.*]] = arith.truncf %{{.*}} : tensor<128x64xf32, #[[A:[a-z0-9_]+]]> to tensor<128x64xbf16, #[[A]]>
// CHECK: gir.convert_layout %[[T]] : tensor<128x64xbf16, #[[A]]> -> tensor<128x64xbf16, #[[S:[a-z0-9_]+]]>
// CHECK: tir.store %{{.*}}, %{{.*}} : tensor<128x64x!tir.ptr<bf16>, #[[S]]>
module attributes {tir.num_warps = 4 : i32} {
func.func @truncated_store(%p: !tir.ptr<f32> {tir.divisibility = 16 : i32}, %q: !tir.ptr<bf16> {tir.divisibility = 16 : i32}) attributes {tir.kernel} {
  %r = tir.make_range 0 to 128 : tensor<128xi32>
  %c = tir.make_range 0 to 64 : tensor<64xi32>
  %c64 = arith.constant dense<64> : tensor<128x1xi32>
  %re = tir.expand_dims %r, axis = 1 : tensor<128xi32> -> tensor<128x1xi32>
  %rows = arith.muli %re, %c64 : tensor<128x1xi32>
  %ce = tir.expand_dims %c, axis = 0 : tensor<64xi32> -> tensor<1x64xi32>
  %rb = tir.broadcast %rows : tensor<128x1xi32> -> tensor<128x64xi32>
  %cb = tir.broadcast %ce : tensor<1x64xi32> -> tensor<128x64xi32>
  %off = arith.addi %rb, %cb : tensor<128x64xi32>
  // Read down the columns: a layout other than the store's.
  %c128 = arith.constant dense<128> : tensor<1x64xi32>
  %cols = arith.muli %ce, %c128 : tensor<1x64xi32>
  %cb2 = tir.broadcast %cols : tensor<1x64xi32> -> tensor<128x64xi32>
  %rb2 = tir.broadcast %re : tensor<128x1xi32> -> tensor<128x64xi32>
  %toff = arith.addi %rb2, %cb2 : tensor<128x64xi32>
  %ps = tir.splat %p : !tir.ptr<f32> -> tensor<128x64x!tir.ptr<f32>>
  %pp = tir.addptr %ps, %toff : tensor<128x64x!tir.ptr<f32>>, tensor<128x64xi32>
  %x = tir.load %pp : tensor<128x64x!tir.ptr<f32>>
  %t = arith.truncf %x : tensor<128x64xf32> to tensor<128x64xbf16>
  %qs = tir.splat %q : !tir.ptr<bf16> -> tensor<128x64x!tir.ptr<bf16>>
  %qp = tir.addptr %qs, %off : tensor<128x64x!tir.ptr<bf16>>, tensor<128x64xi32>
  tir.store %qp, %t : tensor<128x64x!tir.ptr<bf16>>
  return
}
}

// -----

// A transpose (tests/test_core.py's test_permute): loaded along columns,
// stored along rows. Each access keeps its coalesced layout, four elements
// per thread, and the tile is converted between them, rather than the
// load following the store's layout element by element. That holds when
// the load's default layout already was its coalesced one (gir-coalesce
// then marks it with gir.access_layout instead of converting it).
// CHECK-DAG: #[[ROWS:.*]] = #gir.blocked<sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]>
// CHECK-DAG: #[[COLS:.*]] = #gir.blocked<sizePerThread = [4, 1], threadsPerWarp = [16, 2], warpsPerCTA = [1, 4], order = [0, 1]>
// CHECK-LABEL: func.func @transpose
// CHECK: %[[X:.*]] = tir.load %{{.*}} : tensor<64x64x!tir.ptr<f32>, #[[ROWS]]>
// CHECK: %[[Y:.*]] = gir.convert_layout %[[X]] : tensor<64x64xf32, #[[ROWS]]> -> tensor<64x64xf32, #[[COLS]]>
// CHECK: tir.store %{{.*}}, %[[Y]] : tensor<64x64x!tir.ptr<f32>, #[[COLS]]>
// CHECK-NOT: gir.access_layout
module attributes {tir.num_warps = 4 : i32} {
func.func @transpose(%x: !tir.ptr<f32> {tir.divisibility = 16 : i32}, %sx: i32 {tir.divisibility = 16 : i32}, %z: !tir.ptr<f32> {tir.divisibility = 16 : i32}, %sz: i32 {tir.divisibility = 16 : i32}) attributes {tir.kernel} {
  %r = tir.make_range 0 to 64 : tensor<64xi32>
  %rows = tir.expand_dims %r, axis = 1 : tensor<64xi32> -> tensor<64x1xi32>
  %cols = tir.expand_dims %r, axis = 0 : tensor<64xi32> -> tensor<1x64xi32>
  %sxs = tir.splat %sx : i32 -> tensor<64x1xi32>
  %xr = arith.muli %rows, %sxs : tensor<64x1xi32>
  %xrb = tir.broadcast %xr : tensor<64x1xi32> -> tensor<64x64xi32>
  %cb = tir.broadcast %cols : tensor<1x64xi32> -> tensor<64x64xi32>
  %xo = arith.addi %xrb, %cb : tensor<64x64xi32>
  %xs = tir.splat %x : !tir.ptr<f32> -> tensor<64x64x!tir.ptr<f32>>
  %xp = tir.addptr %xs, %xo : tensor<64x64x!tir.ptr<f32>>, tensor<64x64xi32>
  %v = tir.load %xp : tensor<64x64x!tir.ptr<f32>>
  %szs = tir.splat %sz : i32 -> tensor<1x64xi32>
  %zc = arith.muli %cols, %szs : tensor<1x64xi32>
  %zcb = tir.broadcast %zc : tensor<1x64xi32> -> tensor<64x64xi32>
  %rb = tir.broadcast %rows : tensor<64x1xi32> -> tensor<64x64xi32>
  %zo = arith.addi %rb, %zcb : tensor<64x64xi32>
  %zs = tir.splat %z : !tir.ptr<f32> -> tensor<64x64x!tir.ptr<f32>>
  %zp = tir.addptr %zs, %zo : tensor<64x64x!tir.ptr<f32>>, tensor<64x64xi32>
  tir.store %zp, %v : tensor<64x64x!tir.ptr<f32>>
  return
}
}

// -----

// A loaded row broadcast to a tile that is stored along columns: the load
// follows the store (the broadcast tile would be the larger one to
// convert), as before.
// CHECK-LABEL: func.func @broadcast_row_store
// CHECK-NOT: gir.convert_layout {{.*}}64x64
// CHECK: tir.store
module attributes {tir.num_warps = 4 : i32} {
func.func @broadcast_row_store(%x: !tir.ptr<f32> {tir.divisibility = 16 : i32}, %z: !tir.ptr<f32> {tir.divisibility = 16 : i32}, %sz: i32 {tir.divisibility = 16 : i32}) attributes {tir.kernel} {
  %r = tir.make_range 0 to 64 : tensor<64xi32>
  %cols = tir.expand_dims %r, axis = 0 : tensor<64xi32> -> tensor<1x64xi32>
  %rows = tir.expand_dims %r, axis = 1 : tensor<64xi32> -> tensor<64x1xi32>
  %xs = tir.splat %x : !tir.ptr<f32> -> tensor<1x64x!tir.ptr<f32>>
  %xp = tir.addptr %xs, %cols : tensor<1x64x!tir.ptr<f32>>, tensor<1x64xi32>
  %v = tir.load %xp : tensor<1x64x!tir.ptr<f32>>
  %vb = tir.broadcast %v : tensor<1x64xf32> -> tensor<64x64xf32>
  %szs = tir.splat %sz : i32 -> tensor<1x64xi32>
  %zc = arith.muli %cols, %szs : tensor<1x64xi32>
  %zcb = tir.broadcast %zc : tensor<1x64xi32> -> tensor<64x64xi32>
  %rb = tir.broadcast %rows : tensor<64x1xi32> -> tensor<64x64xi32>
  %zo = arith.addi %rb, %zcb : tensor<64x64xi32>
  %zs = tir.splat %z : !tir.ptr<f32> -> tensor<64x64x!tir.ptr<f32>>
  %zp = tir.addptr %zs, %zo : tensor<64x64x!tir.ptr<f32>>, tensor<64x64xi32>
  tir.store %zp, %vb : tensor<64x64x!tir.ptr<f32>>
  return
}
}
