// RUN: trident-opt %s -split-input-file -verify-diagnostics --gir-cluster-barriers | FileCheck %s

// A clustered kernel that arrives on another CTA's barrier: a cluster
// barrier after its last barrier allocation (barrier_init), one before it
// returns.
// CHECK-LABEL: func.func @remote
// CHECK: nvgir.mbarrier_alloc
// CHECK: nvgir.mbarrier_alloc
// CHECK-NEXT: nvgir.cluster_barrier {barrier_init}
// CHECK: nvgir.mbarrier_arrive %{{.*}} on %{{.*}}
// CHECK-NEXT: nvgir.cluster_barrier
// CHECK-NOT: barrier_init
// CHECK-NEXT: return
module attributes {gir.cluster_dims = array<i32: 2, 1, 1>, gir.compute_capability = 90 : i32, gir.num_warps = 4 : i32, gir.threads_per_warp = 32 : i32} {
  func.func @remote(%i: i32, %peer: i32) attributes {tir.kernel} {
    %a = nvgir.mbarrier_alloc {arrivals = 2 : i32} : !nvgir.mbarriers<2>
    %b = nvgir.mbarrier_alloc {arrivals = 1 : i32} : !nvgir.mbarriers<1>
    nvgir.mbarrier_arrive %a[%i] on %peer : !nvgir.mbarriers<2>
    return
  }
}

// -----

// Without another CTA's memory in use, or without clusters, nothing.
// CHECK-LABEL: func.func @local
// CHECK-NOT: nvgir.cluster_barrier
module attributes {gir.cluster_dims = array<i32: 2, 1, 1>, gir.compute_capability = 90 : i32, gir.num_warps = 4 : i32, gir.threads_per_warp = 32 : i32} {
  func.func @local(%i: i32) attributes {tir.kernel} {
    %a = nvgir.mbarrier_alloc {arrivals = 1 : i32} : !nvgir.mbarriers<2>
    nvgir.mbarrier_arrive %a[%i] : !nvgir.mbarriers<2>
    return
  }
}

// -----

// CHECK-LABEL: func.func @unclustered
// CHECK-NOT: nvgir.cluster_barrier
module attributes {gir.compute_capability = 90 : i32, gir.num_warps = 4 : i32, gir.threads_per_warp = 32 : i32} {
  func.func @unclustered(%i: i32) attributes {tir.kernel} {
    %a = nvgir.mbarrier_alloc {arrivals = 1 : i32} : !nvgir.mbarriers<2>
    nvgir.mbarrier_arrive %a[%i] on %i : !nvgir.mbarriers<2>
    return
  }
}

// -----

// Barriers other CTAs may arrive on are set up at the kernel's top level.
module attributes {gir.cluster_dims = array<i32: 2, 1, 1>, gir.compute_capability = 90 : i32, gir.num_warps = 4 : i32, gir.threads_per_warp = 32 : i32} {
  func.func @nested(%i: i32, %c: i1) attributes {tir.kernel} {
    scf.if %c {
      // expected-error @+1 {{'nvgir.mbarrier_alloc' op allocates barriers inside a region of kernel 'nested', whose CTAs use each other's (thread-block clusters): allocate them at the kernel's top level}}
      %a = nvgir.mbarrier_alloc {arrivals = 1 : i32} : !nvgir.mbarriers<2>
      nvgir.mbarrier_arrive %a[%i] on %i : !nvgir.mbarriers<2>
    }
    return
  }
}
