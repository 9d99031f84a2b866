// RUN: trident-opt %s -split-input-file --convert-tir-to-gir="compute-capability=90" --gir-coalesce --gir-dot-layouts --gir-remove-layout-conversions --gir-pipeline="num-stages=3" --canonicalize | FileCheck %s
// RUN: trident-opt %s -split-input-file --convert-tir-to-gir="compute-capability=90" --gir-coalesce --gir-dot-layouts --gir-remove-layout-conversions --gir-pipeline="num-stages=3 fence-copies=false" --canonicalize | FileCheck %s --check-prefix=UNFENCED

// The attention loop (Triton's tutorial 06): two dots, q loaded before the
// loop, K loaded by TMA and read transposed, p computed (a register A), V
// loaded by TMA. q is copied once by TMA into a one-stage buffer before the
// loop, where q was loaded (its own mbarrier, waited at phase 0 just
// before the loop), which the first dot reads.
// K and V get a ring each, filled by TMA two iterations ahead, and a
// barrier group each (one mbarrier per stage, thread 0's arrival with the
// block's bytes): the iteration waits for K before Q K^T and for V only
// before P V, so V's copy may still land while Q K^T and the softmax run.
// Both dots read B from the rings (K through a transposed view) and take
// their A in registers. Several dots: each completes in its iteration (no
// `async`), so the copies run S-1 = 2 ahead into the slot the previous
// iteration read.
// CHECK-LABEL: func.func @attention_tma
// CHECK: %[[QB:.*]] = gir.local_alloc : !gir.memdesc<1x64x64xf16, #shared>
// CHECK: %[[QBAR:.*]] = nvgir.mbarrier_alloc {arrivals = 1 : i32} : !nvgir.mbarriers<1>
// CHECK: nvgir.tma_load %arg0[%arg3, %c0_i32], %{{.*}}, %[[QBAR]][%c0_i32] if %true
// CHECK: %[[Q:.*]] = gir.memdesc_index %[[QB]][%c0_i32]
// CHECK: %[[K:.*]] = gir.local_alloc : !gir.memdesc<3x64x64xf16, #shared>
// CHECK: %[[V:.*]] = gir.local_alloc : !gir.memdesc<3x64x64xf16, #shared>
// CHECK: %[[KBARS:.*]] = nvgir.mbarrier_alloc {arrivals = 1 : i32} : !nvgir.mbarriers<3>
// CHECK: %[[VBARS:.*]] = nvgir.mbarrier_alloc {arrivals = 1 : i32} : !nvgir.mbarriers<3>
// CHECK: nvgir.mbarrier_wait %[[QBAR]][%c0_i32], %c0_i32 {async_writes}
// CHECK: nvgir.tma_load %arg1[{{.*}}], {{.*}}, %[[KBARS]][%c0_i32] if
// CHECK: nvgir.tma_load %arg2[{{.*}}], {{.*}}, %[[VBARS]][%c0_i32] if
// CHECK: nvgir.tma_load %arg1[{{.*}}], {{.*}}, %[[KBARS]][%c1_i32] if
// CHECK: nvgir.tma_load %arg2[{{.*}}], {{.*}}, %[[VBARS]][%c1_i32] if
// CHECK: scf.for {{.*}} iter_args({{.*}}, %[[READ:[^ ]+]] = %c0_i32, %[[WRITE:[^ ]+]] = %c2_i32, %[[PHASE:[^ ]+]] = %c0_i32)
// CHECK-NEXT: gir.barrier
// CHECK: nvgir.tma_load %arg1[{{.*}}], {{.*}}, %[[KBARS]][%[[WRITE]]] if
// CHECK: nvgir.tma_load %arg2[{{.*}}], {{.*}}, %[[VBARS]][%[[WRITE]]] if
// CHECK-NEXT: nvgir.mbarrier_wait %[[KBARS]][%[[READ]]], %[[PHASE]] {async_writes}
// CHECK-NEXT: %[[KS:.*]] = gir.memdesc_index %[[K]][%[[READ]]]
// CHECK-NEXT: %[[KT:.*]] = gir.memdesc_trans %[[KS]]
// CHECK-NEXT: %[[QK:.*]] = nvgir.warpgroup_dot %[[Q]], %[[KT]], %{{.*}} : !gir.memdesc<64x64xf16, #shared> * !gir.memdesc<64x64xf16, #shared1> -> tensor<64x64xf32, #wgmma>
// CHECK-NOT: async
// CHECK: math.exp2
// CHECK: %[[P:.*]] = arith.truncf
// CHECK-NEXT: nvgir.mbarrier_wait %[[VBARS]][%[[READ]]], %[[PHASE]] {async_writes}
// CHECK-NEXT: %[[VS:.*]] = gir.memdesc_index %[[V]][%[[READ]]]
// CHECK-NEXT: nvgir.warpgroup_dot %{{.*}}, %[[VS]], %{{.*}} : tensor<64x64xf16, {{.*}}> * !gir.memdesc<64x64xf16, #shared> -> tensor<64x64xf32, #wgmma>
// CHECK-NOT: tir.descriptor_load
// CHECK-NOT: tir.dot
// CHECK: scf.yield
// After the loop: no cp.async to drain; a barrier before the rings' bytes
// serve anything else.
// CHECK-NEXT: }
// CHECK-NEXT: gir.barrier
module attributes {tir.num_warps = 4 : i32} {
func.func @attention_tma(%Q: !tir.tensordesc<tensor<64x64xf16>>,
                         %K: !tir.tensordesc<tensor<64x64xf16>>,
                         %V: !tir.tensordesc<tensor<64x64xf16>>,
                         %m0: i32, %n: i32) -> tensor<64x64xf32> {
  %c0 = arith.constant 0 : i32
  %c64 = arith.constant 64 : i32
  %zero = arith.constant dense<0.0> : tensor<64x64xf32>
  %q = tir.descriptor_load %Q[%m0, %c0] : !tir.tensordesc<tensor<64x64xf16>>
  %acc = scf.for %i = %c0 to %n step %c64 iter_args(%acc_i = %zero) -> (tensor<64x64xf32>) : i32 {
    %k = tir.descriptor_load %K[%i, %c0] : !tir.tensordesc<tensor<64x64xf16>>
    %kt = tir.trans %k, [1, 0] : tensor<64x64xf16> -> tensor<64x64xf16>
    %qk = tir.dot %q, %kt, %zero : tensor<64x64xf16> * tensor<64x64xf16> -> tensor<64x64xf32>
    %e = math.exp2 %qk : tensor<64x64xf32>
    %p = arith.truncf %e : tensor<64x64xf32> to tensor<64x64xf16>
    %v = tir.descriptor_load %V[%i, %c0] : !tir.tensordesc<tensor<64x64xf16>>
    %d = tir.dot %p, %v, %acc_i : tensor<64x64xf16> * tensor<64x64xf16> -> tensor<64x64xf32>
    scf.yield %d : tensor<64x64xf32>
  }
  return %acc : tensor<64x64xf32>
}
}

