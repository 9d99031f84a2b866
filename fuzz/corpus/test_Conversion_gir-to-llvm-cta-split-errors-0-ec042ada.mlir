// Tiles split over the CTAs of a cluster where the lowering cannot take
// them (gir-split-ctas never makes these; a pass after it could).
// Options that cannot run as clusters.

#w = #gir.blocked<sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>
#s = #gir.blocked<sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0], ctaSplit = 2>

// CHECK: error: 'gir.convert_layout' op converts a tile split over 2 CTAs of a cluster to one split over 1: gathering blocks from other CTAs is not supported
module attributes {gir.compute_capability = 90 : i32, gir.num_ctas = 2 : i32, gir.num_warps = 4 : i32, gir.threads_per_warp = 32 : i32} {
func.func @gather(%y: !tir.ptr<i32>) attributes {tir.kernel} {
  %r = tir.make_range 0 to 256 : tensor<256xi32, #s>
  %w = gir.convert_layout %r : tensor<256xi32, #s> -> tensor<256xi32, #w>
  %py = tir.splat %y : !tir.ptr<i32> -> tensor<256x!tir.ptr<i32>, #w>
  %py2 = tir.addptr %py, %w : tensor<256x!tir.ptr<i32>, #w>, tensor<256xi32, #w>
  tir.store %py2, %w : tensor<256x!tir.ptr<i32>, #w>
  return
}
}
