// RUN: trident-opt %s -split-input-file --convert-tir-to-gir="compute-capability=90" --gir-coalesce --gir-dot-layouts --gir-remove-layout-conversions --gir-pipeline="num-stages=3" --canonicalize | FileCheck %s
// RUN: trident-opt %s -split-input-file --convert-tir-to-gir="compute-capability=90" --gir-coalesce --gir-dot-layouts --gir-remove-layout-conversions --gir-pipeline="num-stages=2" --canonicalize | FileCheck %s --check-prefix=S2
// RUN: trident-opt %s -split-input-file --convert-tir-to-gir="compute-capability=90" --gir-coalesce --gir-dot-layouts --gir-remove-layout-conversions --gir-pipeline="num-stages=4 async-dot=true" --canonicalize | FileCheck %s --check-prefix=ASYNC
// RUN: trident-opt %s -split-input-file --convert-tir-to-gir="compute-capability=90" --gir-coalesce --gir-dot-layouts --gir-remove-layout-conversions --gir-pipeline="num-stages=4 async-dot=true copy-wait=group" --canonicalize | FileCheck %s --check-prefix=GROUP
// RUN: not trident-opt %s -split-input-file --gir-pipeline="num-stages=2 async-dot=true" 2>&1 | FileCheck %s --check-prefix=BADASYNC
// RUN: not trident-opt %s -split-input-file --gir-pipeline="num-stages=1" 2>&1 | FileCheck %s --check-prefix=BAD

// A K loop in the style of the Triton tutorial: pointer tiles carried and
// advanced by a constant, loads masked with a zero `other`.
//
// Prologue: the copies for iterations 0 and 1 into slots 0 and 1, each
// stage's completion tracked by its mbarrier. In the loop, the copies for
// iteration i + 2 (slot `write`) go out after a barrier and BEFORE the wait
// for iteration i's own stage (on its mbarrier, with the phase parity the
// loop carries); then the dot reads slot `read`.
// With copy-wait=group (pipeline-variants' `copies-grouped`), the
// stages are waited for as Triton's pipeliner does: no mbarriers; each
// stage's copies close a commit group (two in the prologue: 4 stages with
// async-dot run 2 ahead), and each iteration, after committing the copies
// 2 iterations ahead, waits until at most 2 groups are in flight (its own
// stage landed); the loop's end drains them.
// GROUP-LABEL: func.func @matmul_loop
// GROUP-NOT: nvgir.mbarrier_alloc
// GROUP: nvgir.async_copy
// GROUP: nvgir.async_copy
// GROUP-NEXT: nvgir.async_commit_group
// GROUP: nvgir.async_copy
// GROUP: nvgir.async_copy
// GROUP-NEXT: nvgir.async_commit_group
// GROUP: scf.for
// GROUP: nvgir.async_copy
// GROUP: nvgir.async_copy
// GROUP-NEXT: nvgir.async_commit_group
// GROUP-NOT: nvgir.mbarrier_wait
// GROUP: nvgir.async_wait {pending = 2 : i32}
// GROUP: nvgir.warpgroup_dot
// GROUP: scf.yield
// GROUP: nvgir.async_commit_group
// GROUP-NEXT: nvgir.async_wait {pending = 0 : i32}
// CHECK-LABEL: func.func @matmul_loop
// CHECK: %[[A:.*]] = gir.local_alloc : !gir.memdesc<3x128x64xbf16, #shared>
// CHECK: %[[B:.*]] = gir.local_alloc : !gir.memdesc<3x64x128xbf16, #shared>
// CHECK: %[[BARS:.*]] = nvgir.mbarrier_alloc {arrivals = 128 : i32} : !nvgir.mbarriers<3>
// CHECK: gir.memdesc_index %[[A]][%c0_i32]
// CHECK: nvgir.async_copy
// CHECK: gir.memdesc_index %[[B]][%c0_i32]
// CHECK: nvgir.async_copy
// CHECK: nvgir.async_copy_arrive %[[BARS]][%c0_i32]
// CHECK: gir.memdesc_index %[[A]][%c1_i32]
// CHECK: nvgir.async_copy
// CHECK: nvgir.async_copy
// CHECK: nvgir.async_copy_arrive %[[BARS]][%c1_i32]
// CHECK: scf.for {{.*}} iter_args(%[[ACC:[^ ]+]] = %{{.*}}, {{.*}}, %[[READ:[^ ]+]] = %c0_i32, %[[WRITE:[^ ]+]] = %c2_i32, %[[PHASE:[^ ]+]] = %c0_i32)
// CHECK-NEXT: gir.barrier
// CHECK: %[[WA:.*]] = gir.memdesc_index %[[A]][%[[WRITE]]]
// CHECK-NEXT: nvgir.async_copy %{{.*}}, %[[WA]]
// CHECK: %[[WB:.*]] = gir.memdesc_index %[[B]][%[[WRITE]]]
// CHECK-NEXT: nvgir.async_copy %{{.*}}, %[[WB]]
// CHECK-NEXT: nvgir.async_copy_arrive %[[BARS]][%[[WRITE]]]
// CHECK: nvgir.mbarrier_wait %[[BARS]][%[[READ]]], %[[PHASE]] : !nvgir.mbarriers
// CHECK-NEXT: %[[RA:.*]] = gir.memdesc_index %[[A]][%[[READ]]]
// CHECK-NEXT: %[[RB:.*]] = gir.memdesc_index %[[B]][%[[READ]]]
// CHECK-NEXT: nvgir.warpgroup_dot %[[RA]], %[[RB]], %[[ACC]]
// CHECK-NOT: tir.load
// CHECK: scf.yield
// CHECK: nvgir.async_commit_group
// CHECK-NEXT: nvgir.async_wait {pending = 0 : i32}
// S2-LABEL: func.func @matmul_loop
// S2: gir.local_alloc : !gir.memdesc<2x128x64xbf16
// S2: nvgir.mbarrier_alloc {arrivals = 128 : i32} : !nvgir.mbarriers<2>
// S2: nvgir.async_copy_arrive
// S2-NOT: nvgir.async_copy_arrive
// S2: scf.for
// S2: nvgir.async_copy_arrive
// S2: nvgir.mbarrier_wait
// S2: nvgir.warpgroup_dot
// BAD: gir-pipeline: num-stages must be at least 2, got 1
// BADASYNC: gir-pipeline: num-stages must be at least 3 with async-dot, got 2

