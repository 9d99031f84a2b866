// Scratch counts: a CUDA-core dot staging 2 x 128 KiB of f32 operands is
// over sm_90's 227 KiB, and the error says it is scratch.
// CHECK: error: the kernel's shared-memory buffers and scratch need 262144 bytes, over the 232448-byte limit of shared memory per program on sm_90; the largest is this 'tir.dot' (262144 bytes of scratch)
#b = #gir.blocked<sizePerThread = [4, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]>
module attributes {gir.compute_capability = 90 : i32, gir.num_warps = 4 : i32, gir.threads_per_warp = 32 : i32} {
  func.func @big_dot(%a: tensor<256x128xf32, #b>, %bt: tensor<128x256xf32, #b>, %c: tensor<256x256xf32, #b>) -> tensor<256x256xf32, #b> {
    %d = tir.dot %a, %bt, %c : tensor<256x128xf32, #b> * tensor<128x256xf32, #b> -> tensor<256x256xf32, #b>
    return %d : tensor<256x256xf32, #b>
  }
}
