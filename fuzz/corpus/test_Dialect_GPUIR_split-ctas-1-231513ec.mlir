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
