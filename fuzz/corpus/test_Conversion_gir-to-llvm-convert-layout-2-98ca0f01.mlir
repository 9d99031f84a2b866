// i1 tiles are staged as bytes, in vectors of i8 (4 written, 8 read).
// CHECK: module attributes {{{.*}}trident.shared_bytes = 2048 : i32
// CHECK-LABEL: llvm.func @masks
// CHECK-COUNT-4: llvm.store %{{.*}}, %{{.*}} {alignment = 4 : i64} : vector<4xi8>, !llvm.ptr<3>
// CHECK: nvvm.barrier0
// CHECK-COUNT-2: llvm.load %{{.*}} {alignment = 8 : i64} : !llvm.ptr<3> -> vector<8xi8>
// CHECK: llvm.trunc %{{.*}} : i8 to i1
#a = #gir.blocked<sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]>
#b = #gir.blocked<sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]>
module attributes {gir.num_warps = 4 : i32, gir.threads_per_warp = 32 : i32} {
  func.func @masks(%x: tensor<32x64xi1, #a>) -> tensor<32x64xi1, #b> {
    %0 = gir.convert_layout %x : tensor<32x64xi1, #a> -> tensor<32x64xi1, #b>
    return %0 : tensor<32x64xi1, #b>
  }
}
