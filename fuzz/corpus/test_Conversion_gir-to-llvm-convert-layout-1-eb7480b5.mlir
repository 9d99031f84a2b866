// Rows to rows of another width: 16-byte writes, 8-byte reads, and every
// phase of both already covers 128 contiguous bytes, so no padding: the
// buffer is the tile, 32 x 64 x 4 bytes.
// CHECK: module attributes {{{.*}}trident.shared_bytes = 8192 : i32
// CHECK-LABEL: llvm.func @rows
// CHECK-COUNT-4: llvm.store %{{.*}}, %{{.*}} {alignment = 16 : i64} : vector<4xf32>, !llvm.ptr<3>
// CHECK: nvvm.barrier0
// CHECK-COUNT-8: llvm.load %{{.*}} {alignment = 8 : i64} : !llvm.ptr<3> -> vector<2xf32>
// CHECK-NOT: llvm.load
// CHECK: llvm.return
#a = #gir.blocked<sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]>
#b = #gir.blocked<sizePerThread = [1, 2], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]>
module attributes {gir.num_warps = 4 : i32, gir.threads_per_warp = 32 : i32} {
  func.func @rows(%x: tensor<32x64xf32, #a>) -> tensor<32x64xf32, #b> {
    %0 = gir.convert_layout %x : tensor<32x64xf32, #a> -> tensor<32x64xf32, #b>
    return %0 : tensor<32x64xf32, #b>
  }
}
