// Scratch goes where no live persistent buffer is. The ring (2 x 16 KiB)
// and its mbarriers are live through the loop, so the layout conversion in
// the loop gets its scratch past them (32768 + 16, aligned to 128); after
// the loop the ring is dead and the next conversion's scratch starts at 0,
// over it. The module needs 32896 + 4352 bytes (a 32x32 f32 tile and its
// padding), not 32896 + 2 x 4352.
// CHECK: module attributes {{{.*}}trident.shared_bytes = 37248 : i32
// CHECK-LABEL: llvm.func @ring_then_scratch
// CHECK: nvvm.cp.async.bulk.tensor.shared.cluster.global
// CHECK: nvvm.barrier0
// CHECK-NEXT: %[[S1:.*]] = llvm.mlir.addressof @__trident_dynamic_smem
// CHECK-NEXT: %[[O1:.*]] = llvm.mlir.constant(32896 : i32) : i32
// CHECK-NEXT: llvm.getelementptr %[[S1]][%[[O1]]]
// CHECK: llvm.br ^bb1
// CHECK: ^bb3:
// CHECK-NEXT: nvvm.barrier0
// CHECK-NEXT: %[[S2:.*]] = llvm.mlir.addressof @__trident_dynamic_smem
// CHECK-NEXT: %[[O2:.*]] = llvm.mlir.constant(0 : i32) : i32
// CHECK-NEXT: llvm.getelementptr %[[S2]][%[[O2]]]
#sw = #gir.nvmma_shared<swizzle = 128, order = [1, 0]>
#a = #gir.blocked<sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]>
#b = #gir.blocked<sizePerThread = [4, 1], threadsPerWarp = [4, 8], warpsPerCTA = [1, 4], order = [0, 1]>
module attributes {gir.num_warps = 4 : i32, gir.threads_per_warp = 32 : i32, gir.compute_capability = 90 : i32} {
  func.func @ring_then_scratch(%d: !tir.tensordesc<tensor<128x64xbf16>>, %k: i32, %p: !tir.ptr<f32>) attributes {tir.kernel} {
    %n = arith.index_cast %k : i32 to index
    %x = arith.constant dense<1.0> : tensor<32x32xf32, #a>
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %i0 = arith.constant 0 : i32
    %ring = gir.local_alloc : !gir.memdesc<2x128x64xbf16, #sw>
    %bars = nvgir.mbarrier_alloc {arrivals = 1 : i32} : !nvgir.mbarriers<2>
    %in = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %x) -> (tensor<32x32xf32, #a>) {
      %slot = gir.memdesc_index %ring[%i0] : !gir.memdesc<2x128x64xbf16, #sw> -> !gir.memdesc<128x64xbf16, #sw>
      nvgir.tma_load %d[%i0, %i0], %slot, %bars[%i0] : !tir.tensordesc<tensor<128x64xbf16>> -> !gir.memdesc<128x64xbf16, #sw>, !nvgir.mbarriers<2>
      %t = gir.convert_layout %acc : tensor<32x32xf32, #a> -> tensor<32x32xf32, #b>
      %u = gir.convert_layout %t : tensor<32x32xf32, #b> -> tensor<32x32xf32, #a>
      scf.yield %u : tensor<32x32xf32, #a>
    }
    %out = gir.convert_layout %in : tensor<32x32xf32, #a> -> tensor<32x32xf32, #b>
    %out2 = gir.convert_layout %x : tensor<32x32xf32, #a> -> tensor<32x32xf32, #b>
    %ps = tir.splat %p : !tir.ptr<f32> -> tensor<32x32x!tir.ptr<f32>, #b>
    tir.store %ps, %out : tensor<32x32x!tir.ptr<f32>, #b>
    tir.store %ps, %out2 : tensor<32x32x!tir.ptr<f32>, #b>
    return
  }
}
