// Found by the libFuzzer target under AddressSanitizer (a corpus input):
// gir-pipeline read the carried arguments of the loop it had just erased
// (a heap use after free in dropDeadCarried) that the plain build does not
// see. scripts/fuzz.sh runs this file under AddressSanitizer.
// A flattened persistent loop (tir-flatten-loops): the accumulator restarts
// by `select(k == 0, zeros, acc)`, which becomes the dot's run-time scale-d
// (use_c = k != 0) so that nothing reads the registers the previous tile's
// MMAs may still write; the next copies' tile coordinates (divisions of
// the carried tile index) are computed after the dot is issued and carried
// to the next iteration's copies; the epilogue under `k == last`
// waits for every MMA before it reads the accumulator, while the loop's
// own path keeps one group in flight.
// copy-order=auto (both operands by TMA, three stages): the copies go out
// behind the wait for the previous MMAs, two steps ahead from slot 2, at
// coordinates carried in; the next ones are computed after them.
// AUTO-LABEL: func.func @flattened
// AUTO: scf.for {{.*}} = %c0_i32, %[[WRITE:[^ ]+]] = %c2_i32, %{{[^ ]+}} = %c0_i32)
// AUTO-NEXT: nvgir.mbarrier_wait
// AUTO: %[[D:.*]] = nvgir.warpgroup_dot %{{.*}} use_c %{{.*}} async
// AUTO-NEXT: %[[D1:.*]] = nvgir.warpgroup_wait %[[D]] {pending = 1 : i32}
// AUTO-NEXT: gir.barrier
// AUTO-NOT: arith.divsi
// AUTO: nvgir.tma_load %arg0{{.*}}[%[[WRITE]]]
// AUTO: nvgir.tma_load %arg1{{.*}}[%[[WRITE]]]
// AUTO: arith.divsi
// AUTO: scf.if
// AUTO-NEXT: nvgir.warpgroup_wait %[[D1]] {pending = 0 : i32}

// CHECK-LABEL: func.func @flattened
// CHECK: scf.for {{.*}} iter_args(%[[ACC:[^ ]+]] = %{{.*}}, %[[KK:[^ ]+]] = %c0_i32, %[[T:[^ ]+]] = %c0_i32,
// CHECK-NEXT: gir.barrier
// CHECK: nvgir.tma_load %arg0
// CHECK: nvgir.tma_load %arg1
// CHECK-NOT: arith.divsi
// CHECK: nvgir.mbarrier_wait
// CHECK: %[[USE:.*]] = arith.cmpi ne, %[[KK]], %c0_i32
// CHECK: %[[D:.*]] = nvgir.warpgroup_dot %{{.*}}, %{{.*}}, %[[ACC]] use_c %[[USE]] async
// CHECK-NEXT: arith.divsi
// CHECK: %[[D1:.*]] = nvgir.warpgroup_wait %[[D]] {pending = 1 : i32}
// CHECK: scf.if
// CHECK-NEXT: %[[D0:.*]] = nvgir.warpgroup_wait %[[D1]] {pending = 0 : i32}
// CHECK: tir.descriptor_store %arg2[{{.*}}], %[[D0]]
// CHECK: scf.yield %[[D1]],
func.func @flattened(%A: !tir.tensordesc<tensor<128x64xbf16>>,
                     %B: !tir.tensordesc<tensor<64x128xbf16>>,
                     %C: !tir.tensordesc<tensor<128x128xf32>>,
                     %total: i32, %nk: i32, %tn: i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c64 = arith.constant 64 : i32
  %c128 = arith.constant 128 : i32
  %last = arith.subi %nk, %c1 : i32
  %zero = arith.constant dense<0.0> : tensor<128x128xf32>
  %r:3 = scf.for %i = %c0 to %total step %c1
      iter_args(%acc = %zero, %kk = %c0, %t = %c0) -> (tensor<128x128xf32>, i32, i32) : i32 {
    %tm = arith.divsi %t, %tn : i32
    %tnn = arith.remsi %t, %tn : i32
    %m0 = arith.muli %tm, %c128 : i32
    %n0 = arith.muli %tnn, %c128 : i32
    %start = arith.cmpi eq, %kk, %c0 : i32
    %acc_in = arith.select %start, %zero, %acc : tensor<128x128xf32>
    %k0 = arith.muli %kk, %c64 : i32
    %a = tir.descriptor_load %A[%m0, %k0] : !tir.tensordesc<tensor<128x64xbf16>>
    %b = tir.descriptor_load %B[%k0, %n0] : !tir.tensordesc<tensor<64x128xbf16>>
    %d = tir.dot %a, %b, %acc_in : tensor<128x64xbf16> * tensor<64x128xbf16> -> tensor<128x128xf32>
    %is_last = arith.cmpi eq, %kk, %last : i32
    scf.if %is_last {
      %em = arith.muli %tm, %c128 : i32
      %en = arith.muli %tnn, %c128 : i32
      tir.descriptor_store %C[%em, %en], %d : !tir.tensordesc<tensor<128x128xf32>>
    }
    %kn = arith.addi %kk, %c1 : i32
    %kk2 = arith.select %is_last, %c0, %kn : i32
    %tnext = arith.addi %t, %c1 : i32
    %t2 = arith.select %is_last, %tnext, %t : i32
    scf.yield %d, %kk2, %t2 : tensor<128x128xf32>, i32, i32
  }
  return
}
