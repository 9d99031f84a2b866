// Scratch is planned with the buffers: a reduction across the 4 warps
// declares 4 slots for each of its 128 columns (2 KiB), placed at 0 over
// the ring, which is dead by then, and a layout conversion of the same
// 32x128 tile (16 KiB of staging) after it, again at 0; the buffer made
// after both follows the ring (buffers never share bytes). The lowering
// takes its scratch at the planned offsets.
// CHECK-LABEL: func.func @scratch
// CHECK: gir.local_alloc {gir.shared_offset = 0 : i64}
// CHECK: tir.reduce {{.*}} {gir.scratch_offset = 0 : i64}
// CHECK: gir.convert_layout %{{.*}} {gir.scratch_offset = 0 : i64}
// CHECK: gir.local_alloc {gir.shared_offset = 16384 : i64}
// LLVM: trident.shared_bytes = 32768 : i32
// LLVM-LABEL: llvm.func @scratch
#shared = #gir.nvmma_shared<swizzle = 128, order = [1, 0]>
#b = #gir.blocked<sizePerThread = [1, 4], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]>
#c = #gir.blocked<sizePerThread = [4, 1], threadsPerWarp = [32, 1], warpsPerCTA = [1, 4], order = [0, 1]>
module attributes {gir.compute_capability = 90 : i32, gir.num_warps = 4 : i32, gir.threads_per_warp = 32 : i32} {
  func.func @scratch(%x: tensor<32x128xf32, #b>) -> (tensor<128xf32, #gir.slice<dim = 0, parent = #b>>, tensor<32x128xf32, #c>) {
    %ring = gir.local_alloc : !gir.memdesc<128x64xbf16, #shared>
    %s = tir.reduce %x axis = 0 : tensor<32x128xf32, #b> -> tensor<128xf32, #gir.slice<dim = 0, parent = #b>> {
    ^bb0(%p: f32, %q: f32):
      %t = arith.addf %p, %q : f32
      tir.reduce.return %t : f32
    }
    %y = gir.convert_layout %x : tensor<32x128xf32, #b> -> tensor<32x128xf32, #c>
    %late = gir.local_alloc : !gir.memdesc<128x64xbf16, #shared>
    return %s, %y : tensor<128xf32, #gir.slice<dim = 0, parent = #b>>, tensor<32x128xf32, #c>
  }
}
