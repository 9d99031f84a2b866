// RUN: trident-opt %s -split-input-file --convert-gir-to-llvm | FileCheck %s

// An fp8 warpgroup dot with max_num_imprecise_acc = 64 over K = 128 (four
// k32 steps): two runs of two steps. Each run starts from zero (scale-d 0
// on its first step, reading no accumulator), is committed and waited for
// by a wait that takes and returns the run's 32 sums (so no add reads them
// earlier), then the sums are added to the accumulator in f32 (Triton's
// promotion on Hopper): 2 x 32 llvm.fadd, and no other wait.
// CHECK-LABEL: llvm.func @promote_runs
// CHECK: nvvm.wgmma.fence.aligned
// CHECK: nvvm.wgmma.mma_async {{.*}} D[<f32>, <zero>], A[<e4m3>, <one>, <row>], B[<e5m2>, <one>, <col>]
// CHECK-NOT: llvm.fadd
// CHECK: nvvm.wgmma.mma_async {{.*}} D[<f32>, <one>], A[<e4m3>, <one>, <row>], B[<e5m2>, <one>, <col>]
// CHECK-NEXT: llvm.extractvalue
// CHECK-NOT: llvm.fadd
// CHECK: nvvm.wgmma.commit.group.sync.aligned
// CHECK-NEXT: %[[W1:.*]] = llvm.inline_asm has_side_effects "wgmma.wait_group.sync.aligned 0;", "{{(=f,)+}}0,1,{{.*}},31"
// CHECK: %[[S1:.*]] = llvm.extractvalue %[[W1]][0]
// CHECK: llvm.fadd %{{.*}}, %[[S1]] : f32
// CHECK-COUNT-31: llvm.fadd
// CHECK-NOT: llvm.fadd
// CHECK: nvvm.wgmma.fence.aligned
// CHECK: nvvm.wgmma.mma_async {{.*}} D[<f32>, <zero>]
// CHECK: nvvm.wgmma.mma_async {{.*}} D[<f32>, <one>]
// CHECK: nvvm.wgmma.commit.group.sync.aligned
// CHECK-NEXT: llvm.inline_asm has_side_effects "wgmma.wait_group.sync.aligned 0;"
// CHECK-COUNT-32: llvm.fadd
// CHECK-NOT: llvm.fadd
// CHECK-NOT: nvvm.wgmma
// CHECK: llvm.return
#ka = #gir.nvmma_shared<swizzle = 128, order = [1, 0]>
#kb = #gir.nvmma_shared<swizzle = 128, order = [0, 1]>
#acc = #gir.wgmma<warpsPerCTA = [4, 1], instrN = 64>
module attributes {gir.compute_capability = 90 : i32, gir.num_warps = 4 : i32, gir.threads_per_warp = 32 : i32} {
  func.func @promote_runs(%c: tensor<64x64xf32, #acc>) -> tensor<64x64xf32, #acc> {
    %a = gir.local_alloc : !gir.memdesc<64x128xf8E4M3FN, #ka>
    %b = gir.local_alloc : !gir.memdesc<128x64xf8E5M2, #kb>
    %d = nvgir.warpgroup_dot %a, %b, %c max_num_imprecise_acc = 64 : !gir.memdesc<64x128xf8E4M3FN, #ka> * !gir.memdesc<128x64xf8E5M2, #kb> -> tensor<64x64xf32, #acc>
    return %d : tensor<64x64xf32, #acc>
  }
}

// -----

