// RUN: trident-opt %s -split-input-file --convert-gir-to-llvm | FileCheck %s

// nvgir.fence: fence.acq_rel at GPU or system scope (side-effecting inline
// assembly), or the async-shared proxy fence.
// CHECK-LABEL: llvm.func @fences
// CHECK: llvm.inline_asm has_side_effects "fence.acq_rel.gpu;"
// CHECK: llvm.inline_asm has_side_effects "fence.acq_rel.sys;"
// CHECK: nvvm.fence.proxy {kind = #nvvm.proxy_kind<async.shared>, space = #nvvm.shared_space<cta>}
module attributes {gir.compute_capability = 90 : i32, gir.num_warps = 4 : i32, gir.threads_per_warp = 32 : i32} {
  func.func @fences() {
    nvgir.fence "gpu"
    nvgir.fence "sys"
    nvgir.fence "async_shared"
    return
  }
}

// -----

// Named barriers: bar.sync to wait, bar.arrive to count and go on.
// CHECK-LABEL: llvm.func @named
// CHECK: llvm.inline_asm has_side_effects "bar.sync 9, 256;"
// CHECK: llvm.inline_asm has_side_effects "bar.arrive 10, 256;"
module attributes {gir.compute_capability = 90 : i32, gir.num_warps = 4 : i32, gir.threads_per_warp = 32 : i32} {
  func.func @named() {
    nvgir.named_barrier {id = 9 : i32, threads = 256 : i32}
    nvgir.named_barrier {arrive, id = 10 : i32, threads = 256 : i32}
    return
  }
}
