// No mask: no branches. i1 tiles move as bytes (16 per vector).
#v16 = #gir.blocked<sizePerThread = [16], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>
module attributes {gir.num_warps = 4 : i32, gir.threads_per_warp = 32 : i32} {
  // CHECK-LABEL: llvm.func @bools
  // CHECK-NOT: llvm.cond_br
  // CHECK: llvm.load %{{.*}} {alignment = 16 : i64} : !llvm.ptr<1> -> vector<16xi8>
  // CHECK: llvm.trunc %{{.*}} : vector<16xi8> to vector<16xi1>
  // CHECK: llvm.zext %{{.*}} : vector<16xi1> to vector<16xi8>
  // CHECK: llvm.store %{{.*}}, %{{.*}} {alignment = 16 : i64} : vector<16xi8>, !llvm.ptr<1>
  func.func @bools(%x: !tir.ptr<i1> {tir.divisibility = 16 : i32},
                   %y: !tir.ptr<i1> {tir.divisibility = 16 : i32}) attributes {tir.kernel} {
    %r = tir.make_range 0 to 2048 : tensor<2048xi32, #v16>
    %xs = tir.splat %x : !tir.ptr<i1> -> tensor<2048x!tir.ptr<i1>, #v16>
    %xp = tir.addptr %xs, %r : tensor<2048x!tir.ptr<i1>, #v16>, tensor<2048xi32, #v16>
    %v = tir.load %xp : tensor<2048x!tir.ptr<i1>, #v16>
    %ys = tir.splat %y : !tir.ptr<i1> -> tensor<2048x!tir.ptr<i1>, #v16>
    %yp = tir.addptr %ys, %r : tensor<2048x!tir.ptr<i1>, #v16>, tensor<2048xi32, #v16>
    tir.store %yp, %v : tensor<2048x!tir.ptr<i1>, #v16>
    return
  }
}
