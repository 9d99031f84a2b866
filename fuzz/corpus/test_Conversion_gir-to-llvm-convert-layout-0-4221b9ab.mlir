// gir.convert_layout stages the tile in shared memory with vector accesses
// where the layouts allow and a placement that spares the banks.

// The matmul epilogue: Hopper's wgmma accumulator (two consecutive bf16 per
// register pair) to the blocked layout of a 16-byte global store. Each
// thread writes 4-byte pairs and reads 16-byte rows of 8. Rows of 256
// elements would put the 8 rows a warp writes at once on the same banks;
// 8 elements of padding after every row (128 x 8 x 2 bytes more) shift
// each row by 4 banks, and both sides are conflict free.
// CHECK: module attributes {{{.*}}trident.shared_bytes = 67584 : i32
// CHECK-LABEL: llvm.func @epilogue
// CHECK: nvvm.barrier0
// CHECK-COUNT-64: llvm.store %{{.*}}, %{{.*}} {alignment = 4 : i64} : vector<2xbf16>, !llvm.ptr<3>
// CHECK-NOT: llvm.store
// CHECK: nvvm.barrier0
// CHECK-COUNT-16: llvm.load %{{.*}} {alignment = 16 : i64} : !llvm.ptr<3> -> vector<8xbf16>
// CHECK-NOT: llvm.load
// CHECK: llvm.return
#wgmma = #gir.wgmma<warpsPerCTA = [8, 1], instrN = 256>
#blocked = #gir.blocked<sizePerThread = [1, 8], threadsPerWarp = [1, 32], warpsPerCTA = [8, 1], order = [1, 0]>
module attributes {gir.num_warps = 8 : i32, gir.threads_per_warp = 32 : i32, gir.compute_capability = 90 : i32} {
  func.func @epilogue(%x: tensor<128x256xbf16, #wgmma>) -> tensor<128x256xbf16, #blocked> {
    %0 = gir.convert_layout %x : tensor<128x256xbf16, #wgmma> -> tensor<128x256xbf16, #blocked>
    return %0 : tensor<128x256xbf16, #blocked>
  }
}
