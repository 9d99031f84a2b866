// RUN: trident-opt %s -split-input-file --convert-tir-to-gir --convert-gir-to-llvm | FileCheck %s

// Atomics on NVIDIA (AtomicToLLVM.cpp): PTX's own atoms are inline `atom`
// instructions that name the op's ordering and scope in Triton's order:
// the scope first for read-modify-writes, the ordering first for
// compare-and-swap. Every ordering and scope reaches the PTX.
// CHECK-LABEL: llvm.func @orderings
// CHECK: "atom.global.gpu.relaxed.add.u32 $0, [$1], $2;", "=r,l,r"
// CHECK: "atom.global.cta.acquire.max.s32 $0, [$1], $2;", "=r,l,r"
// CHECK: "atom.global.sys.release.min.u32 $0, [$1], $2;", "=r,l,r"
// CHECK: "atom.global.gpu.acq_rel.exch.b32 $0, [$1], $2;", "=r,l,r"
// CHECK: "atom.global.relaxed.cta.cas.b32 $0, [$1], $2, $3;", "=r,l,r,r"
// CHECK: "atom.global.acquire.sys.cas.b32 $0, [$1], $2, $3;", "=r,l,r,r"
// CHECK: "atom.global.release.gpu.cas.b32 $0, [$1], $2, $3;", "=r,l,r,r"
// CHECK: "atom.global.acq_rel.gpu.cas.b32 $0, [$1], $2, $3;", "=r,l,r,r"
// CHECK-NOT: llvm.atomicrmw
// CHECK-NOT: llvm.cmpxchg
// CHECK: llvm.return
func.func @orderings(%p: !tir.ptr<i32>, %v: i32) attributes {tir.kernel} {
  %a = tir.atomic_rmw add, relaxed, gpu, %p, %v : !tir.ptr<i32>
  %b = tir.atomic_rmw max, acquire, cta, %p, %v : !tir.ptr<i32>
  %c = tir.atomic_rmw umin, release, sys, %p, %v : !tir.ptr<i32>
  %d = tir.atomic_rmw xchg, acq_rel, gpu, %p, %v : !tir.ptr<i32>
  %e = tir.atomic_cas relaxed, cta, %p, %v, %v : !tir.ptr<i32>
  %f = tir.atomic_cas acquire, sys, %p, %v, %v : !tir.ptr<i32>
  %g = tir.atomic_cas release, gpu, %p, %v, %v : !tir.ptr<i32>
  %h = tir.atomic_cas acq_rel, gpu, %p, %v, %v : !tir.ptr<i32>
  return
}

// -----

// Floats: adds in PTX's float forms; exchanges and compare-and-swaps on
// the bits (16-bit registers for f16 and bf16).
// CHECK-LABEL: llvm.func @floats
// CHECK: "atom.global.gpu.acq_rel.add.noftz.f16 $0, [$1], $2;", "=h,l,h"
// CHECK: "atom.global.gpu.acq_rel.add.noftz.bf16 $0, [$1], $2;", "=h,l,h"
// CHECK: "atom.global.gpu.acq_rel.add.f64 $0, [$1], $2;", "=l,l,l"
// CHECK: %[[XB:.*]] = llvm.bitcast %{{.*}} : f32 to i32
// CHECK: %[[XO:.*]] = llvm.inline_asm has_side_effects "atom.global.gpu.relaxed.exch.b32 $0, [$1], $2;", "=r,l,r" %{{.*}}, %[[XB]]
// CHECK: llvm.bitcast %[[XO]] : i32 to f32
// CHECK: llvm.bitcast %{{.*}} : bf16 to i16
// CHECK: %[[CO:.*]] = llvm.inline_asm has_side_effects "atom.global.acq_rel.gpu.cas.b16 $0, [$1], $2, $3;", "=h,l,h,h"
// CHECK: llvm.bitcast %[[CO]] : i16 to bf16
// CHECK: "atom.global.acquire.cta.cas.b16 $0, [$1], $2, $3;", "=h,l,h,h"
// CHECK: "atom.global.relaxed.gpu.cas.b32 $0, [$1], $2, $3;", "=r,l,r,r"
// CHECK: llvm.bitcast %{{.*}} : f64 to i64
// CHECK: "atom.global.release.sys.cas.b64 $0, [$1], $2, $3;", "=l,l,l,l"
func.func @floats(%h: !tir.ptr<f16>, %b: !tir.ptr<bf16>, %s: !tir.ptr<f32>,
                  %d: !tir.ptr<f64>, %vh: f16, %vb: bf16, %vs: f32,
                  %vd: f64) attributes {tir.kernel} {
  %0 = tir.atomic_rmw fadd, acq_rel, gpu, %h, %vh : !tir.ptr<f16>
  %1 = tir.atomic_rmw fadd, acq_rel, gpu, %b, %vb : !tir.ptr<bf16>
  %2 = tir.atomic_rmw fadd, acq_rel, gpu, %d, %vd : !tir.ptr<f64>
  %3 = tir.atomic_rmw xchg, relaxed, gpu, %s, %vs : !tir.ptr<f32>
  %4 = tir.atomic_cas acq_rel, gpu, %b, %vb, %vb : !tir.ptr<bf16>
  %5 = tir.atomic_cas acquire, cta, %h, %vh, %vh : !tir.ptr<f16>
  %6 = tir.atomic_cas relaxed, gpu, %s, %vs, %vs : !tir.ptr<f32>
  %7 = tir.atomic_cas release, sys, %d, %vd, %vd : !tir.ptr<f64>
  return
}

