// RUN: trident-opt %s --convert-gir-to-llvm | FileCheck %s

// nvgir.mbarrier_wait: the try-wait loop on the phase's parity, then a
// proxy fence (what cp.async wrote through the generic proxy, visible to
// wgmma's async proxy) unless the waited writes are TMA's (async_writes)
// or the wait is unfenced (read by generic loads only, or fence-copies=false).
// CHECK-LABEL: llvm.func @waits
// CHECK: nvvm.mbarrier.init
// CHECK: nvvm.fence.proxy
// CHECK: nvvm.barrier0
// CHECK: nvvm.mbarrier.try_wait.parity
// CHECK-NEXT: nvvm.fence.proxy
// CHECK: nvvm.mbarrier.try_wait.parity
// CHECK-NOT: nvvm.fence.proxy
// CHECK: nvvm.mbarrier.try_wait.parity
// CHECK-NOT: nvvm.fence.proxy
// CHECK: llvm.return
module attributes {gir.compute_capability = 90 : i32, gir.num_warps = 4 : i32, gir.threads_per_warp = 32 : i32} {
  func.func @waits(%i: i32, %p: i32) {
    %bars = nvgir.mbarrier_alloc {arrivals = 128 : i32} : !nvgir.mbarriers<2>
    nvgir.mbarrier_wait %bars[%i], %p : !nvgir.mbarriers<2>
    nvgir.mbarrier_wait %bars[%i], %p {async_writes} : !nvgir.mbarriers<2>
    nvgir.mbarrier_wait %bars[%i], %p {unfenced} : !nvgir.mbarriers<2>
    return
  }
}