// -----

// The same loop with pointer loads (the backward pass's idiom), q a
// register tile given to the function (stays registers): K and V
// tiles (64 x 64 f16, row-major, stepped by 64 rows each iteration) are
// copied by cp.async into their rings; K's and V's barrier groups each
// expect every thread's arrival (128) per stage, each thread arriving on
// K's after its K copies and on V's after its V copies (an arrival covers
// the thread's earlier copies, so K's barrier does not wait for V); the
// copies past the end are drained after the loop.
// CHECK-LABEL: func.func @attention_ptr
// CHECK: %[[K:.*]] = gir.local_alloc : !gir.memdesc<3x64x64xf16, #shared>
// CHECK: %[[V:.*]] = gir.local_alloc : !gir.memdesc<3x64x64xf16, #shared>
// CHECK: %[[KBARS:.*]] = nvgir.mbarrier_alloc {arrivals = 128 : i32} : !nvgir.mbarriers<3>
// CHECK: %[[VBARS:.*]] = nvgir.mbarrier_alloc {arrivals = 128 : i32} : !nvgir.mbarriers<3>
// CHECK: scf.for
// CHECK: gir.barrier
// CHECK: nvgir.async_copy
// CHECK-NEXT: nvgir.async_copy_arrive %[[KBARS]]
// CHECK: nvgir.async_copy
// CHECK-NEXT: nvgir.async_copy_arrive %[[VBARS]]
// CHECK: nvgir.mbarrier_wait %[[KBARS]]
// CHECK-NOT: async_writes
// CHECK-NOT: unfenced
// CHECK: gir.memdesc_trans
// CHECK: nvgir.warpgroup_dot %{{.*}} : tensor<64x64xf16, {{.*}}> * !gir.memdesc<64x64xf16, #shared1>
// CHECK: nvgir.mbarrier_wait %[[VBARS]]
// CHECK: nvgir.warpgroup_dot %{{.*}} : tensor<64x64xf16, {{.*}}> * !gir.memdesc<64x64xf16, #shared>
// CHECK-NOT: tir.load
// CHECK: scf.yield
// CHECK: nvgir.async_wait {pending = 0 : i32}
// CHECK-NEXT: gir.barrier
// With fence-copies=false (pipeline-variants' `copies-unfenced`), the
// waits for the cp.async stages that wgmma reads have no proxy fence, as
// Triton's pipeliner emits them.
// UNFENCED-LABEL: func.func @attention_ptr
// UNFENCED: nvgir.mbarrier_wait {{.*}} {unfenced}
// UNFENCED: nvgir.warpgroup_dot
// UNFENCED: nvgir.mbarrier_wait {{.*}} {unfenced}
// UNFENCED: nvgir.warpgroup_dot
module attributes {tir.num_warps = 4 : i32} {
func.func @attention_ptr(%q: tensor<64x64xf16>,
                         %kbase: !tir.ptr<f16> {tir.divisibility = 16 : i32},
                         %vbase: !tir.ptr<f16> {tir.divisibility = 16 : i32},
                         %n: i32) -> tensor<64x64xf32> {
  %c0 = arith.constant 0 : i32
  %c64 = arith.constant 64 : i32
  %zero = arith.constant dense<0.0> : tensor<64x64xf32>
  %r = tir.make_range 0 to 64 : tensor<64xi32>
  %rows = tir.expand_dims %r, axis = 1 : tensor<64xi32> -> tensor<64x1xi32>
  %s64 = tir.splat %c64 : i32 -> tensor<64x1xi32>
  %rowoff = arith.muli %rows, %s64 : tensor<64x1xi32>
  %rowb = tir.broadcast %rowoff : tensor<64x1xi32> -> tensor<64x64xi32>
  %cols = tir.expand_dims %r, axis = 0 : tensor<64xi32> -> tensor<1x64xi32>
  %colb = tir.broadcast %cols : tensor<1x64xi32> -> tensor<64x64xi32>
  %off = arith.addi %rowb, %colb : tensor<64x64xi32>
  %ks = tir.splat %kbase : !tir.ptr<f16> -> tensor<64x64x!tir.ptr<f16>>
  %pk0 = tir.addptr %ks, %off : tensor<64x64x!tir.ptr<f16>>, tensor<64x64xi32>
  %vs = tir.splat %vbase : !tir.ptr<f16> -> tensor<64x64x!tir.ptr<f16>>
  %pv0 = tir.addptr %vs, %off : tensor<64x64x!tir.ptr<f16>>, tensor<64x64xi32>
  %step = arith.constant dense<4096> : tensor<64x64xi32>
  %res:3 = scf.for %i = %c0 to %n step %c64 iter_args(%acc_i = %zero, %pk = %pk0, %pv = %pv0)
      -> (tensor<64x64xf32>, tensor<64x64x!tir.ptr<f16>>, tensor<64x64x!tir.ptr<f16>>) : i32 {
    %k = tir.load %pk : tensor<64x64x!tir.ptr<f16>>
    %kt = tir.trans %k, [1, 0] : tensor<64x64xf16> -> tensor<64x64xf16>
    %qk = tir.dot %q, %kt, %zero : tensor<64x64xf16> * tensor<64x64xf16> -> tensor<64x64xf32>
    %e = math.exp2 %qk : tensor<64x64xf32>
    %p = arith.truncf %e : tensor<64x64xf32> to tensor<64x64xf16>
    %v = tir.load %pv : tensor<64x64x!tir.ptr<f16>>
    %d = tir.dot %p, %v, %acc_i : tensor<64x64xf16> * tensor<64x64xf16> -> tensor<64x64xf32>
    %pk1 = tir.addptr %pk, %step : tensor<64x64x!tir.ptr<f16>>, tensor<64x64xi32>
    %pv1 = tir.addptr %pv, %step : tensor<64x64x!tir.ptr<f16>>, tensor<64x64xi32>
    scf.yield %d, %pk1, %pv1 : tensor<64x64xf32>, tensor<64x64x!tir.ptr<f16>>, tensor<64x64x!tir.ptr<f16>>
  }
  return %res#0 : tensor<64x64xf32>
}
}

