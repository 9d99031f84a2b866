// RUN: trident-opt %s -split-input-file --convert-gir-to-llvm | FileCheck %s

// tl.exp2 on f32 is ex2.approx.ftz.f32 per element (Triton's __nv_exp2f
// under flush-to-zero): no denormal fix-up around each MUFU.EX2. tl.exp
// is exp2(x * log2 e) that keeps denormal results (ex2.approx.f32, as
// Triton's tl.exp). f64 exp2 stays libdevice's.
#blocked = #gir.blocked<sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>
module attributes {gir.num_warps = 4 : i32, gir.threads_per_warp = 32 : i32, gir.compute_capability = 90 : i32} {
  // CHECK-LABEL: llvm.func @exp2_tile
  // CHECK-COUNT-2: llvm.call_intrinsic "llvm.nvvm.ex2.approx.ftz.f32"({{.*}}) : (f32) -> f32
  // CHECK-NOT: ex2
  // CHECK: llvm.return
  func.func @exp2_tile(%x: tensor<256xf32, #blocked>) -> tensor<256xf32, #blocked> {
    %e = math.exp2 %x : tensor<256xf32, #blocked>
    return %e : tensor<256xf32, #blocked>
  }
  // CHECK-LABEL: llvm.func @exp2_scalar
  // CHECK: llvm.call_intrinsic "llvm.nvvm.ex2.approx.ftz.f32"({{.*}}) : (f32) -> f32
  func.func @exp2_scalar(%x: f32) -> f32 {
    %e = math.exp2 %x : f32
    return %e : f32
  }
  // CHECK-LABEL: llvm.func @exp_tile
  // CHECK: llvm.fmul
  // CHECK: llvm.intr.exp2({{.*}}) : (vector<2xf32>) -> vector<2xf32>
  // CHECK-NOT: ftz
  // CHECK: llvm.return
  func.func @exp_tile(%x: tensor<256xf32, #blocked>) -> tensor<256xf32, #blocked> {
    %e = math.exp %x : tensor<256xf32, #blocked>
    return %e : tensor<256xf32, #blocked>
  }
  // CHECK-LABEL: llvm.func @exp2_f64
  // CHECK: llvm.call @__nv_exp2
  // CHECK-NOT: ftz
  func.func @exp2_f64(%x: f64) -> f64 {
    %e = math.exp2 %x : f64
    return %e : f64
  }
}

// -----

// With trident.reflect_ftz = false (Triton's enable_reflect_ftz=False),
// tl.exp2 keeps denormal results too.
// CHECK: module attributes {{{.*}}trident.reflect_ftz = false
module attributes {gir.num_warps = 4 : i32, gir.threads_per_warp = 32 : i32, gir.compute_capability = 90 : i32, trident.reflect_ftz = false} {
  // CHECK-LABEL: llvm.func @exp2_no_ftz
  // CHECK: llvm.call_intrinsic "llvm.nvvm.ex2.approx.f32"({{.*}}) : (f32) -> f32
  // CHECK-NOT: ftz
  // CHECK: llvm.return
  func.func @exp2_no_ftz(%x: f32) -> f32 {
    %e = math.exp2 %x : f32
    return %e : f32
  }
}
