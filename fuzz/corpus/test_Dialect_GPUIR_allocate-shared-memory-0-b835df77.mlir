// Buffers in program order, each at the next offset its alignment allows:
// 32 KiB of ring from 0, two mbarriers (8-byte aligned) after it, the next
// tile at the next 1024-byte boundary.
// CHECK-LABEL: func.func @buffers
// CHECK: gir.local_alloc {gir.shared_offset = 0 : i64} : !gir.memdesc<2x128x64xbf16
// CHECK: nvgir.mbarrier_alloc {arrivals = 1 : i32, gir.shared_offset = 32768 : i64}
// CHECK: gir.local_alloc {gir.shared_offset = 33792 : i64} : !gir.memdesc<64x128xbf16
// The lowering takes the recorded offsets, and the kernel's dynamic shared
// memory ends after the last buffer.
// LLVM: trident.shared_bytes = 50176 : i32
// LLVM-LABEL: llvm.func @buffers
// LLVM: llvm.mlir.constant(0 : i32) : i32
// LLVM: llvm.mlir.constant(32768 : i32) : i32
// LLVM: llvm.mlir.constant(33792 : i32) : i32
#shared = #gir.nvmma_shared<swizzle = 128, order = [1, 0]>
module attributes {gir.compute_capability = 90 : i32, gir.num_warps = 4 : i32, gir.threads_per_warp = 32 : i32} {
  func.func @buffers() {
    %a = gir.local_alloc : !gir.memdesc<2x128x64xbf16, #shared>
    %bars = nvgir.mbarrier_alloc {arrivals = 1 : i32} : !nvgir.mbarriers<2>
    %b = gir.local_alloc : !gir.memdesc<64x128xbf16, #shared>
    return
  }
}
