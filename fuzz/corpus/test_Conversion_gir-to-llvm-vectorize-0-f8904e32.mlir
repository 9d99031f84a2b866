// Vector accesses: where the axis info proves a thread's consecutive
// registers contiguous and aligned in memory, with the mask constant over
// them, each group is one llvm.load/llvm.store of a vector (16 bytes here),
// under a branch on the group's mask; `other` fills masked-off groups.

#v4 = #gir.blocked<sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>
module attributes {gir.num_warps = 4 : i32, gir.threads_per_warp = 32 : i32} {
  // CHECK-LABEL: llvm.func @copy
  // CHECK: llvm.cond_br
  // CHECK: llvm.load %{{.*}} {alignment = 16 : i64} : !llvm.ptr<1> -> vector<4xf32>
  // CHECK: llvm.cond_br
  // CHECK: llvm.load %{{.*}} {alignment = 16 : i64} : !llvm.ptr<1> -> vector<4xf32>
  // CHECK: llvm.cond_br
  // CHECK: llvm.store %{{.*}}, %{{.*}} {alignment = 16 : i64} : vector<4xf32>, !llvm.ptr<1>
  // CHECK: llvm.cond_br
  // CHECK: llvm.store %{{.*}}, %{{.*}} {alignment = 16 : i64} : vector<4xf32>, !llvm.ptr<1>
  // CHECK-NOT: masked
  // CHECK: llvm.return
  func.func @copy(%x: !tir.ptr<f32> {tir.divisibility = 16 : i32},
                  %y: !tir.ptr<f32> {tir.divisibility = 16 : i32},
                  %n: i32 {tir.divisibility = 16 : i32}) attributes {tir.kernel} {
    %r = tir.make_range 0 to 1024 : tensor<1024xi32, #v4>
    %ns = tir.splat %n : i32 -> tensor<1024xi32, #v4>
    %m = arith.cmpi slt, %r, %ns : tensor<1024xi32, #v4>
    %xs = tir.splat %x : !tir.ptr<f32> -> tensor<1024x!tir.ptr<f32>, #v4>
    %xp = tir.addptr %xs, %r : tensor<1024x!tir.ptr<f32>, #v4>, tensor<1024xi32, #v4>
    %other = arith.constant dense<1.0> : tensor<1024xf32, #v4>
    %v = tir.load %xp, %m, %other : tensor<1024x!tir.ptr<f32>, #v4>
    %ys = tir.splat %y : !tir.ptr<f32> -> tensor<1024x!tir.ptr<f32>, #v4>
    %yp = tir.addptr %ys, %r : tensor<1024x!tir.ptr<f32>, #v4>, tensor<1024xi32, #v4>
    tir.store %yp, %v, %m : tensor<1024x!tir.ptr<f32>, #v4>
    return
  }
}