// With async-dot, each iteration's MMAs stay in flight until the next
// iteration (warpgroup_wait pending = 1), so the copies run S - 2 = 2
// iterations ahead (prologue: slots 0 and 1; first write slot 2 of 4) and
// the accumulator leaves the loop through a final wait.
// ASYNC-LABEL: func.func @matmul_loop
// ASYNC: gir.local_alloc : !gir.memdesc<4x128x64xbf16
// ASYNC: nvgir.async_copy_arrive %{{.*}}[%c0_i32]
// ASYNC: nvgir.async_copy_arrive %{{.*}}[%c1_i32]
// ASYNC-NOT: nvgir.async_copy_arrive
// ASYNC: %[[LOOP:[^:]+]]:{{[0-9]+}} = scf.for {{.*}} = %c0_i32, %{{[^ ]+}} = %c2_i32, %{{[^ ]+}} = %c0_i32)
// ASYNC: nvgir.mbarrier_wait
// ASYNC-NEXT: gir.memdesc_index
// ASYNC-NEXT: gir.memdesc_index
// ASYNC-NEXT: %[[D:.*]] = nvgir.warpgroup_dot {{.*}} async
// ASYNC-NEXT: %[[W:.*]] = nvgir.warpgroup_wait %[[D]] {pending = 1 : i32}
// ASYNC: scf.yield %[[W]]
// ASYNC: nvgir.warpgroup_wait %[[LOOP]]#0 {pending = 0 : i32}
module {
  func.func @matmul_loop(%a_base: !tir.ptr<bf16> {tir.divisibility = 16 : i32},
                         %b_base: !tir.ptr<bf16> {tir.divisibility = 16 : i32},
                         %sam: i32 {tir.divisibility = 16 : i32},
                         %sbk: i32 {tir.divisibility = 16 : i32},
                         %k: i32 {tir.divisibility = 16 : i32}, %n: i32) -> tensor<128x128xf32> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %c64 = arith.constant 64 : i32
    %z = arith.constant dense<0.0> : tensor<128x128xf32>
    %za = arith.constant dense<0.0> : tensor<128x64xbf16>
    %r128 = tir.make_range 0 to 128 : tensor<128xi32>
    %kr = tir.make_range 0 to 64 : tensor<64xi32>
    // A: rows * sam + k; B: k * sbk + cols.
    %rm = tir.expand_dims %r128, axis = 1 : tensor<128xi32> -> tensor<128x1xi32>
    %sams = tir.splat %sam : i32 -> tensor<128x1xi32>
    %arow = arith.muli %rm, %sams : tensor<128x1xi32>
    %arowb = tir.broadcast %arow : tensor<128x1xi32> -> tensor<128x64xi32>
    %kr2 = tir.expand_dims %kr, axis = 0 : tensor<64xi32> -> tensor<1x64xi32>
    %kcolb = tir.broadcast %kr2 : tensor<1x64xi32> -> tensor<128x64xi32>
    %aoff = arith.addi %arowb, %kcolb : tensor<128x64xi32>
    %as = tir.splat %a_base : !tir.ptr<bf16> -> tensor<128x64x!tir.ptr<bf16>>
    %pa0 = tir.addptr %as, %aoff : tensor<128x64x!tir.ptr<bf16>>, tensor<128x64xi32>
    %kc = tir.expand_dims %kr, axis = 1 : tensor<64xi32> -> tensor<64x1xi32>
    %sbks = tir.splat %sbk : i32 -> tensor<64x1xi32>
    %brow = arith.muli %kc, %sbks : tensor<64x1xi32>
    %browb = tir.broadcast %brow : tensor<64x1xi32> -> tensor<64x128xi32>
    %rn = tir.expand_dims %r128, axis = 0 : tensor<128xi32> -> tensor<1x128xi32>
    %rnb = tir.broadcast %rn : tensor<1x128xi32> -> tensor<64x128xi32>
    %boff = arith.addi %browb, %rnb : tensor<64x128xi32>
    %bs = tir.splat %b_base : !tir.ptr<bf16> -> tensor<64x128x!tir.ptr<bf16>>
    %pb0 = tir.addptr %bs, %boff : tensor<64x128x!tir.ptr<bf16>>, tensor<64x128xi32>
    %sa = tir.splat %c64 : i32 -> tensor<128x64xi32>
    %bstep = arith.muli %sbk, %c64 : i32
    %sb = tir.splat %bstep : i32 -> tensor<64x128xi32>
    %r:3 = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %z, %pa = %pa0, %pb = %pb0)
        -> (tensor<128x128xf32>, tensor<128x64x!tir.ptr<bf16>>, tensor<64x128x!tir.ptr<bf16>>) : i32 {
      %k0 = arith.muli %i, %c64 : i32
      %left = arith.subi %k, %k0 : i32
      %lefts = tir.splat %left : i32 -> tensor<1x64xi32>
      %ok = arith.cmpi slt, %kr2, %lefts : tensor<1x64xi32>
      %mask = tir.broadcast %ok : tensor<1x64xi1> -> tensor<128x64xi1>
      %a = tir.load %pa, %mask, %za : tensor<128x64x!tir.ptr<bf16>>
      %b = tir.load %pb : tensor<64x128x!tir.ptr<bf16>>
      %d = tir.dot %a, %b, %acc : tensor<128x64xbf16> * tensor<64x128xbf16> -> tensor<128x128xf32>
      %pa1 = tir.addptr %pa, %sa : tensor<128x64x!tir.ptr<bf16>>, tensor<128x64xi32>
      %pb1 = tir.addptr %pb, %sb : tensor<64x128x!tir.ptr<bf16>>, tensor<64x128xi32>
      scf.yield %d, %pa1, %pb1 : tensor<128x128xf32>, tensor<128x64x!tir.ptr<bf16>>, tensor<64x128x!tir.ptr<bf16>>
    }
    return %r#0 : tensor<128x128xf32>
  }
}

