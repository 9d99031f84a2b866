// RUN: trident-opt %s --convert-gir-to-llvm | FileCheck %s

// A warpgroup dot whose accumulator is a constant zero (tl.dot(a, b) with
// no acc: attention's q k^T) reads no accumulator: the first K step has
// scale-d 0 and no register is zeroed for it; the other K steps add.
// CHECK-LABEL: llvm.func @zero_acc
// CHECK-NOT: llvm.insertvalue
// CHECK: nvvm.wgmma.mma_async {{.*}} <m = 64, n = 64, k = 16>, D[<f32>, <zero>]
// CHECK-COUNT-3: nvvm.wgmma.mma_async {{.*}} <m = 64, n = 64, k = 16>, D[<f32>, <one>]
// CHECK-NOT: nvvm.wgmma.mma_async

// An accumulator that is not a constant zero is read by the first step.
// CHECK-LABEL: llvm.func @given_acc
// CHECK: llvm.insertvalue
// CHECK: nvvm.wgmma.mma_async {{.*}} <m = 64, n = 64, k = 16>, D[<f32>, <one>]
#ka = #gir.nvmma_shared<swizzle = 128, order = [1, 0]>
#kb = #gir.nvmma_shared<swizzle = 128, order = [0, 1]>
#acc = #gir.wgmma<warpsPerCTA = [4, 1], instrN = 64>
module attributes {gir.compute_capability = 90 : i32, gir.num_warps = 4 : i32, gir.threads_per_warp = 32 : i32} {
  func.func @zero_acc() -> tensor<64x64xf32, #acc> {
    %a = gir.local_alloc : !gir.memdesc<64x64xf16, #ka>
    %b = gir.local_alloc : !gir.memdesc<64x64xf16, #kb>
    %c = arith.constant dense<0.0> : tensor<64x64xf32, #acc>
    %d = nvgir.warpgroup_dot %a, %b, %c : !gir.memdesc<64x64xf16, #ka> * !gir.memdesc<64x64xf16, #kb> -> tensor<64x64xf32, #acc>
    return %d : tensor<64x64xf32, #acc>
  }
  func.func @given_acc(%c: tensor<64x64xf32, #acc>) -> tensor<64x64xf32, #acc> {
    %a = gir.local_alloc : !gir.memdesc<64x64xf16, #ka>
    %b = gir.local_alloc : !gir.memdesc<64x64xf16, #kb>
    %d = nvgir.warpgroup_dot %a, %b, %c : !gir.memdesc<64x64xf16, #ka> * !gir.memdesc<64x64xf16, #kb> -> tensor<64x64xf32, #acc>
    return %d : tensor<64x64xf32, #acc>
  }
}
