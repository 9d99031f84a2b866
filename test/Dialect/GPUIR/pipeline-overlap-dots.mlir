// RUN: trident-opt %s --convert-tir-to-gir="compute-capability=90" --gir-coalesce --gir-dot-layouts --gir-remove-layout-conversions --gir-pipeline="num-stages=3 async-dot=true" --canonicalize | FileCheck %s
// RUN: trident-opt %s --convert-tir-to-gir="compute-capability=90" --gir-coalesce --gir-dot-layouts --gir-remove-layout-conversions --gir-pipeline="num-stages=3 async-dot=true overlap-dots=false" --canonicalize | FileCheck %s --check-prefix=INORDER
// RUN: trident-opt %s --convert-tir-to-gir="compute-capability=90" --gir-coalesce --gir-dot-layouts --gir-remove-layout-conversions --gir-pipeline="num-stages=3 async-dot=true carry-dots=true" --canonicalize | FileCheck %s --check-prefix=CARRY

// Attention backward's dK/dV loop: four dots per iteration. Each dot that
// wgmma reads in place is issued asynchronously and waited for just before
// its result is first read: s before exp2; p^T dO (dv) stays in flight
// while v dO^T (t) is issued, and one wait (pending 0) completes both
// before ds = p * t (dv passes through it: the yield reads it after that
// wait); ds q (dk) is waited for at the iteration's end.
// CHECK-LABEL: func.func @dkdv
// CHECK: scf.for
// CHECK: %[[S:.*]] = nvgir.warpgroup_dot {{.*}} async
// CHECK-NEXT: %[[SW:.*]] = nvgir.warpgroup_wait %[[S]] {pending = 0 : i32}
// CHECK: math.exp2 %[[SW]]
// CHECK: %[[DV:.*]] = nvgir.warpgroup_dot {{.*}} async
// CHECK-NOT: nvgir.warpgroup_wait
// CHECK: %[[T:.*]] = nvgir.warpgroup_dot {{.*}} async
// CHECK-NEXT: %[[W:.*]]:2 = nvgir.warpgroup_wait %[[DV]], %[[T]] {pending = 0 : i32}
// CHECK: arith.mulf {{.*}}%[[W]]#1
// CHECK: %[[DK:.*]] = nvgir.warpgroup_dot {{.*}} async
// CHECK: %[[END:.*]] = nvgir.warpgroup_wait %[[DK]] {pending = 0 : i32}
// CHECK-NEXT: scf.yield %[[W]]#0, %[[END]]
//
// carry-dots: ds q (dk), whose result only the next iteration's ds q
// accumulates into, stays in flight across the back edge (the next
// iteration's first wait completes it) and leaves the loop in flight,
// waited for after it; dv is read by the yield after the iteration's
// second wait, as before. The copies run one iteration ahead (num-stages
// - 2): the slot written at the top is never the one dk reads.
// CARRY-LABEL: func.func @dkdv
// CARRY: %[[LOOP:.*]]:5 = scf.for {{.*}} iter_args(%{{.*}} = %{{.*}}, %[[ACC:.*]] = %{{.*}}, %{{.*}} = %c0_i32, %{{.*}} = %c1_i32,
// CARRY: gir.barrier
// CARRY: nvgir.async_copy
// CARRY: nvgir.warpgroup_dot {{.*}} async
// CARRY-NEXT: nvgir.warpgroup_wait {{.*}} {pending = 0 : i32}
// CARRY: %[[W:.*]]:2 = nvgir.warpgroup_wait %{{.*}}, %{{.*}} {pending = 0 : i32}
// CARRY: %[[DK:.*]] = nvgir.warpgroup_dot %{{.*}}, %{{.*}}, %[[ACC]] async
// CARRY-NOT: nvgir.warpgroup_wait
// CARRY: scf.yield %[[W]]#0, %[[DK]],
// CARRY: nvgir.warpgroup_wait %[[LOOP]]#1 {pending = 0 : i32}
//
// overlap-dots=false: every dot completes where it is issued.
// INORDER-LABEL: func.func @dkdv
// INORDER: scf.for
// INORDER-NOT: warpgroup_dot {{.*}} async
// INORDER-NOT: nvgir.warpgroup_wait
// INORDER: scf.yield
module {
  func.func @dkdv(%pk: tensor<128x64x!tir.ptr<f16>>, %pv: tensor<128x64x!tir.ptr<f16>>,
                  %qbase: !tir.ptr<f16> {tir.divisibility = 16 : i32},
                  %dobase: !tir.ptr<f16> {tir.divisibility = 16 : i32},
                  %n: i32) -> (tensor<128x64xf32>, tensor<128x64xf32>) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %z32 = arith.constant dense<0.0> : tensor<128x32xf32>
    %z64 = arith.constant dense<0.0> : tensor<128x64xf32>
    %k = tir.load %pk : tensor<128x64x!tir.ptr<f16>>
    %v = tir.load %pv : tensor<128x64x!tir.ptr<f16>>
    // q^T (64x32) and dO (32x64), both row-major with known contiguity.
    %r64 = tir.make_range 0 to 64 : tensor<64xi32>
    %r32 = tir.make_range 0 to 32 : tensor<32xi32>
    %qre = tir.expand_dims %r64, axis = 1 : tensor<64xi32> -> tensor<64x1xi32>
    %c32 = arith.constant dense<32> : tensor<64x1xi32>
    %qrs = arith.muli %qre, %c32 : tensor<64x1xi32>
    %qrb = tir.broadcast %qrs : tensor<64x1xi32> -> tensor<64x32xi32>
    %qce = tir.expand_dims %r32, axis = 0 : tensor<32xi32> -> tensor<1x32xi32>
    %qcb = tir.broadcast %qce : tensor<1x32xi32> -> tensor<64x32xi32>
    %qoff = arith.addi %qrb, %qcb : tensor<64x32xi32>
    %qs = tir.splat %qbase : !tir.ptr<f16> -> tensor<64x32x!tir.ptr<f16>>
    %pq = tir.addptr %qs, %qoff : tensor<64x32x!tir.ptr<f16>>, tensor<64x32xi32>
    %dre = tir.expand_dims %r32, axis = 1 : tensor<32xi32> -> tensor<32x1xi32>
    %c64 = arith.constant dense<64> : tensor<32x1xi32>
    %drs = arith.muli %dre, %c64 : tensor<32x1xi32>
    %drb = tir.broadcast %drs : tensor<32x1xi32> -> tensor<32x64xi32>
    %dce = tir.expand_dims %r64, axis = 0 : tensor<64xi32> -> tensor<1x64xi32>
    %dcb = tir.broadcast %dce : tensor<1x64xi32> -> tensor<32x64xi32>
    %doff = arith.addi %drb, %dcb : tensor<32x64xi32>
    %ds0 = tir.splat %dobase : !tir.ptr<f16> -> tensor<32x64x!tir.ptr<f16>>
    %pdo = tir.addptr %ds0, %doff : tensor<32x64x!tir.ptr<f16>>, tensor<32x64xi32>
    %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%dv = %z64, %dk = %z64) -> (tensor<128x64xf32>, tensor<128x64xf32>) : i32 {
      %qT = tir.load %pq : tensor<64x32x!tir.ptr<f16>>
      %do = tir.load %pdo : tensor<32x64x!tir.ptr<f16>>
      %s = tir.dot %k, %qT, %z32 : tensor<128x64xf16> * tensor<64x32xf16> -> tensor<128x32xf32>
      %pf = math.exp2 %s : tensor<128x32xf32>
      %p = arith.truncf %pf : tensor<128x32xf32> to tensor<128x32xf16>
      %dv1 = tir.dot %p, %do, %dv : tensor<128x32xf16> * tensor<32x64xf16> -> tensor<128x64xf32>
      %doT = tir.trans %do, [1, 0] : tensor<32x64xf16> -> tensor<64x32xf16>
      %t = tir.dot %v, %doT, %z32 : tensor<128x64xf16> * tensor<64x32xf16> -> tensor<128x32xf32>
      %dsf = arith.mulf %pf, %t : tensor<128x32xf32>
      %ds = arith.truncf %dsf : tensor<128x32xf32> to tensor<128x32xf16>
      %q = tir.trans %qT, [1, 0] : tensor<64x32xf16> -> tensor<32x64xf16>
      %dk1 = tir.dot %ds, %q, %dk : tensor<128x32xf16> * tensor<32x64xf16> -> tensor<128x64xf32>
      scf.yield %dv1, %dk1 : tensor<128x64xf32>, tensor<128x64xf32>
    }
    return %r#0, %r#1 : tensor<128x64xf32>, tensor<128x64xf32>
  }
  // A store at the top of the iteration, before its first wait: the
  // carried dk is waited for before it (a write the ring's copies do not
  // account for), and the next ds q accumulates into what that wait
  // passes through.
  // CARRY-LABEL: func.func @dkdv_store
  // CARRY: scf.for {{.*}} iter_args(%{{[^ ]*}} = %{{[^ ]*}}, %[[ACC:[^ ]*]] = %{{[^ ]*}},
  // CARRY: %[[TOP:.*]] = nvgir.warpgroup_wait %[[ACC]] {pending = 0 : i32}
  // CARRY-NEXT: tir.store
  // CARRY: nvgir.warpgroup_dot %{{.*}}, %{{.*}}, %[[TOP]] async
  // CARRY-NOT: nvgir.warpgroup_wait
  // CARRY: scf.yield
  func.func @dkdv_store(%pk: tensor<128x64x!tir.ptr<f16>>, %pv: tensor<128x64x!tir.ptr<f16>>,
                  %qbase: !tir.ptr<f16> {tir.divisibility = 16 : i32},
                  %dobase: !tir.ptr<f16> {tir.divisibility = 16 : i32},
                  %n: i32, %out: !tir.ptr<i32>) -> (tensor<128x64xf32>, tensor<128x64xf32>) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %z32 = arith.constant dense<0.0> : tensor<128x32xf32>
    %z64 = arith.constant dense<0.0> : tensor<128x64xf32>
    %k = tir.load %pk : tensor<128x64x!tir.ptr<f16>>
    %v = tir.load %pv : tensor<128x64x!tir.ptr<f16>>
    // q^T (64x32) and dO (32x64), both row-major with known contiguity.
    %r64 = tir.make_range 0 to 64 : tensor<64xi32>
    %r32 = tir.make_range 0 to 32 : tensor<32xi32>
    %qre = tir.expand_dims %r64, axis = 1 : tensor<64xi32> -> tensor<64x1xi32>
    %c32 = arith.constant dense<32> : tensor<64x1xi32>
    %qrs = arith.muli %qre, %c32 : tensor<64x1xi32>
    %qrb = tir.broadcast %qrs : tensor<64x1xi32> -> tensor<64x32xi32>
    %qce = tir.expand_dims %r32, axis = 0 : tensor<32xi32> -> tensor<1x32xi32>
    %qcb = tir.broadcast %qce : tensor<1x32xi32> -> tensor<64x32xi32>
    %qoff = arith.addi %qrb, %qcb : tensor<64x32xi32>
    %qs = tir.splat %qbase : !tir.ptr<f16> -> tensor<64x32x!tir.ptr<f16>>
    %pq = tir.addptr %qs, %qoff : tensor<64x32x!tir.ptr<f16>>, tensor<64x32xi32>
    %dre = tir.expand_dims %r32, axis = 1 : tensor<32xi32> -> tensor<32x1xi32>
    %c64 = arith.constant dense<64> : tensor<32x1xi32>
    %drs = arith.muli %dre, %c64 : tensor<32x1xi32>
    %drb = tir.broadcast %drs : tensor<32x1xi32> -> tensor<32x64xi32>
    %dce = tir.expand_dims %r64, axis = 0 : tensor<64xi32> -> tensor<1x64xi32>
    %dcb = tir.broadcast %dce : tensor<1x64xi32> -> tensor<32x64xi32>
    %doff = arith.addi %drb, %dcb : tensor<32x64xi32>
    %ds0 = tir.splat %dobase : !tir.ptr<f16> -> tensor<32x64x!tir.ptr<f16>>
    %pdo = tir.addptr %ds0, %doff : tensor<32x64x!tir.ptr<f16>>, tensor<32x64xi32>
    %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%dv = %z64, %dk = %z64) -> (tensor<128x64xf32>, tensor<128x64xf32>) : i32 {
      tir.store %out, %i : !tir.ptr<i32>
      %qT = tir.load %pq : tensor<64x32x!tir.ptr<f16>>
      %do = tir.load %pdo : tensor<32x64x!tir.ptr<f16>>
      %s = tir.dot %k, %qT, %z32 : tensor<128x64xf16> * tensor<64x32xf16> -> tensor<128x32xf32>
      %pf = math.exp2 %s : tensor<128x32xf32>
      %p = arith.truncf %pf : tensor<128x32xf32> to tensor<128x32xf16>
      %dv1 = tir.dot %p, %do, %dv : tensor<128x32xf16> * tensor<32x64xf16> -> tensor<128x64xf32>
      %doT = tir.trans %do, [1, 0] : tensor<32x64xf16> -> tensor<64x32xf16>
      %t = tir.dot %v, %doT, %z32 : tensor<128x64xf16> * tensor<64x32xf16> -> tensor<128x32xf32>
      %dsf = arith.mulf %pf, %t : tensor<128x32xf32>
      %ds = arith.truncf %dsf : tensor<128x32xf32> to tensor<128x32xf16>
      %q = tir.trans %qT, [1, 0] : tensor<64x32xf16> -> tensor<32x64xf16>
      %dk1 = tir.dot %ds, %q, %dk : tensor<128x32xf16> * tensor<32x64xf16> -> tensor<128x64xf32>
      scf.yield %dv1, %dk1 : tensor<128x64xf32>, tensor<128x64xf32>
    }
    return %r#0, %r#1 : tensor<128x64xf32>, tensor<128x64xf32>
  }
}
