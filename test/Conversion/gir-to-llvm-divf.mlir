// RUN: trident-opt %s --convert-tir-to-gir --convert-gir-to-llvm | FileCheck %s

// f32 division as Triton's `/`: llvm.nvvm.div.full (div.full.f32), element
// by element of a thread's registers and on scalars; tir.div_rn
// (tl.math.div_rn) keeps LLVM's IEEE fdiv (div.rn.f32), and so does f64.
// CHECK-LABEL: llvm.func @divide
// CHECK-COUNT-2: llvm.call_intrinsic "llvm.nvvm.div.full"(%{{.*}}, %{{.*}}) : (f32, f32) -> f32
// CHECK-NOT: llvm.call_intrinsic "llvm.nvvm.div.full"
// CHECK: llvm.fdiv %{{.*}}, %{{.*}} {tir.div_rn} : vector<2xf32>
// CHECK: llvm.call_intrinsic "llvm.nvvm.div.full"(%{{.*}}, %{{.*}}) : (f32, f32) -> f32
// CHECK: llvm.fdiv %{{.*}}, %{{.*}} : f64
func.func @divide(%x: !tir.ptr<f32>, %s: f32, %t: f32, %d: f64, %o: !tir.ptr<f64>) attributes {tir.kernel} {
  %r = tir.make_range 0 to 256 : tensor<256xi32>
  %xs = tir.splat %x : !tir.ptr<f32> -> tensor<256x!tir.ptr<f32>>
  %p = tir.addptr %xs, %r : tensor<256x!tir.ptr<f32>>, tensor<256xi32>
  %v = tir.load %p : tensor<256x!tir.ptr<f32>>
  %q = arith.divf %v, %v : tensor<256xf32>
  %e = arith.divf %q, %v {tir.div_rn} : tensor<256xf32>
  tir.store %p, %e : tensor<256x!tir.ptr<f32>>
  %sq = arith.divf %s, %t : f32
  tir.store %x, %sq : !tir.ptr<f32>
  %dq = arith.divf %d, %d : f64
  tir.store %o, %dq : !tir.ptr<f64>
  return
}
