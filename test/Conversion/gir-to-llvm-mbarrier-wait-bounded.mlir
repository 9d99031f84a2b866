// RUN: trident-opt %s --convert-gir-to-llvm | FileCheck %s

// A bounded wait (gir-bound-barrier-waits): a loop of try-waits that reads
// %globaltimer; past the bound, lane 0 of each warp prints the barrier,
// phase, block, warp, waiter and source line, and every thread fails an
// assertion (the driver prints the report, the launch fails).
// CHECK: llvm.mlir.global private constant @__trident_printf_0("trident: barrier wait timed out after 250 ms: barrier %d (shared memory 0x%x) waits for the end of its phase of parity %d; block (%d, %d, %d), warp %d (partition 2) at kernel.py:42\0A\00")
// CHECK-LABEL: llvm.func @bounded
// CHECK: llvm.inline_asm has_side_effects {{.*}}"mov.u64 $0, %globaltimer;"
// CHECK: llvm.inline_asm has_side_effects {{.*}}mbarrier.try_wait.parity.shared::cta.b64 p, [$1], $2
// CHECK: llvm.call @vprintf
// CHECK: llvm.call @__assertfail
// CHECK-NOT: nvvm.mbarrier.try_wait.parity
// CHECK: llvm.return
module attributes {gir.compute_capability = 90 : i32, gir.num_warps = 4 : i32, gir.threads_per_warp = 32 : i32} {
  func.func @bounded(%i: i32, %p: i32) {
    %bars = nvgir.mbarrier_alloc {arrivals = 128 : i32} : !nvgir.mbarriers<2>
    nvgir.mbarrier_wait %bars[%i], %p {timeout_ms = 250 : i64, waiter = "partition 2"} : !nvgir.mbarriers<2> loc("kernel.py":42:5)
    return
  }
}
