// A layout conversion goes through shared memory.
// CHECK-LABEL: llvm.func @convert
// CHECK: nvvm.barrier0
// CHECK: llvm.mlir.addressof @__trident_dynamic_smem : !llvm.ptr<3>
// CHECK: llvm.store {{.*}} !llvm.ptr<3>
// CHECK: nvvm.barrier0
// CHECK: llvm.load {{.*}} !llvm.ptr<3>
#a = #gir.blocked<sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]>
#b = #gir.blocked<sizePerThread = [4, 1], threadsPerWarp = [4, 8], warpsPerCTA = [1, 4], order = [0, 1]>
module attributes {gir.num_warps = 4 : i32, gir.threads_per_warp = 32 : i32} {
  func.func @convert(%x: tensor<32x32xf32, #a>) -> tensor<32x32xf32, #b> {
    %0 = gir.convert_layout %x : tensor<32x32xf32, #a> -> tensor<32x32xf32, #b>
    return %0 : tensor<32x32xf32, #b>
  }
}
