// RUN: trident-opt %s -split-input-file --convert-gir-to-llvm | FileCheck %s
// RUN: trident-opt %s -split-input-file '--convert-gir-to-llvm=predicate-loads-above=64' | FileCheck %s --check-prefix=ABOVE64
// RUN: trident-opt %s -split-input-file '--convert-gir-to-llvm=predicate-loads-above=-1' | FileCheck %s --check-prefix=NEVER
// RUN: trident-opt %s -split-input-file '--convert-gir-to-llvm=predicate-loads-above=-1 predicate-loads=true' | FileCheck %s --check-prefix=ALWAYS

// Which masked loads are predicated PTX (LoadPredication.cpp): those of a
// block whose masked global loads together hold more than
// predicate-loads-above (default 48) 32-bit registers per thread. @many's
// two loads hold 32 registers each (4096 f32 over 128 threads): 64 > 48,
// predicated `ld.global.v4`, no branch. @few's hold 16 each: 32, branches.
// With the limit at 64 both keep branches; at -1, never predicated unless
// predicate-loads asks for every block.

#v4 = #gir.blocked<sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>
module attributes {gir.num_warps = 4 : i32, gir.threads_per_warp = 32 : i32} {
  // CHECK-LABEL: llvm.func @many
  // CHECK-NOT: llvm.cond_br
  // CHECK-COUNT-16: @$9 ld.global.v4.b32
  // CHECK-NOT: llvm.cond_br
  // CHECK: llvm.return
  // ABOVE64-LABEL: llvm.func @many
  // ABOVE64-NOT: ld.global
  // ABOVE64: llvm.cond_br
  // ABOVE64: llvm.load %{{.*}} {alignment = 16 : i64} : !llvm.ptr<1> -> vector<4xf32>
  // NEVER-LABEL: llvm.func @many
  // NEVER-NOT: ld.global
  // NEVER: llvm.cond_br
  // ALWAYS-LABEL: llvm.func @many
  // ALWAYS-COUNT-16: @$9 ld.global.v4.b32
  func.func @many(%x: !tir.ptr<f32> {tir.divisibility = 16 : i32},
                  %y: !tir.ptr<f32> {tir.divisibility = 16 : i32},
                  %z: !tir.ptr<f32> {tir.divisibility = 16 : i32},
                  %n: i32 {tir.divisibility = 16 : i32}) attributes {tir.kernel} {
    %r = tir.make_range 0 to 4096 : tensor<4096xi32, #v4>
    %ns = tir.splat %n : i32 -> tensor<4096xi32, #v4>
    %m = arith.cmpi slt, %r, %ns : tensor<4096xi32, #v4>
    %xs = tir.splat %x : !tir.ptr<f32> -> tensor<4096x!tir.ptr<f32>, #v4>
    %xp = tir.addptr %xs, %r : tensor<4096x!tir.ptr<f32>, #v4>, tensor<4096xi32, #v4>
    %a = tir.load %xp, %m : tensor<4096x!tir.ptr<f32>, #v4>
    %ys = tir.splat %y : !tir.ptr<f32> -> tensor<4096x!tir.ptr<f32>, #v4>
    %yp = tir.addptr %ys, %r : tensor<4096x!tir.ptr<f32>, #v4>, tensor<4096xi32, #v4>
    %b = tir.load %yp, %m : tensor<4096x!tir.ptr<f32>, #v4>
    %s = arith.addf %a, %b : tensor<4096xf32, #v4>
    %zs = tir.splat %z : !tir.ptr<f32> -> tensor<4096x!tir.ptr<f32>, #v4>
    %zp = tir.addptr %zs, %r : tensor<4096x!tir.ptr<f32>, #v4>, tensor<4096xi32, #v4>
    tir.store %zp, %s : tensor<4096x!tir.ptr<f32>, #v4>
    return
  }
}

// -----

#v4 = #gir.blocked<sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>
module attributes {gir.num_warps = 4 : i32, gir.threads_per_warp = 32 : i32} {
  // CHECK-LABEL: llvm.func @few
  // CHECK-NOT: ld.global
  // CHECK: llvm.cond_br
  // CHECK: llvm.load %{{.*}} {alignment = 16 : i64} : !llvm.ptr<1> -> vector<4xf32>
  // CHECK: llvm.return
  // ALWAYS-LABEL: llvm.func @few
  // ALWAYS-COUNT-8: @$9 ld.global.v4.b32
  func.func @few(%x: !tir.ptr<f32> {tir.divisibility = 16 : i32},
                 %y: !tir.ptr<f32> {tir.divisibility = 16 : i32},
                 %z: !tir.ptr<f32> {tir.divisibility = 16 : i32},
                 %n: i32 {tir.divisibility = 16 : i32}) attributes {tir.kernel} {
    %r = tir.make_range 0 to 2048 : tensor<2048xi32, #v4>
    %ns = tir.splat %n : i32 -> tensor<2048xi32, #v4>
    %m = arith.cmpi slt, %r, %ns : tensor<2048xi32, #v4>
    %xs = tir.splat %x : !tir.ptr<f32> -> tensor<2048x!tir.ptr<f32>, #v4>
    %xp = tir.addptr %xs, %r : tensor<2048x!tir.ptr<f32>, #v4>, tensor<2048xi32, #v4>
    %a = tir.load %xp, %m : tensor<2048x!tir.ptr<f32>, #v4>
    %ys = tir.splat %y : !tir.ptr<f32> -> tensor<2048x!tir.ptr<f32>, #v4>
    %yp = tir.addptr %ys, %r : tensor<2048x!tir.ptr<f32>, #v4>, tensor<2048xi32, #v4>
    %b = tir.load %yp, %m : tensor<2048x!tir.ptr<f32>, #v4>
    %s = arith.addf %a, %b : tensor<2048xf32, #v4>
    %zs = tir.splat %z : !tir.ptr<f32> -> tensor<2048x!tir.ptr<f32>, #v4>
    %zp = tir.addptr %zs, %r : tensor<2048x!tir.ptr<f32>, #v4>, tensor<2048xi32, #v4>
    tir.store %zp, %s : tensor<2048x!tir.ptr<f32>, #v4>
    return
  }
}
