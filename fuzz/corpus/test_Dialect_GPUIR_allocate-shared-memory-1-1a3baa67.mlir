// Offsets already recorded are kept (a plugin's pass may place buffers
// itself); the others follow them.
// CHECK-LABEL: func.func @kept
// CHECK: gir.local_alloc {gir.shared_offset = 65536 : i64}
// CHECK: gir.local_alloc {gir.shared_offset = 81920 : i64}
#shared = #gir.nvmma_shared<swizzle = 128, order = [1, 0]>
module attributes {gir.compute_capability = 90 : i32, gir.num_warps = 4 : i32, gir.threads_per_warp = 32 : i32} {
  func.func @kept() {
    %a = gir.local_alloc {gir.shared_offset = 65536 : i64} : !gir.memdesc<128x64xbf16, #shared>
    %b = gir.local_alloc : !gir.memdesc<128x64xbf16, #shared>
    return
  }
}
