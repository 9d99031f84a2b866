// RUN: trident-opt %s -split-input-file --convert-gir-to-llvm | FileCheck %s

// A 64x64 accumulator on 8 warps puts the two warpgroups side by side
// along N (#gir.wgmma<warpsPerCTA = [4, 2]>): each runs its own m64n32
// instructions over all 64 rows of A (no row offset for A: 0 * 8192
// bytes) and its own 32 columns of B, warpgroup g = warp / 4 (read from
// lane 0) starting at column 32 g. A K-major B (128-byte rows of K) moves
// 32 g rows of 128 bytes.
// CHECK-LABEL: llvm.func @k_major_b
// CHECK: %[[WARP:.*]] = llvm.udiv %{{.*}}, %{{.*}} : i32
// CHECK: %[[G:.*]] = llvm.udiv %[[WARP]], %{{.*}} : i32
// CHECK: %[[GROUP:.*]] = nvvm.shfl.sync idx %{{.*}}, %[[G]],
// CHECK: %[[ZERO:.*]] = llvm.mlir.constant(0 : i32) : i32
// CHECK: %[[AROWS:.*]] = llvm.mlir.constant(8192 : i32) : i32
// CHECK: llvm.mul %[[ZERO]], %[[AROWS]] : i32
// CHECK: %[[C32:.*]] = llvm.mlir.constant(32 : i32) : i32
// CHECK: %[[COL:.*]] = llvm.mul %[[GROUP]], %[[C32]] : i32
// CHECK: %[[C128:.*]] = llvm.mlir.constant(128 : i32) : i32
// CHECK: %[[BOFF:.*]] = llvm.mul %[[COL]], %[[C128]] : i32
// CHECK: %[[BOFF64:.*]] = llvm.zext %[[BOFF]] : i32 to i64
// CHECK: %[[BADDR:.*]] = llvm.add %{{.*}}, %[[BOFF64]] : i64
// CHECK: %[[BTRUNC:.*]] = llvm.trunc %[[BADDR]] : i64 to i32
// CHECK: %[[BLOW:.*]] = llvm.inline_asm "bfe.u32 $0, $1, 4, 14;", "=r,r" %[[BTRUNC]]
// CHECK: %[[BLOW64:.*]] = llvm.zext %[[BLOW]] : i32 to i64
// CHECK: %[[BDESC:.*]] = llvm.add %[[BLOW64]], %{{.*}} : i64
// CHECK: nvvm.wgmma.mma_async %{{.*}}, %[[BDESC]], %{{.*}}, <m = 64, n = 32, k = 16>
// CHECK-COUNT-3: nvvm.wgmma.mma_async {{.*}} <m = 64, n = 32, k = 16>
// CHECK-NOT: nvvm.wgmma.mma_async
// CHECK: nvvm.wgmma.commit.group.sync.aligned

// An N-major B (rows of 64 N elements, 128-byte swizzle atoms of 64
// columns): column 32 g is atom 32 g / 64 (8192 bytes each) plus 32 g % 64
// elements of 2 bytes into the atom's rows.
// CHECK-LABEL: llvm.func @n_major_b
// CHECK: %[[GROUP:.*]] = nvvm.shfl.sync idx
// CHECK: %[[C32:.*]] = llvm.mlir.constant(32 : i32) : i32
// CHECK: %[[COL:.*]] = llvm.mul %[[GROUP]], %[[C32]] : i32
// CHECK: %[[ATOM:.*]] = llvm.udiv %[[COL]], %{{.*}} : i32
// CHECK: %[[IN:.*]] = llvm.urem %[[COL]], %{{.*}} : i32
// CHECK: %[[ATOMB:.*]] = llvm.mlir.constant(8192 : i32) : i32
// CHECK: %[[X:.*]] = llvm.mul %[[ATOM]], %[[ATOMB]] : i32
// CHECK: %[[TWO:.*]] = llvm.mlir.constant(2 : i32) : i32
// CHECK: %[[Y:.*]] = llvm.mul %[[IN]], %[[TWO]] : i32
// CHECK: llvm.add %[[X]], %[[Y]] : i32
// CHECK-COUNT-4: nvvm.wgmma.mma_async {{.*}} <m = 64, n = 32, k = 16>, D[<f32>, <one>], A[<f16>, <one>, <row>], B[<f16>, <one>, <row>]
// CHECK-NOT: nvvm.wgmma.mma_async

