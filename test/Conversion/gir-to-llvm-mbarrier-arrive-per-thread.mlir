// RUN: trident-opt %s --convert-gir-to-llvm | FileCheck %s

// A barrier that counts threads (per_thread): every thread arrives, with no
// test of the thread id first (the group's first thread alone otherwise).
// CHECK-LABEL: llvm.func @per_thread
// CHECK: nvvm.mbarrier.init
// CHECK: nvvm.barrier0
// CHECK-NOT: nvvm.read.ptx.sreg.tid.x
// CHECK: nvvm.mbarrier.arrive %{{[0-9]+}} : !llvm.ptr<3>
// CHECK-NEXT: llvm.return
module attributes {gir.compute_capability = 90 : i32, gir.num_warps = 4 : i32, gir.threads_per_warp = 32 : i32} {
  func.func @per_thread(%i: i32) {
    %bars = nvgir.mbarrier_alloc {arrivals = 128 : i32} : !nvgir.mbarriers<2>
    nvgir.mbarrier_arrive %bars[%i] {per_thread} : !nvgir.mbarriers<2>
    return
  }
}
