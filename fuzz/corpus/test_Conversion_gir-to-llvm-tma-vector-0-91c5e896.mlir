// A descriptor store of the matmul's wgmma accumulator (bf16): each thread
// holds pairs of consecutive elements of a row, which stay adjacent under
// the 128-byte swizzle (it moves 16-byte chunks), so each pair is one
// 4-byte store: 64 per thread for 128 x 256 elements over 256 threads.
// CHECK-LABEL: llvm.func @store_acc
// CHECK-COUNT-64: llvm.store %{{.*}}, %{{.*}} {alignment = 4 : i64} : vector<2xbf16>, !llvm.ptr<3>
// CHECK-NOT: llvm.store
// CHECK: nvvm.fence.proxy
// CHECK: nvvm.cp.async.bulk.tensor.global.shared.cta
#wgmma = #gir.wgmma<warpsPerCTA = [8, 1], instrN = 256>
module attributes {gir.num_warps = 8 : i32, gir.threads_per_warp = 32 : i32, gir.compute_capability = 90 : i32} {
  func.func @store_acc(%d: !tir.tensordesc<tensor<128x256xbf16>>, %i: i32) attributes {tir.kernel} {
    %x = arith.constant dense<1.0> : tensor<128x256xbf16, #wgmma>
    tir.descriptor_store %d[%i, %i], %x : !tir.tensordesc<tensor<128x256xbf16>> -> tensor<128x256xbf16, #wgmma>
    return
  }
}