// 128 rows on 16 warps: two warpgroups along M (A offset by 64 rows, 8192
// bytes, for gM = g % 2), two along N (B by 64 columns for gN = g / 2).
// CHECK-LABEL: llvm.func @both
// CHECK: %[[GROUP:.*]] = nvvm.shfl.sync idx
// CHECK: %[[TWO:.*]] = llvm.mlir.constant(2 : i32) : i32
// CHECK: %[[GM:.*]] = llvm.urem %[[GROUP]], %[[TWO]] : i32
// CHECK: %[[TWO2:.*]] = llvm.mlir.constant(2 : i32) : i32
// CHECK: %[[GN:.*]] = llvm.udiv %[[GROUP]], %[[TWO2]] : i32
// CHECK: %[[AROWS:.*]] = llvm.mlir.constant(8192 : i32) : i32
// CHECK: llvm.mul %[[GM]], %[[AROWS]] : i32
// CHECK: %[[C64:.*]] = llvm.mlir.constant(64 : i32) : i32
// CHECK: llvm.mul %[[GN]], %[[C64]] : i32
// CHECK-COUNT-4: nvvm.wgmma.mma_async {{.*}} <m = 64, n = 64, k = 16>
// CHECK-NOT: nvvm.wgmma.mma_async
#ka = #gir.nvmma_shared<swizzle = 128, order = [1, 0]>
#kb = #gir.nvmma_shared<swizzle = 128, order = [0, 1]>
#acc = #gir.wgmma<warpsPerCTA = [4, 2], instrN = 32>
module attributes {gir.compute_capability = 90 : i32, gir.num_warps = 8 : i32, gir.threads_per_warp = 32 : i32} {
  func.func @k_major_b(%c: tensor<64x64xf32, #acc>) -> tensor<64x64xf32, #acc> {
    %a = gir.local_alloc : !gir.memdesc<64x64xf16, #ka>
    %b = gir.local_alloc : !gir.memdesc<64x64xf16, #kb>
    %d = nvgir.warpgroup_dot %a, %b, %c : !gir.memdesc<64x64xf16, #ka> * !gir.memdesc<64x64xf16, #kb> -> tensor<64x64xf32, #acc>
    return %d : tensor<64x64xf32, #acc>
  }
  func.func @n_major_b(%c: tensor<64x64xf32, #acc>) -> tensor<64x64xf32, #acc> {
    %a = gir.local_alloc : !gir.memdesc<64x64xf16, #ka>
    %b = gir.local_alloc : !gir.memdesc<64x64xf16, #ka>
    %d = nvgir.warpgroup_dot %a, %b, %c : !gir.memdesc<64x64xf16, #ka> * !gir.memdesc<64x64xf16, #ka> -> tensor<64x64xf32, #acc>
    return %d : tensor<64x64xf32, #acc>
  }
}

// -----

#ka = #gir.nvmma_shared<swizzle = 128, order = [1, 0]>
#kb = #gir.nvmma_shared<swizzle = 128, order = [0, 1]>
#acc16 = #gir.wgmma<warpsPerCTA = [8, 2], instrN = 64>
module attributes {gir.compute_capability = 90 : i32, gir.num_warps = 16 : i32, gir.threads_per_warp = 32 : i32} {
  func.func @both(%c: tensor<128x128xf32, #acc16>) -> tensor<128x128xf32, #acc16> {
    %a = gir.local_alloc : !gir.memdesc<128x64xf16, #ka>
    %b = gir.local_alloc : !gir.memdesc<64x128xf16, #kb>
    %d = nvgir.warpgroup_dot %a, %b, %c : !gir.memdesc<128x64xf16, #ka> * !gir.memdesc<64x128xf16, #kb> -> tensor<128x128xf32, #acc16>
    return %d : tensor<128x128xf32, #acc16>
  }
}
