// A K loop in the style of the Triton tutorial: pointer tiles carried and
// advanced by a constant, loads masked with a zero `other`.
//
// Prologue: the copies for iterations 0 and 1 into slots 0 and 1, each
// stage's completion tracked by its mbarrier. In the loop, the copies for
// iteration i + 2 (slot `write`) go out after a barrier and BEFORE the wait
// for iteration i's own stage (on its mbarrier, with the phase parity the
// loop carries); then the dot reads slot `read`.
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
