// CHECK: error: the kernel's shared-memory buffers need 300000 bytes, over the 232448-byte limit of shared memory per program on sm_90; the largest is this 'gpux.scratchpad' (300000 bytes)
module attributes {gir.compute_capability = 90 : i32, gir.num_warps = 4 : i32, gir.threads_per_warp = 32 : i32} {
  func.func @too_big() {
    %pad = gpux.scratchpad {bytes = 300000 : i64, alignment = 16 : i64} : !llvm.ptr<3>
    return
  }
}
