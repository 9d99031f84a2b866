#s = #gir.slice<dim = 0, parent = #gir.blocked<sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [1, 2], order = [1, 0]>>
module attributes {gir.num_warps = 4 : i32} {
  func.func @slice_warps() {
    // expected-error @+1 {{'tir.make_range' op result #0 'tensor<64xi32, #gir.slice<dim = 0, parent = #gir.blocked<sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [1, 2], order = [1, 0]>>>' is laid out over 2 warps, but the program runs 4 (gir.num_warps)}}
    %r = tir.make_range 0 to 64 : tensor<64xi32, #s>
    return
  }
}