// -----

// Left alone: the second dot's B is computed (no load to ring) and the
// first dot's B load is read again by a store (a load with another user
// is not ringed): no rewritten dot, nothing changes.
// CHECK-LABEL: func.func @attention_bail
// CHECK-NOT: gir.local_alloc
// CHECK-NOT: nvgir.warpgroup_dot
// CHECK: tir.dot
// CHECK: tir.dot
module attributes {tir.num_warps = 4 : i32} {
func.func @attention_bail(%q: tensor<64x64xf16>,
                          %K: !tir.tensordesc<tensor<64x64xf16>>,
                          %n: i32) -> tensor<64x64xf32> {
  %c0 = arith.constant 0 : i32
  %c64 = arith.constant 64 : i32
  %zero = arith.constant dense<0.0> : tensor<64x64xf32>
  %acc = scf.for %i = %c0 to %n step %c64 iter_args(%acc_i = %zero) -> (tensor<64x64xf32>) : i32 {
    %k = tir.descriptor_load %K[%i, %c0] : !tir.tensordesc<tensor<64x64xf16>>
    tir.descriptor_store %K[%i, %c0], %k : !tir.tensordesc<tensor<64x64xf16>>
    %qk = tir.dot %q, %k, %zero : tensor<64x64xf16> * tensor<64x64xf16> -> tensor<64x64xf32>
    %p = arith.truncf %qk : tensor<64x64xf32> to tensor<64x64xf16>
    %d = tir.dot %p, %q, %acc_i : tensor<64x64xf16> * tensor<64x64xf16> -> tensor<64x64xf32>
    scf.yield %d : tensor<64x64xf32>
  }
  return %acc : tensor<64x64xf32>
}
}

