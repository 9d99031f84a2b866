// A #gir.wgmma accumulator of f16 (made by hand: gir-dot-layouts gives
// wgmma only to f32 accumulators): wgmma keeps its fragments in f32
// registers here, so the dot takes the CUDA-core lowering, which works in
// any layout, instead of inserting f16 values into f32 fragments.
#b = #gir.blocked<sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]>
#w = #gir.wgmma<warpsPerCTA = [4, 1], instrN = 64>
module attributes {gir.num_warps = 4 : i32, gir.threads_per_warp = 32 : i32, gir.compute_capability = 90 : i32} {
  // CHECK-LABEL: llvm.func @wgmma_f16_accumulator
  // CHECK-NOT: nvvm.wgmma
  // CHECK: llvm.intr.fma
  // CHECK-NOT: nvvm.wgmma
  // CHECK: llvm.return
  func.func @wgmma_f16_accumulator(%a: tensor<64x32xbf16, #b>, %bb: tensor<32x64xbf16, #b>, %c: tensor<64x64xf16, #w>) -> tensor<64x64xf16, #w> {
    %d = tir.dot %a, %bb, %c : tensor<64x32xbf16, #b> * tensor<32x64xbf16, #b> -> tensor<64x64xf16, #w>
    return %d : tensor<64x64xf16, #w>
  }
}
