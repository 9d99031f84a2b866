// RUN: trident-opt %s -split-input-file --convert-gir-to-llvm | FileCheck %s
// RUN: trident-opt %s -split-input-file '--convert-gir-to-llvm=predicate-stores=true' | FileCheck %s --check-prefix=PRED
// RUN: trident-opt %s -split-input-file '--convert-gir-to-llvm=predicate-loads=true' | FileCheck %s --check-prefix=PLOAD

// Vector accesses: where the axis info proves a thread's consecutive
// registers contiguous and aligned in memory, with the mask constant over
// them, each group is one llvm.load/llvm.store of a vector (16 bytes here),
// under a branch on the group's mask; `other` fills masked-off groups. With
// predicate-stores, a masked store to global memory is a predicated
// `st.global.v4` instead (straight-line code); with predicate-loads, a
// masked load a predicated `ld.global.v4` that starts from `other`.

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
  // PRED-LABEL: llvm.func @copy
  // PRED-COUNT-2: llvm.load %{{.*}} {alignment = 16 : i64} : !llvm.ptr<1> -> vector<4xf32>
  // PRED-NOT: llvm.cond_br
  // PRED: llvm.inline_asm has_side_effects "@$5 st.global.v4.b32 [$0], {$1, $2, $3, $4};", "l,r,r,r,r,b"
  // PRED-NOT: llvm.cond_br
  // PRED: llvm.inline_asm has_side_effects "@$5 st.global.v4.b32 [$0], {$1, $2, $3, $4};", "l,r,r,r,r,b"
  // PRED-NOT: llvm.store
  // PRED: llvm.return
  // PLOAD-LABEL: llvm.func @copy
  // PLOAD-NOT: llvm.cond_br
  // PLOAD-COUNT-2: llvm.inline_asm has_side_effects "mov.b32 $0, $5;{{.*}}@$9 ld.global.v4.b32 {$0, $1, $2, $3}, [$4];"
  // PLOAD-NOT: llvm.load
  // PLOAD: llvm.cond_br
  // PLOAD: llvm.store %{{.*}}, %{{.*}} {alignment = 16 : i64} : vector<4xf32>, !llvm.ptr<1>
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

// -----

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

// -----

// What cannot be vectorized keeps the gather: addresses two elements apart,
// a bound of unknown divisibility in the mask, a pointer without alignment.
#v4 = #gir.blocked<sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>
module attributes {gir.num_warps = 4 : i32, gir.threads_per_warp = 32 : i32} {
  // CHECK-LABEL: llvm.func @gathers
  // CHECK-NOT: vector<4xf32>, !llvm.ptr
  // CHECK-NOT: -> vector<4xf32>
  // CHECK: llvm.intr.masked.gather
  // CHECK: llvm.intr.masked.gather
  // CHECK: llvm.intr.masked.gather
  // CHECK: llvm.return
  func.func @gathers(%x: !tir.ptr<f32> {tir.divisibility = 16 : i32}, %u: !tir.ptr<f32>,
                     %n: i32) -> (tensor<1024xf32, #v4>, tensor<1024xf32, #v4>, tensor<1024xf32, #v4>) {
    %r = tir.make_range 0 to 1024 : tensor<1024xi32, #v4>
    %two = arith.constant dense<2> : tensor<1024xi32, #v4>
    %r2 = arith.muli %r, %two : tensor<1024xi32, #v4>
    %xs = tir.splat %x : !tir.ptr<f32> -> tensor<1024x!tir.ptr<f32>, #v4>
    %strided = tir.addptr %xs, %r2 : tensor<1024x!tir.ptr<f32>, #v4>, tensor<1024xi32, #v4>
    %a = tir.load %strided : tensor<1024x!tir.ptr<f32>, #v4>
    %ns = tir.splat %n : i32 -> tensor<1024xi32, #v4>
    %m = arith.cmpi slt, %r, %ns : tensor<1024xi32, #v4>
    %xp = tir.addptr %xs, %r : tensor<1024x!tir.ptr<f32>, #v4>, tensor<1024xi32, #v4>
    %b = tir.load %xp, %m : tensor<1024x!tir.ptr<f32>, #v4>
    %us = tir.splat %u : !tir.ptr<f32> -> tensor<1024x!tir.ptr<f32>, #v4>
    %up = tir.addptr %us, %r : tensor<1024x!tir.ptr<f32>, #v4>, tensor<1024xi32, #v4>
    %c = tir.load %up : tensor<1024x!tir.ptr<f32>, #v4>
    return %a, %b, %c : tensor<1024xf32, #v4>, tensor<1024xf32, #v4>, tensor<1024xf32, #v4>
  }
}

// -----

// The layout limits the vector too: with one element per thread along the
// contiguous dimension there is nothing to group.
#v1 = #gir.blocked<sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>
module attributes {gir.num_warps = 4 : i32, gir.threads_per_warp = 32 : i32} {
  // CHECK-LABEL: llvm.func @one_per_thread
  // CHECK: llvm.intr.masked.gather
  func.func @one_per_thread(%x: !tir.ptr<f32> {tir.divisibility = 16 : i32}) -> tensor<1024xf32, #v1> {
    %r = tir.make_range 0 to 1024 : tensor<1024xi32, #v1>
    %xs = tir.splat %x : !tir.ptr<f32> -> tensor<1024x!tir.ptr<f32>, #v1>
    %xp = tir.addptr %xs, %r : tensor<1024x!tir.ptr<f32>, #v1>, tensor<1024xi32, #v1>
    %v = tir.load %xp : tensor<1024x!tir.ptr<f32>, #v1>
    return %v : tensor<1024xf32, #v1>
  }
}

// -----

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
