// copy-order=auto takes this order for TMA operands in three stages, and
// the copies at the top with four (which lead by two iterations there):
// BAD: error: gir-pipeline: copy-order must be 'auto', 'top' or 'after-dot', got 'sideways'
// FOUR: scf.for {{.*}} iter_args({{.*}}, %{{[^ ]+}} = %c0_i32, %{{[^ ]+}} = %c2_i32, %{{[^ ]+}} = %c0_i32)
// FOUR-NEXT: gir.barrier
// FOUR: nvgir.tma_load
// FOUR: nvgir.mbarrier_wait
// TOP: scf.for {{.*}} iter_args({{.*}}, %{{[^ ]+}} = %c0_i32, %{{[^ ]+}} = %c1_i32, %{{[^ ]+}} = %c0_i32)
// TOP-NEXT: gir.barrier
// TOP: nvgir.tma_load
// TOP: nvgir.mbarrier_wait

// copies-after-dot: the loop waits for iteration i's data, issues its dot,
// waits for iteration i-1's MMAs, and only then (behind a CTA barrier: every
// warpgroup is past that wait) copies iteration i + 2 into the slot
// iteration i-1 read: two iterations ahead with three slots (the default
// order issues the copies at the top of the iteration, one ahead). The
// prologue fills slots 0 and 1; the loop starts writing slot 2.
// CHECK-LABEL: func.func @tma_loop
// CHECK: nvgir.tma_load %arg0[%arg2, %c0_i32], {{.*}}[%c0_i32] if
// CHECK: nvgir.tma_load %arg0[%arg2, %c64_i32], {{.*}}[%c1_i32] if
// CHECK: scf.for %[[I:.*]] = {{.*}} iter_args(%[[ACC:[^ ]+]] = %{{.*}}, %[[K:[^ ]+]] = %c128_i32, %[[READ:[^ ]+]] = %c0_i32, %[[WRITE:[^ ]+]] = %c2_i32, %[[PHASE:[^ ]+]] = %c0_i32)
// CHECK-NEXT: nvgir.mbarrier_wait %{{.*}}[%[[READ]]], %[[PHASE]] {async_writes}
// CHECK: %[[D:.*]] = nvgir.warpgroup_dot {{.*}}, {{.*}}, %[[ACC]] async
// CHECK-NEXT: %[[D1:.*]] = nvgir.warpgroup_wait %[[D]] {pending = 1 : i32}
// CHECK-NEXT: gir.barrier
// CHECK-NEXT: %[[AHEAD:.*]] = arith.addi %[[I]], %c2
// CHECK-NEXT: %[[INRANGE:.*]] = arith.cmpi slt, %[[AHEAD]], %arg4
// CHECK: nvgir.tma_load %arg0[%arg2, %[[K]]], {{.*}}[%[[WRITE]]] if %[[INRANGE]]
// CHECK: nvgir.tma_load %arg1[%[[K]], %arg3], {{.*}}[%[[WRITE]]] if %[[INRANGE]]
// CHECK: scf.yield %[[D1]],
func.func @tma_loop(%A: !tir.tensordesc<tensor<128x64xbf16>>,
                    %B: !tir.tensordesc<tensor<64x128xbf16>>,
                    %m0: i32, %n0: i32, %kt: index) -> tensor<128x128xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %cBK = arith.constant 64 : i32
  %zero = arith.constant dense<0.0> : tensor<128x128xf32>
  %acc = scf.for %i = %c0 to %kt step %c1 iter_args(%acc_i = %zero) -> (tensor<128x128xf32>) {
    %ii = arith.index_cast %i : index to i32
    %k0 = arith.muli %ii, %cBK : i32
    %a = tir.descriptor_load %A[%m0, %k0] : !tir.tensordesc<tensor<128x64xbf16>>
    %b = tir.descriptor_load %B[%k0, %n0] : !tir.tensordesc<tensor<64x128xbf16>>
    %d = tir.dot %a, %b, %acc_i : tensor<128x64xbf16> * tensor<64x128xbf16> -> tensor<128x128xf32>
    scf.yield %d : tensor<128x128xf32>
  }
  return %acc : tensor<128x128xf32>
}