// -----

// A tile that feeds two dots, one as it is and one transposed (attention
// backward's q^T: Q K^T and dK): one ring and one cp.async per iteration;
// both dots read the same slot, the second through a transposed view. k,
// loaded before the loop from pointers with no known contiguity, is
// converted once into wgmma's register A layout.
// CHECK-LABEL: func.func @shared_tile
// CHECK: %[[RING:.*]] = gir.local_alloc : !gir.memdesc<3x64x32xf16, #shared>
// CHECK-NOT: gir.local_alloc
// CHECK: scf.for
// CHECK: nvgir.async_copy %
// CHECK-NOT: nvgir.async_copy %
// CHECK: %[[SLOT:.*]] = gir.memdesc_index %[[RING]][%[[READ:[a-z0-9_]+]]]
// CHECK: nvgir.warpgroup_dot %{{.*}}, %[[SLOT]], %{{.*}} : tensor<128x64xf16, #wgmma> * !gir.memdesc<64x32xf16, #shared>
// CHECK: %[[SLOT2:.*]] = gir.memdesc_index %[[RING]][%[[READ]]]
// CHECK: %[[T:.*]] = gir.memdesc_trans %[[SLOT2]], [1, 0]
// CHECK: nvgir.warpgroup_dot %{{.*}}, %[[T]], %{{.*}} : tensor<128x32xf16, #wgmma1> * !gir.memdesc<32x64xf16, #shared1>
// CHECK-NOT: tir.dot
// CHECK: scf.yield
module {
  func.func @shared_tile(%pa: tensor<128x64x!tir.ptr<f16>>,
                         %qbase: !tir.ptr<f16> {tir.divisibility = 16 : i32},
                         %n: i32) -> tensor<128x64xf32> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %z32 = arith.constant dense<0.0> : tensor<128x32xf32>
    %z64 = arith.constant dense<0.0> : tensor<128x64xf32>
    %k = tir.load %pa : tensor<128x64x!tir.ptr<f16>>
    %r64 = tir.make_range 0 to 64 : tensor<64xi32>
    %r32 = tir.make_range 0 to 32 : tensor<32xi32>
    %re = tir.expand_dims %r64, axis = 1 : tensor<64xi32> -> tensor<64x1xi32>
    %c32 = arith.constant dense<32> : tensor<64x1xi32>
    %rs = arith.muli %re, %c32 : tensor<64x1xi32>
    %rb = tir.broadcast %rs : tensor<64x1xi32> -> tensor<64x32xi32>
    %ce = tir.expand_dims %r32, axis = 0 : tensor<32xi32> -> tensor<1x32xi32>
    %cb = tir.broadcast %ce : tensor<1x32xi32> -> tensor<64x32xi32>
    %off = arith.addi %rb, %cb : tensor<64x32xi32>
    %qs = tir.splat %qbase : !tir.ptr<f16> -> tensor<64x32x!tir.ptr<f16>>
    %pq = tir.addptr %qs, %off : tensor<64x32x!tir.ptr<f16>>, tensor<64x32xi32>
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %z64) -> (tensor<128x64xf32>) : i32 {
      %qT = tir.load %pq : tensor<64x32x!tir.ptr<f16>>
      %s = tir.dot %k, %qT, %z32 : tensor<128x64xf16> * tensor<64x32xf16> -> tensor<128x32xf32>
      %p = arith.truncf %s : tensor<128x32xf32> to tensor<128x32xf16>
      %q = tir.trans %qT, [1, 0] : tensor<64x32xf16> -> tensor<32x64xf16>
      %d = tir.dot %p, %q, %acc : tensor<128x32xf16> * tensor<32x64xf16> -> tensor<128x64xf32>
      scf.yield %d : tensor<128x64xf32>
    }
    return %r : tensor<128x64xf32>
  }
}