// -----

// Left alone: the load's address depends on the accumulator, so it cannot
// run ahead; a load whose masked-off elements are not zero; and (third
// function) loads of pointer tiles nothing proves contiguous, which
// cp.async cannot copy in runs of 4 bytes or more.
// CHECK-LABEL: func.func @not_pipelined
// CHECK-NOT: nvgir.async_copy
// CHECK: tir.load
// CHECK: tir.dot
// CHECK: tir.load
// CHECK: tir.dot
// CHECK-NOT: nvgir.async_copy
module {
  func.func @not_pipelined(%pa: tensor<128x64x!tir.ptr<bf16>>, %pb: tensor<64x128x!tir.ptr<bf16>>,
                           %pb64: tensor<64x64x!tir.ptr<bf16>>,
                           %m: tensor<128x64xi1>, %n: index) -> (tensor<128x64xf32>, tensor<128x128xf32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %z = arith.constant dense<0.0> : tensor<128x128xf32>
    %one = arith.constant dense<1.0> : tensor<128x64xbf16>
    %z2 = arith.constant dense<0.0> : tensor<128x64xf32>
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %z2) -> (tensor<128x64xf32>) {
      %offs = arith.fptosi %acc : tensor<128x64xf32> to tensor<128x64xi32>
      %pa2 = tir.addptr %pa, %offs : tensor<128x64x!tir.ptr<bf16>>, tensor<128x64xi32>
      %a = tir.load %pa2 : tensor<128x64x!tir.ptr<bf16>>
      %b = tir.load %pb64 : tensor<64x64x!tir.ptr<bf16>>
      %d = tir.dot %a, %b, %acc : tensor<128x64xbf16> * tensor<64x64xbf16> -> tensor<128x64xf32>
      scf.yield %d : tensor<128x64xf32>
    }
    %r2 = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %z) -> (tensor<128x128xf32>) {
      %a = tir.load %pa, %m, %one : tensor<128x64x!tir.ptr<bf16>>
      %b = tir.load %pb : tensor<64x128x!tir.ptr<bf16>>
      %d = tir.dot %a, %b, %acc : tensor<128x64xbf16> * tensor<64x128xbf16> -> tensor<128x128xf32>
      scf.yield %d : tensor<128x128xf32>
    }
    return %r, %r2 : tensor<128x64xf32>, tensor<128x128xf32>
  }
}

