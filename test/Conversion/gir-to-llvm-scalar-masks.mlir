// RUN: trident-opt %s --convert-tir-to-gir="compute-capability=90 num-warps=4" --gir-coalesce --gir-dot-layouts --gir-remove-layout-conversions --gir-pipeline="num-stages=3 async-dot=true" --canonicalize --convert-gir-to-llvm | FileCheck %s

// A K-masked B tile (tutorial 03's `offs_k[:, None] < K - k * BLOCK_K`: a
// column of predicates broadcast along N) copied by cp.async: each copy's
// source size is a select on one scalar comparison, not a bit of an i1
// vector packed into an integer (NVPTX has no vector predicates).
// CHECK-LABEL: llvm.func @k_masked_loop
// CHECK-NOT: vector<{{[0-9]+}}xi1>
// CHECK: llvm.icmp "slt" {{.*}} : i32
// CHECK: %[[S:.*]] = llvm.select {{.*}} : i1, i32
// CHECK: nvvm.cp.async.shared.global {{.*}}, 16, cache = cg, %[[S]]
// CHECK-NOT: vector<{{[0-9]+}}xi1>
// CHECK: llvm.return
module {
  func.func @k_masked_loop(%b_base: !tir.ptr<f16> {tir.divisibility = 16 : i32},
                           %a_base: !tir.ptr<f16> {tir.divisibility = 16 : i32},
                           %sbk: i32 {tir.divisibility = 16 : i32},
                           %sam: i32 {tir.divisibility = 16 : i32},
                           %kdim: i32, %n: i32) -> tensor<64x128xf32> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %c64 = arith.constant 64 : i32
    %z = arith.constant dense<0.0> : tensor<64x128xf32>
    %r64 = tir.make_range 0 to 64 : tensor<64xi32>
    %r128 = tir.make_range 0 to 128 : tensor<128xi32>
    // A (64x64): rows * sam + k.
    %rm = tir.expand_dims %r64, axis = 1 : tensor<64xi32> -> tensor<64x1xi32>
    %sams = tir.splat %sam : i32 -> tensor<64x1xi32>
    %arow = arith.muli %rm, %sams : tensor<64x1xi32>
    %arowb = tir.broadcast %arow : tensor<64x1xi32> -> tensor<64x64xi32>
    %ak = tir.expand_dims %r64, axis = 0 : tensor<64xi32> -> tensor<1x64xi32>
    %akb = tir.broadcast %ak : tensor<1x64xi32> -> tensor<64x64xi32>
    %aoff = arith.addi %arowb, %akb : tensor<64x64xi32>
    %as = tir.splat %a_base : !tir.ptr<f16> -> tensor<64x64x!tir.ptr<f16>>
    %pa0 = tir.addptr %as, %aoff : tensor<64x64x!tir.ptr<f16>>, tensor<64x64xi32>
    // B (64x128): k * sbk + cols; its mask is k < kdim - i * 64.
    %kc = tir.expand_dims %r64, axis = 1 : tensor<64xi32> -> tensor<64x1xi32>
    %sbks = tir.splat %sbk : i32 -> tensor<64x1xi32>
    %brow = arith.muli %kc, %sbks : tensor<64x1xi32>
    %browb = tir.broadcast %brow : tensor<64x1xi32> -> tensor<64x128xi32>
    %rn = tir.expand_dims %r128, axis = 0 : tensor<128xi32> -> tensor<1x128xi32>
    %rnb = tir.broadcast %rn : tensor<1x128xi32> -> tensor<64x128xi32>
    %boff = arith.addi %browb, %rnb : tensor<64x128xi32>
    %bs = tir.splat %b_base : !tir.ptr<f16> -> tensor<64x128x!tir.ptr<f16>>
    %pb0 = tir.addptr %bs, %boff : tensor<64x128x!tir.ptr<f16>>, tensor<64x128xi32>
    %sa = tir.splat %c64 : i32 -> tensor<64x64xi32>
    %step = arith.muli %sbk, %c64 : i32
    %sb = tir.splat %step : i32 -> tensor<64x128xi32>
    %r:3 = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %z, %pa = %pa0, %pb = %pb0)
        -> (tensor<64x128xf32>, tensor<64x64x!tir.ptr<f16>>, tensor<64x128x!tir.ptr<f16>>) : i32 {
      %done = arith.muli %i, %c64 : i32
      %left = arith.subi %kdim, %done : i32
      %lefts = tir.splat %left : i32 -> tensor<64x1xi32>
      %m1 = arith.cmpi slt, %kc, %lefts : tensor<64x1xi32>
      %mask = tir.broadcast %m1 : tensor<64x1xi1> -> tensor<64x128xi1>
      %zero = arith.constant dense<0.0> : tensor<64x128xf16>
      %a = tir.load %pa : tensor<64x64x!tir.ptr<f16>>
      %b = tir.load %pb, %mask, %zero : tensor<64x128x!tir.ptr<f16>>
      %d = tir.dot %a, %b, %acc : tensor<64x64xf16> * tensor<64x128xf16> -> tensor<64x128xf32>
      %pa1 = tir.addptr %pa, %sa : tensor<64x64x!tir.ptr<f16>>, tensor<64x64xi32>
      %pb1 = tir.addptr %pb, %sb : tensor<64x128x!tir.ptr<f16>>, tensor<64x128xi32>
      scf.yield %d, %pa1, %pb1 : tensor<64x128xf32>, tensor<64x64x!tir.ptr<f16>>, tensor<64x128x!tir.ptr<f16>>
    }
    return %r#0 : tensor<64x128xf32>
  }
}
