// RUN: trident-opt %s --convert-tir-to-gir="compute-capability=90" --gir-coalesce --gir-dot-layouts --gir-remove-layout-conversions --gir-pipeline="num-stages=3 async-dot=true" --canonicalize | FileCheck %s
// RUN: trident-opt %s --convert-tir-to-gir="compute-capability=90" --gir-coalesce --gir-dot-layouts --gir-remove-layout-conversions --gir-pipeline="num-stages=3 async-dot=true copy-order=top" --canonicalize | FileCheck %s --check-prefix=TOP
// RUN: trident-opt %s --convert-tir-to-gir="compute-capability=90" --gir-coalesce --gir-dot-layouts --gir-remove-layout-conversions --gir-pipeline="num-stages=4 async-dot=true" --canonicalize | FileCheck %s --check-prefix=FOUR

// copy-order=auto with cp.async operands (pointer tiles the loop carries,
// tutorial 08's 128x128x32 step) in three stages: the copies go after the
// wait for the previous iteration's MMAs, behind a CTA barrier, two
// iterations ahead (Triton's order), as for TMA operands; at the top they
// would lead by one iteration only. The prologue fills slots 0 and 1, the
// loop starts writing slot 2.
// CHECK-LABEL: func.func @cp_async_loop
// CHECK: nvgir.async_copy_arrive %[[BARS:[0-9]+]][%c0_i32]
// CHECK: nvgir.async_copy_arrive %[[BARS]][%c1_i32]
// CHECK: scf.for %[[I:[^ ]+]] = {{.*}} iter_args(%[[ACC:[^ ]+]] = %{{.*}}, %{{[^ ]+}} = %{{[^ ]+}}, %{{[^ ]+}} = %{{[^ ]+}}, %[[READ:[^ ]+]] = %c0_i32, %[[WRITE:[^ ]+]] = %c2_i32, %[[PHASE:[^ ]+]] = %c0_i32)
// CHECK-NEXT: nvgir.mbarrier_wait %[[BARS]][%[[READ]]], %[[PHASE]]
// CHECK: %[[D:.*]] = nvgir.warpgroup_dot {{.*}}, {{.*}}, %[[ACC]] async
// CHECK-NEXT: %[[D1:.*]] = nvgir.warpgroup_wait %[[D]] {pending = 1 : i32}
// CHECK-NEXT: gir.barrier
// CHECK-NEXT: arith.addi %[[I]], %c2_i32
// CHECK: nvgir.async_copy
// CHECK: nvgir.async_copy
// CHECK: nvgir.async_copy_arrive %[[BARS]][%[[WRITE]]]
// CHECK: scf.yield %[[D1]],
// copy-order=top: one iteration ahead, copies before the wait for data.
// TOP: scf.for {{.*}} iter_args({{.*}}, %{{[^ ]+}} = %c0_i32, %{{[^ ]+}} = %c1_i32, %{{[^ ]+}} = %c0_i32)
// TOP-NEXT: gir.barrier
// TOP: nvgir.async_copy_arrive
// TOP: nvgir.mbarrier_wait
// Four stages: the top already leads by two iterations.
// FOUR: scf.for {{.*}} iter_args({{.*}}, %{{[^ ]+}} = %c0_i32, %{{[^ ]+}} = %c2_i32, %{{[^ ]+}} = %c0_i32)
// FOUR-NEXT: gir.barrier
// FOUR: nvgir.async_copy_arrive
// FOUR: nvgir.mbarrier_wait
func.func @cp_async_loop(%a_base: !tir.ptr<f16> {tir.divisibility = 16 : i32},
                         %b_base: !tir.ptr<f16> {tir.divisibility = 16 : i32},
                         %sam: i32 {tir.divisibility = 16 : i32},
                         %sbk: i32 {tir.divisibility = 16 : i32},
                         %n: i32) -> tensor<128x128xf32> {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c32 = arith.constant 32 : i32
  %z = arith.constant dense<0.0> : tensor<128x128xf32>
  %r128 = tir.make_range 0 to 128 : tensor<128xi32>
  %kr = tir.make_range 0 to 32 : tensor<32xi32>
  %rm = tir.expand_dims %r128, axis = 1 : tensor<128xi32> -> tensor<128x1xi32>
  %sams = tir.splat %sam : i32 -> tensor<128x1xi32>
  %arow = arith.muli %rm, %sams : tensor<128x1xi32>
  %arowb = tir.broadcast %arow : tensor<128x1xi32> -> tensor<128x32xi32>
  %kr2 = tir.expand_dims %kr, axis = 0 : tensor<32xi32> -> tensor<1x32xi32>
  %kcolb = tir.broadcast %kr2 : tensor<1x32xi32> -> tensor<128x32xi32>
  %aoff = arith.addi %arowb, %kcolb : tensor<128x32xi32>
  %as = tir.splat %a_base : !tir.ptr<f16> -> tensor<128x32x!tir.ptr<f16>>
  %pa0 = tir.addptr %as, %aoff : tensor<128x32x!tir.ptr<f16>>, tensor<128x32xi32>
  %kc = tir.expand_dims %kr, axis = 1 : tensor<32xi32> -> tensor<32x1xi32>
  %sbks = tir.splat %sbk : i32 -> tensor<32x1xi32>
  %brow = arith.muli %kc, %sbks : tensor<32x1xi32>
  %browb = tir.broadcast %brow : tensor<32x1xi32> -> tensor<32x128xi32>
  %rn = tir.expand_dims %r128, axis = 0 : tensor<128xi32> -> tensor<1x128xi32>
  %rnb = tir.broadcast %rn : tensor<1x128xi32> -> tensor<32x128xi32>
  %boff = arith.addi %browb, %rnb : tensor<32x128xi32>
  %bs = tir.splat %b_base : !tir.ptr<f16> -> tensor<32x128x!tir.ptr<f16>>
  %pb0 = tir.addptr %bs, %boff : tensor<32x128x!tir.ptr<f16>>, tensor<32x128xi32>
  %sa = tir.splat %c32 : i32 -> tensor<128x32xi32>
  %bstep = arith.muli %sbk, %c32 : i32
  %sb = tir.splat %bstep : i32 -> tensor<32x128xi32>
  %r:3 = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %z, %pa = %pa0, %pb = %pb0)
      -> (tensor<128x128xf32>, tensor<128x32x!tir.ptr<f16>>, tensor<32x128x!tir.ptr<f16>>) : i32 {
    %a = tir.load %pa : tensor<128x32x!tir.ptr<f16>>
    %b = tir.load %pb : tensor<32x128x!tir.ptr<f16>>
    %d = tir.dot %a, %b, %acc : tensor<128x32xf16> * tensor<32x128xf16> -> tensor<128x128xf32>
    %pa1 = tir.addptr %pa, %sa : tensor<128x32x!tir.ptr<f16>>, tensor<128x32xi32>
    %pb1 = tir.addptr %pb, %sb : tensor<32x128x!tir.ptr<f16>>, tensor<32x128xi32>
    scf.yield %d, %pa1, %pb1 : tensor<128x128xf32>, tensor<128x32x!tir.ptr<f16>>, tensor<32x128x!tir.ptr<f16>>
  }
  return %r#0 : tensor<128x128xf32>
}
