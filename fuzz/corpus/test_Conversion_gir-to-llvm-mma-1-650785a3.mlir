// f16 pairs go to mma.sync as vector<2xf16>. One warp column and N = 8:
// each warp's single n8 tile takes ldmatrix.x2.trans.
#blk = #gir.blocked<sizePerThread = [1, 1], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]>
#mma = #gir.mma_v2<warpsPerCTA = [4, 1]>
module attributes {gir.num_warps = 4 : i32, gir.threads_per_warp = 32 : i32} {
  // CHECK-LABEL: llvm.func @f16
  // CHECK: nvvm.ldmatrix %{{.*}} {{{.*}}layout = #nvvm.mma_layout<row>, num = 4 : i32
  // CHECK: nvvm.ldmatrix %{{.*}} {{{.*}}layout = #nvvm.mma_layout<col>, num = 2 : i32{{.*}} -> !llvm.struct<(i32, i32)>
  // CHECK: llvm.bitcast %{{.*}} : i32 to vector<2xf16>
  // CHECK: nvvm.mma.sync {{.*}}shape = #nvvm.shape<m = 16, n = 8, k = 16>} : (vector<2xf16>, vector<2xf16>, f32) -> !llvm.struct<(f32, f32, f32, f32)>
  // CHECK-NOT: nvvm.mma.sync
  // CHECK: llvm.return
  func.func @f16(%a: tensor<64x16xf16, #blk>, %b: tensor<16x8xf16, #blk>, %c: tensor<64x8xf32, #mma>) -> tensor<64x8xf32, #mma> {
    %d = tir.dot %a, %b, %c : tensor<64x16xf16, #blk> * tensor<16x8xf16, #blk> -> tensor<64x8xf32, #mma>
    return %d : tensor<64x8xf32, #mma>
  }
}
