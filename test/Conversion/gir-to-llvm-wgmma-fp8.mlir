// RUN: trident-opt %s -split-input-file --convert-tir-to-gir="compute-capability=90 num-warps=8" --gir-coalesce --gir-dot-layouts --gir-remove-layout-conversions --gir-pipeline="num-stages=3 async-dot=true" --canonicalize | FileCheck %s --check-prefix=GIR
// RUN: trident-opt %s -split-input-file --convert-tir-to-gir="compute-capability=90 num-warps=8" --gir-coalesce --gir-dot-layouts --gir-remove-layout-conversions --gir-pipeline="num-stages=3 async-dot=true" --canonicalize --convert-gir-to-llvm | FileCheck %s --check-prefix=LLVM

// fp8 dots on Hopper's warpgroup MMA: k32 per instruction, e4m3 / e5m2
// operands in any mix, both read K-major from shared memory (wgmma
// transposes 16-bit types only).
//
// Triton's tutorial 03 with fp8 inputs and B given as `b.T` (KxN, K
// contiguous): the pointer-load pipeliner copies both tiles with cp.async
// into rings that are K-major (B's ring keeps its contiguous K as the
// swizzled dimension, order [0, 1]) and wgmma reads them so: A row, B col.
// GIR-DAG: #[[KA:.*]] = #gir.nvmma_shared<swizzle = 128, order = [1, 0]>
// GIR-DAG: #[[KB:.*]] = #gir.nvmma_shared<swizzle = 128, order = [0, 1]>
// GIR-DAG: #[[WG:.*]] = #gir.wgmma<warpsPerCTA = [8, 1], instrN = 256>
// GIR-LABEL: func.func @fp8_matmul_loop
// GIR: gir.local_alloc : !gir.memdesc<3x128x128xf8E5M2, #[[KA]]>
// GIR: gir.local_alloc : !gir.memdesc<3x128x256xf8E5M2, #[[KB]]>
// GIR: scf.for
// GIR: nvgir.warpgroup_dot {{.*}} async : !gir.memdesc<128x128xf8E5M2, #[[KA]]> * !gir.memdesc<128x256xf8E5M2, #[[KB]]> -> tensor<128x256xf32, #[[WG]]>
// GIR: nvgir.async_copy
// LLVM-LABEL: llvm.func @fp8_matmul_loop
// LLVM: nvvm.cp.async.shared.global {{.*}}, 16
// LLVM-COUNT-4: nvvm.wgmma.mma_async {{.*}} <m = 64, n = 256, k = 32>, D[<f32>, <one>], A[<e5m2>, <one>, <row>], B[<e5m2>, <one>, <col>]
// LLVM-NOT: nvvm.wgmma.mma_async
// LLVM: "wgmma.wait_group.sync.aligned 1;"
// LLVM: "wgmma.wait_group.sync.aligned 0;"
module {
  func.func @fp8_matmul_loop(%a_base: !tir.ptr<f8E5M2> {tir.divisibility = 16 : i32},
                             %b_base: !tir.ptr<f8E5M2> {tir.divisibility = 16 : i32},
                             %sam: i32 {tir.divisibility = 16 : i32},
                             %sbn: i32 {tir.divisibility = 16 : i32},
                             %n: i32) -> tensor<128x256xf32> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %c128 = arith.constant 128 : i32
    %z = arith.constant dense<0.0> : tensor<128x256xf32>
    %r128 = tir.make_range 0 to 128 : tensor<128xi32>
    %r256 = tir.make_range 0 to 256 : tensor<256xi32>
    // A: rows * sam + k (K contiguous).
    %rm = tir.expand_dims %r128, axis = 1 : tensor<128xi32> -> tensor<128x1xi32>
    %sams = tir.splat %sam : i32 -> tensor<128x1xi32>
    %arow = arith.muli %rm, %sams : tensor<128x1xi32>
    %arowb = tir.broadcast %arow : tensor<128x1xi32> -> tensor<128x128xi32>
    %kr2 = tir.expand_dims %r128, axis = 0 : tensor<128xi32> -> tensor<1x128xi32>
    %kcolb = tir.broadcast %kr2 : tensor<1x128xi32> -> tensor<128x128xi32>
    %aoff = arith.addi %arowb, %kcolb : tensor<128x128xi32>
    %as = tir.splat %a_base : !tir.ptr<f8E5M2> -> tensor<128x128x!tir.ptr<f8E5M2>>
    %pa0 = tir.addptr %as, %aoff : tensor<128x128x!tir.ptr<f8E5M2>>, tensor<128x128xi32>
    // B: k + cols * sbn (K contiguous: `b.T`).
    %kc = tir.expand_dims %r128, axis = 1 : tensor<128xi32> -> tensor<128x1xi32>
    %kcb = tir.broadcast %kc : tensor<128x1xi32> -> tensor<128x256xi32>
    %rn = tir.expand_dims %r256, axis = 0 : tensor<256xi32> -> tensor<1x256xi32>
    %sbns = tir.splat %sbn : i32 -> tensor<1x256xi32>
    %bcol = arith.muli %rn, %sbns : tensor<1x256xi32>
    %bcolb = tir.broadcast %bcol : tensor<1x256xi32> -> tensor<128x256xi32>
    %boff = arith.addi %kcb, %bcolb : tensor<128x256xi32>
    %bs = tir.splat %b_base : !tir.ptr<f8E5M2> -> tensor<128x256x!tir.ptr<f8E5M2>>
    %pb0 = tir.addptr %bs, %boff : tensor<128x256x!tir.ptr<f8E5M2>>, tensor<128x256xi32>
    %sa = tir.splat %c128 : i32 -> tensor<128x128xi32>
    %sb = tir.splat %c128 : i32 -> tensor<128x256xi32>
    %r:3 = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %z, %pa = %pa0, %pb = %pb0)
        -> (tensor<128x256xf32>, tensor<128x128x!tir.ptr<f8E5M2>>, tensor<128x256x!tir.ptr<f8E5M2>>) : i32 {
      %a = tir.load %pa : tensor<128x128x!tir.ptr<f8E5M2>>
      %b = tir.load %pb : tensor<128x256x!tir.ptr<f8E5M2>>
      %d = tir.dot %a, %b, %acc max_num_imprecise_acc = 1073741824 : tensor<128x128xf8E5M2> * tensor<128x256xf8E5M2> -> tensor<128x256xf32>
      %pa1 = tir.addptr %pa, %sa : tensor<128x128x!tir.ptr<f8E5M2>>, tensor<128x128xi32>
      %pb1 = tir.addptr %pb, %sb : tensor<128x256x!tir.ptr<f8E5M2>>, tensor<128x256xi32>
      scf.yield %d, %pa1, %pb1 : tensor<128x256xf32>, tensor<128x128x!tir.ptr<f8E5M2>>, tensor<128x256x!tir.ptr<f8E5M2>>
    }
    return %r#0 : tensor<128x256xf32>
  }
}

