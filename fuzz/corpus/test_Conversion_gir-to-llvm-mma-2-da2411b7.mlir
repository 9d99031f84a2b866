// K not a multiple of 16: the CUDA-core dot, which reads any accumulator
// layout, takes it.
#blk = #gir.blocked<sizePerThread = [1, 1], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]>
#mma = #gir.mma_v2<warpsPerCTA = [2, 2]>
module attributes {gir.num_warps = 4 : i32, gir.threads_per_warp = 32 : i32} {
  // CHECK-LABEL: llvm.func @k8
  // CHECK-NOT: nvvm.mma.sync
  // CHECK: llvm.intr.fma
  // CHECK-NOT: nvvm.mma.sync
  // CHECK: llvm.return
  func.func @k8(%a: tensor<64x8xbf16, #blk>, %b: tensor<8x64xbf16, #blk>, %c: tensor<64x64xf32, #mma>) -> tensor<64x64xf32, #mma> {
    %d = tir.dot %a, %b, %c : tensor<64x8xbf16, #blk> * tensor<8x64xbf16, #blk> -> tensor<64x64xf32, #mma>
    return %d : tensor<64x64xf32, #mma>
  }
}
