// Over sm_80's 163 KiB: an error at the largest buffer, notes at the next.
// CHECK: error: the kernel's shared-memory buffers need 180224 bytes, over the 166912-byte limit of shared memory per program on sm_80; the largest is this 'gir.local_alloc' (131072 bytes)
// CHECK: note: then this 'gir.local_alloc' (32768 bytes)
// CHECK: note: then this 'gir.local_alloc' (16384 bytes)
#shared = #gir.nvmma_shared<swizzle = 128, order = [1, 0]>
module attributes {gir.compute_capability = 80 : i32, gir.num_warps = 4 : i32, gir.threads_per_warp = 32 : i32} {
  func.func @too_big() {
    %a = gir.local_alloc : !gir.memdesc<128x64xbf16, #shared>
    %b = gir.local_alloc : !gir.memdesc<8x128x64xbf16, #shared>
    %c = gir.local_alloc : !gir.memdesc<2x128x64xbf16, #shared>
    return
  }
}
