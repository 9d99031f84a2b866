// 128 masked one-element loads per thread are gathers of 16 registers
// each: a gather of all 128 would be expanded by LLVM into a branch per
// element joining the whole vector in a phi, in time quadratic in the
// registers per thread (bench/NOTES.md, "Compile time vs tile size").
#w1 = #gir.blocked<sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>
module attributes {gir.num_warps = 4 : i32, gir.threads_per_warp = 32 : i32} {
  // CHECK-LABEL: llvm.func @chunked_gathers
  // CHECK-COUNT-8: llvm.intr.masked.gather {{.*}} -> vector<16xf32>
  // CHECK-NOT: llvm.intr.masked.gather
  // CHECK: llvm.return
  func.func @chunked_gathers(%x: !tir.ptr<f32> {tir.divisibility = 16 : i32}, %n: i32) -> tensor<16384xf32, #w1> {
    %r = tir.make_range 0 to 16384 : tensor<16384xi32, #w1>
    %ns = tir.splat %n : i32 -> tensor<16384xi32, #w1>
    %m = arith.cmpi slt, %r, %ns : tensor<16384xi32, #w1>
    %xs = tir.splat %x : !tir.ptr<f32> -> tensor<16384x!tir.ptr<f32>, #w1>
    %xp = tir.addptr %xs, %r : tensor<16384x!tir.ptr<f32>, #w1>, tensor<16384xi32, #w1>
    %v = tir.load %xp, %m : tensor<16384x!tir.ptr<f32>, #w1>
    return %v : tensor<16384xf32, #w1>
  }
}