// The bound is a count of products: 96 gives runs of three k32 steps (at
// most 96 products each), the last run the one step left.
// CHECK-LABEL: llvm.func @promote_uneven
// CHECK: nvvm.wgmma.mma_async {{.*}} D[<f32>, <zero>]
// CHECK-COUNT-2: nvvm.wgmma.mma_async {{.*}} D[<f32>, <one>]
// CHECK: nvvm.wgmma.commit.group.sync.aligned
// CHECK: nvvm.wgmma.mma_async {{.*}} D[<f32>, <zero>]
// CHECK-NOT: nvvm.wgmma.mma_async
// CHECK: nvvm.wgmma.commit.group.sync.aligned
// CHECK: llvm.return
#ka = #gir.nvmma_shared<swizzle = 128, order = [1, 0]>
#kb = #gir.nvmma_shared<swizzle = 128, order = [0, 1]>
#acc = #gir.wgmma<warpsPerCTA = [4, 1], instrN = 64>
module attributes {gir.compute_capability = 90 : i32, gir.num_warps = 4 : i32, gir.threads_per_warp = 32 : i32} {
  func.func @promote_uneven(%c: tensor<64x64xf32, #acc>) -> tensor<64x64xf32, #acc> {
    %a = gir.local_alloc : !gir.memdesc<64x128xf8E4M3FN, #ka>
    %b = gir.local_alloc : !gir.memdesc<128x64xf8E4M3FN, #kb>
    %d = nvgir.warpgroup_dot %a, %b, %c max_num_imprecise_acc = 96 : !gir.memdesc<64x128xf8E4M3FN, #ka> * !gir.memdesc<128x64xf8E4M3FN, #kb> -> tensor<64x64xf32, #acc>
    return %d : tensor<64x64xf32, #acc>
  }
}

// -----

// A zero accumulator is not read: the first run's sums are the result so
// far (no add), the second run's are added to them. With a run-time
// use_c, the old accumulator counts where it is true (a select before the
// adds).
// CHECK-LABEL: llvm.func @promote_zero
// CHECK: nvvm.wgmma.commit.group.sync.aligned
// CHECK-NOT: llvm.fadd
// CHECK: nvvm.wgmma.commit.group.sync.aligned
// CHECK-COUNT-32: llvm.fadd
// CHECK-NOT: llvm.fadd
// CHECK-LABEL: llvm.func @promote_use_c
// CHECK-COUNT-32: llvm.select %{{.*}}, %{{.*}}, %{{.*}} : i1, f32
// CHECK: nvvm.wgmma.mma_async {{.*}} D[<f32>, <zero>]
// CHECK: nvvm.wgmma.commit.group.sync.aligned
// CHECK-COUNT-32: llvm.fadd
// CHECK: nvvm.wgmma.mma_async {{.*}} D[<f32>, <zero>]
// CHECK: nvvm.wgmma.commit.group.sync.aligned
// CHECK-COUNT-32: llvm.fadd
// CHECK-NOT: llvm.fadd
#ka = #gir.nvmma_shared<swizzle = 64, order = [1, 0]>
#kb = #gir.nvmma_shared<swizzle = 64, order = [0, 1]>
#acc = #gir.wgmma<warpsPerCTA = [4, 1], instrN = 64>
module attributes {gir.compute_capability = 90 : i32, gir.num_warps = 4 : i32, gir.threads_per_warp = 32 : i32} {
  func.func @promote_zero() -> tensor<64x64xf32, #acc> {
    %c = arith.constant dense<0.0> : tensor<64x64xf32, #acc>
    %a = gir.local_alloc : !gir.memdesc<64x64xf8E4M3FN, #ka>
    %b = gir.local_alloc : !gir.memdesc<64x64xf8E4M3FN, #kb>
    %d = nvgir.warpgroup_dot %a, %b, %c max_num_imprecise_acc = 32 : !gir.memdesc<64x64xf8E4M3FN, #ka> * !gir.memdesc<64x64xf8E4M3FN, #kb> -> tensor<64x64xf32, #acc>
    return %d : tensor<64x64xf32, #acc>
  }
  func.func @promote_use_c(%c: tensor<64x64xf32, #acc>, %p: i1) -> tensor<64x64xf32, #acc> {
    %a = gir.local_alloc : !gir.memdesc<64x64xf8E4M3FN, #ka>
    %b = gir.local_alloc : !gir.memdesc<64x64xf8E4M3FN, #kb>
    %d = nvgir.warpgroup_dot %a, %b, %c use_c %p max_num_imprecise_acc = 32 : !gir.memdesc<64x64xf8E4M3FN, #ka> * !gir.memdesc<64x64xf8E4M3FN, #kb> -> tensor<64x64xf32, #acc>
    return %d : tensor<64x64xf32, #acc>
  }
}
