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
