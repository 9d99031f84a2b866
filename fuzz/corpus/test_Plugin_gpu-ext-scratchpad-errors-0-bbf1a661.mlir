// gpux.scratchpad's errors: the core's allocator checks what the op asks
// for, and the plugin's verifier the staging's size.

// CHECK: error: 'gpux.scratchpad' op asks for a shared-memory alignment of 3 bytes; alignments are powers of two up to 1024
module attributes {gir.compute_capability = 90 : i32, gir.num_warps = 4 : i32, gir.threads_per_warp = 32 : i32} {
  func.func @bad_alignment() {
    %pad = gpux.scratchpad {bytes = 64 : i64, alignment = 3 : i64} : !llvm.ptr<3>
    return
  }
}
