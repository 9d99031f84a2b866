// RUN: trident-opt %s --convert-gir-to-llvm | FileCheck %s

// nvgir.tma_store: the group's first thread copies each box of the buffer
// (a 64x64 f16 block: one 128-byte-wide box) under a predicate, every
// thread commits its bulk group; nvgir.tma_store_wait waits for the reads.
// A register tile goes into the swizzled buffer first (gir.local_store of
// a #gir.nvmma_shared tile: 16-byte vector stores).
// CHECK-LABEL: llvm.func @store
// CHECK: llvm.store %{{.*}} {alignment = 16 : i64} : vector<8xf16>, !llvm.ptr<3>
// CHECK: nvvm.cp.async.bulk.tensor.global.shared.cta
// CHECK-NOT: nvvm.cp.async.bulk.tensor.global.shared.cta
// CHECK: nvvm.cp.async.bulk.commit.group
// CHECK: nvvm.cp.async.bulk.wait_group 0 {read}
#b = #gir.blocked<sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]>
#sw = #gir.nvmma_shared<swizzle = 128, order = [1, 0]>
module attributes {gir.compute_capability = 90 : i32, gir.num_warps = 4 : i32, gir.threads_per_warp = 32 : i32} {
  func.func @store(%d: !tir.tensordesc<tensor<64x64xf16>>, %i: i32, %t: tensor<64x64xf16, #b>) {
    %ring = gir.local_alloc : !gir.memdesc<1x64x64xf16, #sw>
    %zero = arith.constant 0 : i32
    %slot = gir.memdesc_index %ring[%zero] : !gir.memdesc<1x64x64xf16, #sw> -> !gir.memdesc<64x64xf16, #sw>
    gir.local_store %t, %slot : tensor<64x64xf16, #b>, !gir.memdesc<64x64xf16, #sw>
    nvgir.fence "async_shared"
    nvgir.tma_store %d[%i, %i], %slot : !tir.tensordesc<tensor<64x64xf16>>, !gir.memdesc<64x64xf16, #sw>
    nvgir.tma_store_wait {pendings = 0 : i32}
    return
  }
}