// -----

// Register operands (no loop to pipeline), e4m3 times e5m2: the dot
// stages A K-major and B K-major too, although B's registers run along N
// (a 16-bit B would be staged N-major and read transposed). k = 64: two
// k32 steps per warpgroup.
// GIR: #[[WG:.*]] = #gir.wgmma<warpsPerCTA = [8, 1], instrN = 64>
// GIR-LABEL: func.func @fp8_mixed_registers
// GIR: tir.dot {{.*}} -> tensor<128x64xf32, #[[WG]]>
// LLVM-LABEL: llvm.func @fp8_mixed_registers
// LLVM-COUNT-2: nvvm.wgmma.mma_async {{.*}} <m = 64, n = 64, k = 32>, D[<f32>, <one>], A[<e4m3>, <one>, <row>], B[<e5m2>, <one>, <col>]
// LLVM-NOT: nvvm.wgmma.mma_async
// LLVM: nvvm.wgmma.wait.group.sync.aligned 0
func.func @fp8_mixed_registers(%a: tensor<128x64xf8E4M3FN>, %b: tensor<64x64xf8E5M2>, %c: tensor<128x64xf32>) -> tensor<128x64xf32> {
  %d = tir.dot %a, %b, %c max_num_imprecise_acc = 1073741824 : tensor<128x64xf8E4M3FN> * tensor<64x64xf8E5M2> -> tensor<128x64xf32>
  return %d : tensor<128x64xf32>
}