// -----

// What PTX has no atom for (8- and 16-bit integers, float max) stays an
// LLVM atomic, relaxed, between a release fence before and an acquire
// fence after as its ordering asks: NVPTX keeps a fence's ordering, not
// always an atomicrmw's.
// CHECK-LABEL: llvm.func @fenced
// CHECK: llvm.fence syncscope("device") release
// CHECK-NEXT: llvm.atomicrmw _and %{{.*}}, %{{.*}} syncscope("device") monotonic : !llvm.ptr<1>, i16
// CHECK-NEXT: llvm.fence syncscope("device") acquire
// CHECK: llvm.fence syncscope("block") release
// CHECK-NEXT: llvm.atomicrmw _or %{{.*}}, %{{.*}} syncscope("block") monotonic : !llvm.ptr<1>, i8
// CHECK-NOT: llvm.fence
// CHECK: llvm.atomicrmw fmax %{{.*}}, %{{.*}} monotonic : !llvm.ptr<1>, f32
// CHECK-NEXT: llvm.fence acquire
// CHECK: llvm.atomicrmw _xor %{{.*}}, %{{.*}} syncscope("device") monotonic : !llvm.ptr<1>, i16
// CHECK-NOT: llvm.fence
// CHECK: llvm.return
func.func @fenced(%p: !tir.ptr<i16>, %q: !tir.ptr<i8>, %r: !tir.ptr<f32>,
                  %v: i16, %w: i8, %x: f32) attributes {tir.kernel} {
  %0 = tir.atomic_rmw and, acq_rel, gpu, %p, %v : !tir.ptr<i16>
  %1 = tir.atomic_rmw or, release, cta, %q, %w : !tir.ptr<i8>
  %2 = tir.atomic_rmw max, acquire, sys, %r, %x : !tir.ptr<f32>
  %3 = tir.atomic_rmw xor, relaxed, gpu, %p, %v : !tir.ptr<i16>
  return
}

// -----

// Before sm_90 PTX has no bf16 add: an LLVM atomic between fences.
// CHECK-LABEL: llvm.func @bf16_add_sm80
// CHECK: llvm.fence syncscope("device") release
// CHECK-NEXT: llvm.atomicrmw fadd %{{.*}}, %{{.*}} syncscope("device") monotonic : !llvm.ptr<1>, bf16
// CHECK-NEXT: llvm.fence syncscope("device") acquire
// CHECK: "atom.global.gpu.acq_rel.add.noftz.f16
module attributes {gir.compute_capability = 80 : i32} {
func.func @bf16_add_sm80(%b: !tir.ptr<bf16>, %h: !tir.ptr<f16>, %vb: bf16,
                         %vh: f16) attributes {tir.kernel} {
  %0 = tir.atomic_rmw fadd, acq_rel, gpu, %b, %vb : !tir.ptr<bf16>
  %1 = tir.atomic_rmw fadd, acq_rel, gpu, %h, %vh : !tir.ptr<f16>
  return
}
}
