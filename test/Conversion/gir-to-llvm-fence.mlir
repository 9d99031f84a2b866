// RUN: trident-opt %s --convert-gir-to-llvm | FileCheck %s

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
