// RUN: trident-opt %s --convert-gir-to-llvm | FileCheck %s

// The ops a plugin's explicit barriers lower to: the group's first thread
// arrives (once, or `count` times) or arrives expecting bytes; a TMA copy
// marked `expected` only completes bytes announced before (no arrival of
// its own), one that is not arrives with its block's bytes itself.
// CHECK-LABEL: llvm.func @arrivals
// CHECK: nvvm.mbarrier.init
// CHECK: %[[TID:.*]] = nvvm.read.ptx.sreg.tid.x
// CHECK: %[[FIRST:.*]] = llvm.icmp "eq" %[[TID]]
// CHECK-NEXT: llvm.cond_br %[[FIRST]]
// CHECK: nvvm.mbarrier.arrive %{{[0-9]+}} : !llvm.ptr<3>
// CHECK: llvm.cond_br
// CHECK: nvvm.mbarrier.arrive %{{[0-9]+}}, %{{[0-9]+}} : !llvm.ptr<3>
// CHECK: nvvm.mbarrier.arrive.expect_tx %{{.*}}, %{{.*}}, predicate =
// CHECK-NOT: nvvm.mbarrier.arrive.expect_tx
// CHECK: nvvm.cp.async.bulk.tensor.shared.cluster.global
// CHECK: nvvm.mbarrier.arrive.expect_tx
// CHECK-NEXT: nvvm.cp.async.bulk.tensor.shared.cluster.global
// CHECK: llvm.return
#sw = #gir.nvmma_shared<swizzle = 128, order = [1, 0]>
module attributes {gir.compute_capability = 90 : i32, gir.num_warps = 4 : i32, gir.threads_per_warp = 32 : i32} {
  func.func @arrivals(%d: !tir.tensordesc<tensor<64x64xf16>>, %i: i32) {
    %ring = gir.local_alloc : !gir.memdesc<2x64x64xf16, #sw>
    %bars = nvgir.mbarrier_alloc {arrivals = 1 : i32} : !nvgir.mbarriers<2>
    nvgir.mbarrier_arrive %bars[%i] : !nvgir.mbarriers<2>
    nvgir.mbarrier_arrive %bars[%i] {count = 2 : i32} : !nvgir.mbarriers<2>
    nvgir.mbarrier_expect_tx %bars[%i] {bytes = 8192 : i32} : !nvgir.mbarriers<2>
    %slot = gir.memdesc_index %ring[%i] : !gir.memdesc<2x64x64xf16, #sw> -> !gir.memdesc<64x64xf16, #sw>
    nvgir.tma_load %d[%i, %i], %slot, %bars[%i] expected : !tir.tensordesc<tensor<64x64xf16>> -> !gir.memdesc<64x64xf16, #sw>, !nvgir.mbarriers<2>
    nvgir.tma_load %d[%i, %i], %slot, %bars[%i] : !tir.tensordesc<tensor<64x64xf16>> -> !gir.memdesc<64x64xf16, #sw>, !nvgir.mbarriers<2>
    return
  }
}
