// RUN: trident-opt %s --convert-gir-to-llvm | FileCheck %s

// nvgir.warpgroup_dot on an e4m3 A and an e5m2 B, both K-major (B's
// order [0, 1]: K contiguous): four k32 steps
// per warpgroup.
// The descriptors: each operand's start field (address bits 4-17) is
// extracted once, before the fence, by an opaque bfe (LLVM must not learn
// its low bits from the buffer's alignment and turn the K steps' adds into
// ors of different constants, which ptxas cannot rematerialize from one
// base); each K step is one 64-bit add of the constant fields and its
// offset / 16 (no shift, mask or or per instruction).
// Each warpgroup's rows of A start at 64 rows per warpgroup; the
// warpgroup index (warp / 4) is read from lane 0 by a shuffle, which tells
// ptxas it is warp-uniform (the descriptors then stay on the uniform
// datapath instead of moving from vector registers before each wgmma).
// CHECK-LABEL: llvm.func @fp8_warpgroup_dot
// CHECK: llvm.udiv
// CHECK: %[[G:.*]] = llvm.udiv
// CHECK: nvvm.shfl.sync  idx %{{.*}}, %[[G]], %{{.*}}, %{{.*}} : i32 -> i32
// CHECK: %[[AF:.*]] = llvm.inline_asm "bfe.u32 $0, $1, 4, 14;", "=r,r"
// CHECK: %[[ALOW:.*]] = llvm.zext %[[AF]] : i32 to i64
// CHECK: %[[BF:.*]] = llvm.inline_asm "bfe.u32 $0, $1, 4, 14;", "=r,r"
// CHECK: %[[BLOW:.*]] = llvm.zext %[[BF]] : i32 to i64
// CHECK: nvvm.wgmma.fence.aligned
// CHECK-NOT: llvm.lshr
// CHECK-NOT: llvm.or
// CHECK: llvm.add %[[ALOW]], %{{.*}} : i64
// CHECK: llvm.add %[[BLOW]], %{{.*}} : i64
// CHECK: nvvm.wgmma.mma_async {{.*}} <m = 64, n = 64, k = 32>, D[<f32>, <one>], A[<e4m3>, <one>, <row>], B[<e5m2>, <one>, <col>]
// CHECK-NOT: llvm.lshr
// CHECK-NOT: llvm.or
// CHECK: llvm.add %[[ALOW]], %{{.*}} : i64
// CHECK: llvm.add %[[BLOW]], %{{.*}} : i64
// CHECK-COUNT-3: nvvm.wgmma.mma_async {{.*}} <m = 64, n = 64, k = 32>, D[<f32>, <one>], A[<e4m3>, <one>, <row>], B[<e5m2>, <one>, <col>]
#ka = #gir.nvmma_shared<swizzle = 128, order = [1, 0]>
#kb = #gir.nvmma_shared<swizzle = 128, order = [0, 1]>
#acc = #gir.wgmma<warpsPerCTA = [8, 1], instrN = 64>
module attributes {gir.compute_capability = 90 : i32, gir.num_warps = 8 : i32, gir.threads_per_warp = 32 : i32} {
  func.func @fp8_warpgroup_dot(%c: tensor<128x64xf32, #acc>) -> tensor<128x64xf32, #acc> {
    %a = gir.local_alloc : !gir.memdesc<128x128xf8E4M3FN, #ka>
    %b = gir.local_alloc : !gir.memdesc<128x64xf8E5M2, #kb>
    %d = nvgir.warpgroup_dot %a, %b, %c : !gir.memdesc<128x128xf8E4M3FN, #ka> * !gir.memdesc<128x64xf8E5M2, #kb> -> tensor<128x64xf32, #acc>
    return %d : tensor<128x64xf32, #acc>
  }
}
