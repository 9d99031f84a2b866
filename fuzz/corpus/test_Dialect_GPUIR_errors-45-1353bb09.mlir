#b = #gir.blocked<sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]>
#s0 = #gir.slice<dim = 0, parent = #b>
func.func @reduce_layout(%x: tensor<4x256xf32, #b>) {
  // expected-error @+1 {{'tir.reduce' op result #0 has type 'tensor<4xf32, #gir.slice<dim = 0, parent = #gir.blocked<sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]>>>' but reducing 'tensor<4x256xf32, #gir.blocked<sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]>>' along axis 1 gives 'tensor<4xf32, #gir.slice<dim = 1, parent = #gir.blocked<sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]>>>'}}
  %r = tir.reduce %x axis = 1 : tensor<4x256xf32, #b> -> tensor<4xf32, #s0> {
  ^bb0(%a: f32, %c: f32):
    %m = arith.maxnumf %a, %c : f32
    tir.reduce.return %m : f32
  }
  return
}

//===----------------------------------------------------------------------===//
// The module's program shape (gir.num_warps, gir.threads_per_warp,
// gir.num_ctas, gir.compute_capability) and recorded offsets
//===----------------------------------------------------------------------===//
