// tir.warp_specialize: the syntax round-trips, and constants that fold in a
// partition stay in it (a partition sees only its block arguments).

// CHECK-LABEL: func.func @roundtrip
// CHECK: tir.warp_specialize(%arg0, %arg1 : i32, !tir.ptr<f32>) registers(232) {
// CHECK-NEXT: tir.get_program_id
// CHECK-NEXT: } partition num_warps(4) registers(40) (%[[N:.*]]: i32, %[[P:.*]]: !tir.ptr<f32>) {
// CHECK-NEXT: tir.addptr %[[P]], %[[N]]
// CHECK: } partition num_warps(8) registers(160) (%{{.*}}: i32, %{{.*}}: !tir.ptr<f32>) {
// CHECK-NEXT: }
// CHECK-NEXT: return
func.func @roundtrip(%n: i32, %p: !tir.ptr<f32>) attributes {tir.kernel} {
  tir.warp_specialize(%n, %p : i32, !tir.ptr<f32>) registers(232) {
    %pid = tir.get_program_id 0 : i32
  } partition num_warps(4) registers(40) (%n0: i32, %p0: !tir.ptr<f32>) {
    %q = tir.addptr %p0, %n0 : !tir.ptr<f32>, i32
    %one = arith.constant 1.0 : f32
    tir.store %q, %one : !tir.ptr<f32>
  } partition num_warps(8) registers(160) (%n1: i32, %p1: !tir.ptr<f32>) {
  }
  return
}

// No captures, no budgets.
// CHECK-LABEL: func.func @plain
// CHECK: tir.warp_specialize() {
// CHECK: } partition num_warps(1) {
func.func @plain() attributes {tir.kernel} {
  tir.warp_specialize() {
  } partition num_warps(1) {
  }
  return
}

// FOLD-LABEL: func.func @fold
// FOLD: tir.warp_specialize
// FOLD: partition num_warps(1) (%[[P:.*]]: !tir.ptr<i32>)
// FOLD-NEXT: %[[C:.*]] = arith.constant 5 : i32
// FOLD-NEXT: tir.store %[[P]], %[[C]]
func.func @fold(%p: !tir.ptr<i32>) attributes {tir.kernel} {
  tir.warp_specialize(%p : !tir.ptr<i32>) {
  } partition num_warps(1) (%p0: !tir.ptr<i32>) {
    %a = arith.constant 2 : i32
    %b = arith.constant 3 : i32
    %c = arith.addi %a, %b : i32
    tir.store %p0, %c : !tir.ptr<i32>
  }
  return
}
