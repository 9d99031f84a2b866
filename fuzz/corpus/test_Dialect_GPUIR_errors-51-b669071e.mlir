// Only the malformed attribute is reported, not the layouts it would judge.
// expected-error @+1 {{'gir.threads_per_warp' must be an i32 power of two from 1 to 64, got 48 : i32}}
module attributes {gir.num_warps = 4 : i32, gir.threads_per_warp = 48 : i32} {
  func.func private @lanes48(tensor<128xf32, #gir.blocked<sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>>)
}
