// The layout limits the vector too: with one element per thread along the
// contiguous dimension there is nothing to group.
#v1 = #gir.blocked<sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>
module attributes {gir.num_warps = 4 : i32, gir.threads_per_warp = 32 : i32} {
  // CHECK-LABEL: llvm.func @one_per_thread
  // CHECK: llvm.intr.masked.gather
  func.func @one_per_thread(%x: !tir.ptr<f32> {tir.divisibility = 16 : i32}) -> tensor<1024xf32, #v1> {
    %r = tir.make_range 0 to 1024 : tensor<1024xi32, #v1>
    %xs = tir.splat %x : !tir.ptr<f32> -> tensor<1024x!tir.ptr<f32>, #v1>
    %xp = tir.addptr %xs, %r : tensor<1024x!tir.ptr<f32>, #v1>, tensor<1024xi32, #v1>
    %v = tir.load %xp : tensor<1024x!tir.ptr<f32>, #v1>
    return %v : tensor<1024xf32, #v1>
  }
}