// -----

// q loaded once before two loops whose dots read it as A (attention
// backward's q and dO, read by both dQ loops): one copy into shared
// memory, issued where q is loaded, waited for before each loop (the
// barrier completes its phase once); both loops' dots read that one view.
// CHECK-LABEL: func.func @invariant_two_loops
// CHECK: %[[QB:.*]] = gir.local_alloc : !gir.memdesc<1x64x64xf16, #shared>
// CHECK: %[[QBAR:.*]] = nvgir.mbarrier_alloc {arrivals = 1 : i32} : !nvgir.mbarriers<1>
// CHECK: nvgir.tma_load %arg0[%c0_i32, %c0_i32], %{{.*}}, %[[QBAR]][%c0_i32] if %true
// CHECK: %[[Q:.*]] = gir.memdesc_index %[[QB]][%c0_i32]
// CHECK-NOT: gir.local_alloc : !gir.memdesc<1x
// CHECK: nvgir.mbarrier_wait %[[QBAR]][%c0_i32], %c0_i32 {async_writes}
// CHECK: scf.for
// CHECK: nvgir.warpgroup_dot %[[Q]],
// CHECK: scf.yield
// CHECK-NOT: gir.local_alloc : !gir.memdesc<1x
// CHECK: nvgir.mbarrier_wait %[[QBAR]][%c0_i32], %c0_i32 {async_writes}
// CHECK: scf.for
// CHECK: nvgir.warpgroup_dot %[[Q]],
// CHECK: scf.yield
// CHECK-NOT: tir.descriptor_load %arg0
module attributes {tir.num_warps = 4 : i32} {
func.func @invariant_two_loops(%Q: !tir.tensordesc<tensor<64x64xf16>>,
                               %K: !tir.tensordesc<tensor<64x64xf16>>,
                               %n: i32) -> (tensor<64x64xf32>, tensor<64x64xf32>) {
  %c0 = arith.constant 0 : i32
  %c64 = arith.constant 64 : i32
  %zero = arith.constant dense<0.0> : tensor<64x64xf32>
  %q = tir.descriptor_load %Q[%c0, %c0] : !tir.tensordesc<tensor<64x64xf16>>
  %a = scf.for %i = %c0 to %n step %c64 iter_args(%acc_i = %zero) -> (tensor<64x64xf32>) : i32 {
    %k = tir.descriptor_load %K[%i, %c0] : !tir.tensordesc<tensor<64x64xf16>>
    %d = tir.dot %q, %k, %acc_i : tensor<64x64xf16> * tensor<64x64xf16> -> tensor<64x64xf32>
    scf.yield %d : tensor<64x64xf32>
  }
  %b = scf.for %i = %c0 to %n step %c64 iter_args(%acc_i = %zero) -> (tensor<64x64xf32>) : i32 {
    %k = tir.descriptor_load %K[%i, %c64] : !tir.tensordesc<tensor<64x64xf16>>
    %d = tir.dot %q, %k, %acc_i : tensor<64x64xf16> * tensor<64x64xf16> -> tensor<64x64xf32>
    scf.yield %d : tensor<64x64xf32>
  }
  return %a, %b : tensor<64x64xf32>, tensor<64x64xf32>
}
}