// -----

// wgmma accumulates fp8 products at reduced precision: a dot that asks for
// full precision (max_num_imprecise_acc 0, the default) or bounds the
// imprecise sums below one k32 step runs on mma.sync instead, its operands
// widened to f16 (exact products, f32 accumulation), as Triton's fp8 dots
// on mma.sync.
// GIR-LABEL: func.func @fp8_precise
// GIR-NOT: #gir.wgmma
// GIR: tir.dot {{.*}} -> tensor<128x64xf32, #mma
// GIR: tir.dot {{.*}} -> tensor<128x64xf32, #mma
// LLVM-LABEL: llvm.func @fp8_precise
// LLVM-NOT: nvvm.wgmma.mma_async
// LLVM: nvvm.mma.sync {{.*}}f16
// LLVM: llvm.return
func.func @fp8_precise(%a: tensor<128x64xf8E4M3FN>, %b: tensor<64x64xf8E4M3FN>, %c: tensor<128x64xf32>) -> (tensor<128x64xf32>, tensor<128x64xf32>) {
  %d = tir.dot %a, %b, %c : tensor<128x64xf8E4M3FN> * tensor<64x64xf8E4M3FN> -> tensor<128x64xf32>
  %e = tir.dot %a, %b, %c max_num_imprecise_acc = 16 : tensor<128x64xf8E4M3FN> * tensor<64x64xf8E4M3FN> -> tensor<128x64xf32>
  return %d, %e : tensor<128x64xf32>, tensor<128x64xf32>
}

// -----

