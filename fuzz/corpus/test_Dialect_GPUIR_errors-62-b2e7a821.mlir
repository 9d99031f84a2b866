// Tiles inside a warp_specialize partition are laid out for its warps.
#b4 = #gir.blocked<sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>
module attributes {gir.num_warps = 4 : i32} {
  func.func @partition_warps() {
    tir.warp_specialize() {
    } partition num_warps(1) {
      // expected-error @+1 {{'tir.make_range' op result #0 'tensor<128xi32, #gir.blocked<sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>>' is laid out over 4 warps, but its warp_specialize partition runs 1}}
      %r = tir.make_range 0 to 128 : tensor<128xi32, #b4>
    }
    return
  }
}
