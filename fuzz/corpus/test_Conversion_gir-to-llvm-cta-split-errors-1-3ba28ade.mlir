#w2 = #gir.blocked<sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]>
#s2 = #gir.blocked<sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0], ctaSplit = 2>

// CHECK: error: 'tir.trans' op has a tile split over the CTAs of a cluster, which its lowering does not handle (gir-split-ctas keeps the tiles of such ops whole)
module attributes {gir.compute_capability = 90 : i32, gir.num_ctas = 2 : i32, gir.num_warps = 4 : i32, gir.threads_per_warp = 32 : i32} {
func.func @trans(%x: tensor<64x64xf32, #s2>) -> tensor<64x64xf32, #w2> {
  %t = tir.trans %x, [1, 0] : tensor<64x64xf32, #s2> -> tensor<64x64xf32, #w2>
  return %t : tensor<64x64xf32, #w2>
}
}