// max_num_imprecise_acc = 64 over BLOCK_K = 128: wgmma still, its sums
// promoted every 64 products (Triton's Hopper promotion). The pipelined
// dot carries the bound and stays synchronous (its MMAs are waited for
// run by run inside it): no async, no warpgroup_wait. Each run starts
// from zero, and its 128 sums per thread (m64n256 per warpgroup) are
// added to the accumulator with fadd once waited for.
// GIR-LABEL: func.func @fp8_promoted_loop
// GIR: scf.for
// GIR: nvgir.warpgroup_dot %{{[0-9]+}}, %{{[0-9]+}}, %{{[a-z0-9]+}} max_num_imprecise_acc = 64 : !gir.memdesc<128x128xf8E5M2, {{.*}}> * !gir.memdesc<128x256xf8E5M2, {{.*}}> -> tensor<128x256xf32, #{{.*}}>
// GIR-NOT: nvgir.warpgroup_wait
// GIR: return
// LLVM-LABEL: llvm.func @fp8_promoted_loop
// LLVM: nvvm.cp.async.shared.global {{.*}}, 16
// LLVM: nvvm.wgmma.mma_async {{.*}} <m = 64, n = 256, k = 32>, D[<f32>, <zero>]
// LLVM: nvvm.wgmma.mma_async {{.*}} <m = 64, n = 256, k = 32>, D[<f32>, <one>]
// LLVM: nvvm.wgmma.commit.group.sync.aligned
// LLVM-NEXT: "wgmma.wait_group.sync.aligned 0;"
// LLVM-COUNT-128: llvm.fadd
// LLVM: nvvm.wgmma.mma_async {{.*}} <m = 64, n = 256, k = 32>, D[<f32>, <zero>]
// LLVM: nvvm.wgmma.mma_async {{.*}} <m = 64, n = 256, k = 32>, D[<f32>, <one>]
// LLVM: nvvm.wgmma.commit.group.sync.aligned
// LLVM-NEXT: "wgmma.wait_group.sync.aligned 0;"
// LLVM-COUNT-128: llvm.fadd
// LLVM-NOT: llvm.fadd
// LLVM-NOT: nvvm.wgmma.mma_async
// LLVM-NOT: "wgmma.wait_group.sync.aligned 1;"
// LLVM: llvm.return
module {
  func.func @fp8_promoted_loop(%a_base: !tir.ptr<f8E5M2> {tir.divisibility = 16 : i32},
                             %b_base: !tir.ptr<f8E5M2> {tir.divisibility = 16 : i32},
                             %sam: i32 {tir.divisibility = 16 : i32},
                             %sbn: i32 {tir.divisibility = 16 : i32},
                             %n: i32) -> tensor<128x256xf32> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %c128 = arith.constant 128 : i32
    %z = arith.constant dense<0.0> : tensor<128x256xf32>
    %r128 = tir.make_range 0 to 128 : tensor<128xi32>
    %r256 = tir.make_range 0 to 256 : tensor<256xi32>
    // A: rows * sam + k (K contiguous).
    %rm = tir.expand_dims %r128, axis = 1 : tensor<128xi32> -> tensor<128x1xi32>
    %sams = tir.splat %sam : i32 -> tensor<128x1xi32>
    %arow = arith.muli %rm, %sams : tensor<128x1xi32>
    %arowb = tir.broadcast %arow : tensor<128x1xi32> -> tensor<128x128xi32>
    %kr2 = tir.expand_dims %r128, axis = 0 : tensor<128xi32> -> tensor<1x128xi32>
    %kcolb = tir.broadcast %kr2 : tensor<1x128xi32> -> tensor<128x128xi32>
    %aoff = arith.addi %arowb, %kcolb : tensor<128x128xi32>
    %as = tir.splat %a_base : !tir.ptr<f8E5M2> -> tensor<128x128x!tir.ptr<f8E5M2>>
    %pa0 = tir.addptr %as, %aoff : tensor<128x128x!tir.ptr<f8E5M2>>, tensor<128x128xi32>
    // B: k + cols * sbn (K contiguous: `b.T`).
    %kc = tir.expand_dims %r128, axis = 1 : tensor<128xi32> -> tensor<128x1xi32>
    %kcb = tir.broadcast %kc : tensor<128x1xi32> -> tensor<128x256xi32>
    %rn = tir.expand_dims %r256, axis = 0 : tensor<256xi32> -> tensor<1x256xi32>
    %sbns = tir.splat %sbn : i32 -> tensor<1x256xi32>
    %bcol = arith.muli %rn, %sbns : tensor<1x256xi32>
    %bcolb = tir.broadcast %bcol : tensor<1x256xi32> -> tensor<128x256xi32>
    %boff = arith.addi %kcb, %bcolb : tensor<128x256xi32>
    %bs = tir.splat %b_base : !tir.ptr<f8E5M2> -> tensor<128x256x!tir.ptr<f8E5M2>>
    %pb0 = tir.addptr %bs, %boff : tensor<128x256x!tir.ptr<f8E5M2>>, tensor<128x256xi32>
    %sa = tir.splat %c128 : i32 -> tensor<128x128xi32>
    %sb = tir.splat %c128 : i32 -> tensor<128x256xi32>
    %r:3 = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %z, %pa = %pa0, %pb = %pb0)
        -> (tensor<128x256xf32>, tensor<128x128x!tir.ptr<f8E5M2>>, tensor<128x256x!tir.ptr<f8E5M2>>) : i32 {
      %a = tir.load %pa : tensor<128x128x!tir.ptr<f8E5M2>>
      %b = tir.load %pb : tensor<128x256x!tir.ptr<f8E5M2>>
      %d = tir.dot %a, %b, %acc max_num_imprecise_acc = 64 : tensor<128x128xf8E5M2> * tensor<128x256xf8E5M2> -> tensor<128x256xf32>
      %pa1 = tir.addptr %pa, %sa : tensor<128x128x!tir.ptr<f8E5M2>>, tensor<128x128xi32>
      %pb1 = tir.addptr %pb, %sb : tensor<128x256x!tir.ptr<f8E5M2>>, tensor<128x256xi32>
      scf.yield %d, %pa1, %pb1 : tensor<128x256xf32>, tensor<128x128x!tir.ptr<f8E5M2>>, tensor<128x256x!tir.ptr<f8E5M2>>
    }
    return %r#0 : tensor<128x256xf32>
  }
}