// -----

// CHECK-LABEL: func.func @not_contiguous
// CHECK-NOT: nvgir.async_copy
// CHECK: tir.dot
module {
  func.func @not_contiguous(%pa: tensor<128x64x!tir.ptr<bf16>>, %pb: tensor<64x128x!tir.ptr<bf16>>,
                            %n: index) -> tensor<128x128xf32> {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %z = arith.constant dense<0.0> : tensor<128x128xf32>
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %z) -> (tensor<128x128xf32>) {
      %a = tir.load %pa : tensor<128x64x!tir.ptr<bf16>>
      %b = tir.load %pb : tensor<64x128x!tir.ptr<bf16>>
      %d = tir.dot %a, %b, %acc : tensor<128x64xbf16> * tensor<64x128xbf16> -> tensor<128x128xf32>
      scf.yield %d : tensor<128x128xf32>
    }
    return %r : tensor<128x128xf32>
  }
}

// -----

// The kernel's own stage count and warp count (module attributes) override
// the pass options: 8 warps (two warpgroups along M), 3 stages.
// CHECK: #gir.wgmma<warpsPerCTA = [8, 1], instrN = 128>
// CHECK: module attributes {gir.compute_capability = 90 : i32, gir.num_warps = 8 : i32
// CHECK-LABEL: func.func @staged
// CHECK: gir.local_alloc : !gir.memdesc<3x128x64xbf16
module attributes {tir.num_warps = 8 : i32, tir.num_stages = 3 : i32} {
  func.func @staged(%a_base: !tir.ptr<bf16> {tir.divisibility = 16 : i32},
                    %b_base: !tir.ptr<bf16> {tir.divisibility = 16 : i32},
                    %n: i32) -> tensor<128x128xf32> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %z = arith.constant dense<0.0> : tensor<128x128xf32>
    %r128 = tir.make_range 0 to 128 : tensor<128xi32>
    %r64 = tir.make_range 0 to 64 : tensor<64xi32>
    %c64 = arith.constant 64 : i32
    %c128 = arith.constant 128 : i32
    %rm = tir.expand_dims %r128, axis = 1 : tensor<128xi32> -> tensor<128x1xi32>
    %s64 = tir.splat %c64 : i32 -> tensor<128x1xi32>
    %arow = arith.muli %rm, %s64 : tensor<128x1xi32>
    %arowb = tir.broadcast %arow : tensor<128x1xi32> -> tensor<128x64xi32>
    %kr = tir.expand_dims %r64, axis = 0 : tensor<64xi32> -> tensor<1x64xi32>
    %krb = tir.broadcast %kr : tensor<1x64xi32> -> tensor<128x64xi32>
    %aoff = arith.addi %arowb, %krb : tensor<128x64xi32>
    %as = tir.splat %a_base : !tir.ptr<bf16> -> tensor<128x64x!tir.ptr<bf16>>
    %pa = tir.addptr %as, %aoff : tensor<128x64x!tir.ptr<bf16>>, tensor<128x64xi32>
    %kc = tir.expand_dims %r64, axis = 1 : tensor<64xi32> -> tensor<64x1xi32>
    %s128 = tir.splat %c128 : i32 -> tensor<64x1xi32>
    %brow = arith.muli %kc, %s128 : tensor<64x1xi32>
    %browb = tir.broadcast %brow : tensor<64x1xi32> -> tensor<64x128xi32>
    %cn = tir.expand_dims %r128, axis = 0 : tensor<128xi32> -> tensor<1x128xi32>
    %cnb = tir.broadcast %cn : tensor<1x128xi32> -> tensor<64x128xi32>
    %boff = arith.addi %browb, %cnb : tensor<64x128xi32>
    %bs = tir.splat %b_base : !tir.ptr<bf16> -> tensor<64x128x!tir.ptr<bf16>>
    %pb = tir.addptr %bs, %boff : tensor<64x128x!tir.ptr<bf16>>, tensor<64x128xi32>
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %z) -> (tensor<128x128xf32>) : i32 {
      %a = tir.load %pa : tensor<128x64x!tir.ptr<bf16>>
      %b = tir.load %pb : tensor<64x128x!tir.ptr<bf16>>
      %d = tir.dot %a, %b, %acc : tensor<128x64xbf16> * tensor<64x128xbf16> -> tensor<128x128xf32>
      scf.yield %d : tensor<128x128xf32>
    }
    return %r : tensor<128x128xf32>
  }
}

