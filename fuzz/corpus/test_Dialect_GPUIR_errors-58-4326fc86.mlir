#b = #gir.blocked<sizePerThread = [1], threadsPerWarp = [16], warpsPerCTA = [4], order = [0]>
module attributes {gir.num_warps = 4 : i32, gir.threads_per_warp = 32 : i32} {
  func.func @lanes() {
    // expected-error @+1 {{'tir.make_range' op result #0 'tensor<64xi32, #gir.blocked<sizePerThread = [1], threadsPerWarp = [16], warpsPerCTA = [4], order = [0]>>' is laid out over 16 lanes per warp, but a warp has 32 (gir.threads_per_warp)}}
    %r = tir.make_range 0 to 64 : tensor<64xi32, #b>
    return
  }
}
