// Once the module gives its warps and lanes, every layout spreads its tile
// over exactly those: a layout over more leaves elements that no thread
// holds.
#b8 = #gir.blocked<sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [8], order = [0]>
module attributes {gir.num_warps = 4 : i32, gir.threads_per_warp = 32 : i32} {
  // expected-error @+1 {{'func.func' op block argument #0 'tensor<256xf32, #gir.blocked<sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [8], order = [0]>>' is laid out over 8 warps, but the program runs 4 (gir.num_warps)}}
  func.func @warps(%x: tensor<256xf32, #b8>) {
    return
  }
}
