// gpux.scratchpad's errors: the core's allocator checks what the op asks
// for, and the plugin's verifier the staging's size.
// RUN: not trident-opt --load-plugin=%plugins/libGpuExtPlugin.so %s -split-input-file --gir-allocate-shared-memory 2>&1 | FileCheck %s

// CHECK: error: 'gpux.scratchpad' op asks for a shared-memory alignment of 3 bytes; alignments are powers of two up to 1024
module attributes {gir.compute_capability = 90 : i32, gir.num_warps = 4 : i32, gir.threads_per_warp = 32 : i32} {
  func.func @bad_alignment() {
    %pad = gpux.scratchpad {bytes = 64 : i64, alignment = 3 : i64} : !llvm.ptr<3>
    return
  }
}

// -----

// CHECK: error: the kernel's shared-memory buffers need 300000 bytes, over the 232448-byte limit of shared memory per program on sm_90; the largest is this 'gpux.scratchpad' (300000 bytes)
module attributes {gir.compute_capability = 90 : i32, gir.num_warps = 4 : i32, gir.threads_per_warp = 32 : i32} {
  func.func @too_big() {
    %pad = gpux.scratchpad {bytes = 300000 : i64, alignment = 16 : i64} : !llvm.ptr<3>
    return
  }
}

// -----

// CHECK: error: 'gpux.reverse' op needs 4096 bytes of staging, the scratchpad has 1024
module attributes {gir.compute_capability = 90 : i32, gir.num_warps = 4 : i32, gir.threads_per_warp = 32 : i32} {
  func.func @small_pad(%x: tensor<1024xf32>) -> tensor<1024xf32> {
    %pad = gpux.scratchpad {bytes = 1024 : i64, alignment = 16 : i64} : !llvm.ptr<3>
    %r = gpux.reverse %x staged in %pad : !llvm.ptr<3> : tensor<1024xf32>
    return %r : tensor<1024xf32>
  }
}
