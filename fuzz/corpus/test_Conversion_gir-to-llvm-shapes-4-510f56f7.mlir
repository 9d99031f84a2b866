// fp8 tiles (i8 registers: LLVM has no fp8 types) move through shared
// memory as their bytes, four to a store where the source layout holds
// them in a row; 32x32 of them and the padding take 1152 bytes.
// CHECK: module attributes {{{.*}}trident.shared_bytes = 1152 : i32
// CHECK-LABEL: llvm.func @convert_fp8(
// CHECK-SAME: %{{.*}}: vector<8xi8>) -> vector<8xi8>
// CHECK: nvvm.barrier0
// CHECK-COUNT-2: llvm.store %{{.*}}, %{{.*}} {alignment = 4 : i64} : vector<4xi8>, !llvm.ptr<3>
// CHECK: nvvm.barrier0
// CHECK-COUNT-8: llvm.load %{{.*}} : !llvm.ptr<3> -> i8
#a = #gir.blocked<sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]>
#b = #gir.blocked<sizePerThread = [4, 1], threadsPerWarp = [4, 8], warpsPerCTA = [1, 4], order = [0, 1]>
module attributes {gir.num_warps = 4 : i32, gir.threads_per_warp = 32 : i32} {
  func.func @convert_fp8(%x: tensor<32x32xf8E4M3FN, #a>) -> tensor<32x32xf8E4M3FN, #b> {
    %0 = gir.convert_layout %x : tensor<32x32xf8E4M3FN, #a> -> tensor<32x32xf8E4M3FN, #b>
    return %0 : tensor<32x32xf8E4M3FN, #b>
  }
}