// -----

// Head dim 128 with 128x128 K and V tiles and 3 stages: the rings take
// 192 KiB and q's one-stage copy 32 KiB, which fit the 227 KiB of sm_90
// (p, a 16-bit register A in the accumulator layout, feeds wgmma from
// registers and needs no staging): q is read from its copy, not moved to
// registers.
// CHECK-LABEL: func.func @attention_d128_budget
// CHECK: gir.local_alloc : !gir.memdesc<1x128x128xf16, #shared>
// CHECK: gir.local_alloc : !gir.memdesc<3x128x128xf16, #shared>
// CHECK: gir.local_alloc : !gir.memdesc<3x128x128xf16, #shared>
// CHECK: scf.for
// CHECK: nvgir.warpgroup_dot %{{.*}}, %{{.*}}, %{{.*}} : !gir.memdesc<128x128xf16, #shared> * !gir.memdesc<128x128xf16, #shared1>
// CHECK: nvgir.warpgroup_dot %{{.*}}, %{{.*}}, %{{.*}} : tensor<128x128xf16, #wgmma> * !gir.memdesc<128x128xf16, #shared>
// CHECK: scf.yield
module attributes {tir.num_warps = 8 : i32} {
func.func @attention_d128_budget(%Q: !tir.tensordesc<tensor<128x128xf16>>,
                                 %K: !tir.tensordesc<tensor<128x128xf16>>,
                                 %V: !tir.tensordesc<tensor<128x128xf16>>,
                                 %m0: i32, %n: i32) -> tensor<128x128xf32> {
  %c0 = arith.constant 0 : i32
  %c128 = arith.constant 128 : i32
  %zero = arith.constant dense<0.0> : tensor<128x128xf32>
  %q = tir.descriptor_load %Q[%m0, %c0] : !tir.tensordesc<tensor<128x128xf16>>
  %acc = scf.for %i = %c0 to %n step %c128 iter_args(%acc_i = %zero) -> (tensor<128x128xf32>) : i32 {
    %k = tir.descriptor_load %K[%i, %c0] : !tir.tensordesc<tensor<128x128xf16>>
    %kt = tir.trans %k, [1, 0] : tensor<128x128xf16> -> tensor<128x128xf16>
    %qk = tir.dot %q, %kt, %zero : tensor<128x128xf16> * tensor<128x128xf16> -> tensor<128x128xf32>
    %e = math.exp2 %qk : tensor<128x128xf32>
    %p = arith.truncf %e : tensor<128x128xf32> to tensor<128x128xf16>
    %v = tir.descriptor_load %V[%i, %c0] : !tir.tensordesc<tensor<128x128xf16>>
    %d = tir.dot %p, %v, %acc_i : tensor<128x128xf16> * tensor<128x128xf16> -> tensor<128x128xf32>
    scf.yield %d : tensor<128x128xf32>
  }
  return %acc : tensor<128x128xf32>
}
}
