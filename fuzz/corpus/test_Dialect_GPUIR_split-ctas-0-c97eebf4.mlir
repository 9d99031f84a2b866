// gir-split-ctas: which tiles of a program of two CTAs each CTA holds only a
// block of (ctaSplit = 2: dimension 0 cut in two), and which stay whole.
// The output is valid GPU IR (printed and parsed again).

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
