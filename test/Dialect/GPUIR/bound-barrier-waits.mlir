// RUN: trident-opt %s --gir-bound-barrier-waits=timeout-ms=250 | FileCheck %s
// RUN: not trident-opt %s --gir-bound-barrier-waits=timeout-ms=0 2>&1 | FileCheck %s --check-prefix=ZERO

// Every barrier wait gets the bound and the region of the program that
// waits: outside warp specialization the program, inside it the default
// region or the partition by its index.
// CHECK-LABEL: func.func @waits
// CHECK: nvgir.mbarrier_wait {{.*}} {timeout_ms = 250 : i64, waiter = "the program"}
// CHECK: tir.warp_specialize
// CHECK: nvgir.mbarrier_wait {{.*}} {timeout_ms = 250 : i64, waiter = "the default region"}
// CHECK: partition num_warps(4)
// CHECK: nvgir.mbarrier_wait {{.*}} {timeout_ms = 250 : i64, waiter = "partition 0"}
// CHECK: partition num_warps(4)
// CHECK: nvgir.mbarrier_wait {{.*}} {timeout_ms = 250 : i64, unfenced, waiter = "partition 1"}
// ZERO: gir-bound-barrier-waits: timeout-ms must be positive, not 0
module attributes {gir.compute_capability = 90 : i32, gir.num_warps = 4 : i32, gir.threads_per_warp = 32 : i32} {
  func.func @waits(%i: i32, %p: i32) attributes {tir.kernel} {
    %bars = nvgir.mbarrier_alloc {arrivals = 1 : i32} : !nvgir.mbarriers<2>
    nvgir.mbarrier_wait %bars[%i], %p : !nvgir.mbarriers<2>
    tir.warp_specialize(%bars, %i : !nvgir.mbarriers<2>, i32) {
      nvgir.mbarrier_wait %bars[%i], %p : !nvgir.mbarriers<2>
    } partition num_warps(4) (%b0: !nvgir.mbarriers<2>, %i0: i32) {
      nvgir.mbarrier_wait %b0[%i0], %i0 : !nvgir.mbarriers<2>
    } partition num_warps(4) (%b1: !nvgir.mbarriers<2>, %i1: i32) {
      nvgir.mbarrier_wait %b1[%i1], %i1 {unfenced} : !nvgir.mbarriers<2>
    }
    return
  }
}
