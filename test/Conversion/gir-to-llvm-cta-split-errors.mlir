// Tiles split over the CTAs of a cluster where the lowering cannot take
// them (gir-split-ctas never makes these; a pass after it could).
// RUN: not trident-opt %s -split-input-file --gir-allocate-shared-memory --convert-gir-to-llvm 2>&1 | FileCheck %s
// Options that cannot run as clusters.
// RUN: not trident-opt %s -split-input-file --convert-tir-to-gir=compute-capability=80 2>&1 | FileCheck %s --check-prefix=CC80

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

// -----

#w2 = #gir.blocked<sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]>
#s2 = #gir.blocked<sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0], ctaSplit = 2>

// CHECK: error: 'tir.trans' op has a tile split over the CTAs of a cluster, which its lowering does not handle (gir-split-ctas keeps the tiles of such ops whole)
module attributes {gir.compute_capability = 90 : i32, gir.num_ctas = 2 : i32, gir.num_warps = 4 : i32, gir.threads_per_warp = 32 : i32} {
func.func @trans(%x: tensor<64x64xf32, #s2>) -> tensor<64x64xf32, #w2> {
  %t = tir.trans %x, [1, 0] : tensor<64x64xf32, #s2> -> tensor<64x64xf32, #w2>
  return %t : tensor<64x64xf32, #w2>
}
}

// -----

// CHECK: error: 'tir.atomic_rmw' op returns the old value of a scalar atomic in a program of 2 CTAs, which only one of them can perform (use num_ctas=1)
module attributes {gir.compute_capability = 90 : i32, gir.num_ctas = 2 : i32, gir.num_warps = 4 : i32, gir.threads_per_warp = 32 : i32} {
func.func @ticket(%p: !tir.ptr<i32>, %q: !tir.ptr<i32>) attributes {tir.kernel} {
  %one = arith.constant 1 : i32
  %old = tir.atomic_rmw add, relaxed, gpu, %p, %one : !tir.ptr<i32>
  tir.store %q, %old : !tir.ptr<i32>
  return
}
}

// -----

// CC80: error: convert-tir-to-gir: num_ctas = 2 needs clusters of CTAs, which sm_80 does not have (sm_90 or newer)
module attributes {tir.num_ctas = 2 : i32} {
func.func @k() attributes {tir.kernel} {
  return
}
}

// -----

// CC80: error: convert-tir-to-gir: 'tir.num_ctas' must be a power of two in [1, 16], got 3 : i32
module attributes {tir.num_ctas = 3 : i32} {
func.func @k() attributes {tir.kernel} {
  return
}
}
