// gpu-ext's gpux.scratchpad implements SharedMemoryBufferOpInterface: the
// core's gir-allocate-shared-memory places it with the core's buffers and
// checks it against the limit; the plugin's lowering reads its offset.
// A kernel that stages gpux.reverse in a scratchpad: the kernel's shared
// memory is the pad's 4096 bytes (no scratch), and ptxas assembles it.
// META: "shared_bytes": 4096

// The pad after the 16 KiB tile, at its 16-byte alignment; the barriers
// after the pad.
// CHECK-LABEL: func.func @with_core_buffers
// CHECK: gir.local_alloc {gir.shared_offset = 0 : i64}
// CHECK: gpux.scratchpad {alignment = 16 : i64, bytes = 100 : i64, gir.shared_offset = 16384 : i64}
// CHECK: nvgir.mbarrier_alloc {arrivals = 1 : i32, gir.shared_offset = 16488 : i64}
#shared = #gir.nvmma_shared<swizzle = 128, order = [1, 0]>
module attributes {gir.compute_capability = 90 : i32, gir.num_warps = 4 : i32, gir.threads_per_warp = 32 : i32} {
  func.func @with_core_buffers() {
    %a = gir.local_alloc : !gir.memdesc<128x64xbf16, #shared>
    %pad = gpux.scratchpad {bytes = 100 : i64, alignment = 16 : i64} : !llvm.ptr<3>
    %bars = nvgir.mbarrier_alloc {arrivals = 1 : i32} : !nvgir.mbarriers<1>
    return
  }
}