// -----

// Left alone: B is 8 columns of bf16 (16 bytes, under the smallest
// swizzle), and an f32 (tf32) B that is contiguous along N (wgmma reads
// 32-bit operands K-major only).
// CHECK-LABEL: func.func @unreadable
// CHECK-NOT: nvgir.async_copy
// CHECK: tir.dot
// CHECK: tir.dot
module {
  func.func @unreadable(%a_base: !tir.ptr<bf16> {tir.divisibility = 16 : i32},
                        %b_base: !tir.ptr<bf16> {tir.divisibility = 16 : i32},
                        %f_base: !tir.ptr<f32> {tir.divisibility = 16 : i32},
                        %n: i32) -> (tensor<64x8xf32>, tensor<64x64xf32>) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %z8 = arith.constant dense<0.0> : tensor<64x8xf32>
    %z64 = arith.constant dense<0.0> : tensor<64x64xf32>
    %r64 = tir.make_range 0 to 64 : tensor<64xi32>
    %r32 = tir.make_range 0 to 32 : tensor<32xi32>
    %r8 = tir.make_range 0 to 8 : tensor<8xi32>
    // A: 64x32 (row stride 32); B: 32x8 (row stride 8).
    %c32 = arith.constant 32 : i32
    %rm = tir.expand_dims %r64, axis = 1 : tensor<64xi32> -> tensor<64x1xi32>
    %s32 = tir.splat %c32 : i32 -> tensor<64x1xi32>
    %arow = arith.muli %rm, %s32 : tensor<64x1xi32>
    %arowb = tir.broadcast %arow : tensor<64x1xi32> -> tensor<64x32xi32>
    %kr = tir.expand_dims %r32, axis = 0 : tensor<32xi32> -> tensor<1x32xi32>
    %krb = tir.broadcast %kr : tensor<1x32xi32> -> tensor<64x32xi32>
    %aoff = arith.addi %arowb, %krb : tensor<64x32xi32>
    %as = tir.splat %a_base : !tir.ptr<bf16> -> tensor<64x32x!tir.ptr<bf16>>
    %pa = tir.addptr %as, %aoff : tensor<64x32x!tir.ptr<bf16>>, tensor<64x32xi32>
    %c8 = arith.constant 8 : i32
    %kc = tir.expand_dims %r32, axis = 1 : tensor<32xi32> -> tensor<32x1xi32>
    %s8 = tir.splat %c8 : i32 -> tensor<32x1xi32>
    %brow = arith.muli %kc, %s8 : tensor<32x1xi32>
    %browb = tir.broadcast %brow : tensor<32x1xi32> -> tensor<32x8xi32>
    %cn = tir.expand_dims %r8, axis = 0 : tensor<8xi32> -> tensor<1x8xi32>
    %cnb = tir.broadcast %cn : tensor<1x8xi32> -> tensor<32x8xi32>
    %boff = arith.addi %browb, %cnb : tensor<32x8xi32>
    %bs = tir.splat %b_base : !tir.ptr<bf16> -> tensor<32x8x!tir.ptr<bf16>>
    %pb = tir.addptr %bs, %boff : tensor<32x8x!tir.ptr<bf16>>, tensor<32x8xi32>
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %z8) -> (tensor<64x8xf32>) : i32 {
      %a = tir.load %pa : tensor<64x32x!tir.ptr<bf16>>
      %b = tir.load %pb : tensor<32x8x!tir.ptr<bf16>>
      %d = tir.dot %a, %b, %acc : tensor<64x32xbf16> * tensor<32x8xbf16> -> tensor<64x8xf32>
      scf.yield %d : tensor<64x8xf32>
    }
    // f32 A: 64x32 (row stride 32), f32 B: 32x64 (row stride 64).
    %fas = tir.splat %f_base : !tir.ptr<f32> -> tensor<64x32x!tir.ptr<f32>>
    %fa = tir.addptr %fas, %aoff : tensor<64x32x!tir.ptr<f32>>, tensor<64x32xi32>
    %c64 = arith.constant 64 : i32
    %s64 = tir.splat %c64 : i32 -> tensor<32x1xi32>
    %frow = arith.muli %kc, %s64 : tensor<32x1xi32>
    %frowb = tir.broadcast %frow : tensor<32x1xi32> -> tensor<32x64xi32>
    %fn = tir.expand_dims %r64, axis = 0 : tensor<64xi32> -> tensor<1x64xi32>
    %fnb = tir.broadcast %fn : tensor<1x64xi32> -> tensor<32x64xi32>
    %foff = arith.addi %frowb, %fnb : tensor<32x64xi32>
    %fbs = tir.splat %f_base : !tir.ptr<f32> -> tensor<32x64x!tir.ptr<f32>>
    %fb = tir.addptr %fbs, %foff : tensor<32x64x!tir.ptr<f32>>, tensor<32x64xi32>
    %r2 = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %z64) -> (tensor<64x64xf32>) : i32 {
      %a = tir.load %fa : tensor<64x32x!tir.ptr<f32>>
      %b = tir.load %fb : tensor<32x64x!tir.ptr<f32>>
      %d = tir.dot %a, %b, %acc precision = tf32 : tensor<64x32xf32> * tensor<32x64xf32> -> tensor<64x64xf32>
      scf.yield %d : tensor<64x64xf32>
    }
    return %r, %r2 : tensor<64x8xf32>, tensor<64x64xf32>
  }
}
