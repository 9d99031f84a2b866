// The outer loop's carried values go through the epilogue's if (the other
// steps pass them on); the results of the nest are the fused loop's.
// CHECK-LABEL: func.func @carried
// CHECK-SAME: (%{{.*}}: i32, %{{.*}}: i32, %[[INIT:.*]]: i32)
// CHECK: %[[R:.*]] = scf.if %{{.*}} -> (i32) {
// CHECK: %[[F:.*]]:4 = scf.for {{.*}} iter_args(%[[N:[^ ]*]] = %[[INIT]], %[[S:[^ ]*]] = %c0_i32, %[[KK:[^ ]*]] = %c0_i32, %{{.*}} = %c0_i32) -> (i32, i32, i32, i32)
// CHECK: %[[SIN:.*]] = arith.select %{{.*}}, %c0_i32, %[[S]]
// CHECK-NEXT: %[[S2:.*]] = arith.addi %[[SIN]], %[[KK]]
// CHECK: %[[N2:.*]] = scf.if %{{.*}} -> (i32) {
// CHECK-NEXT: %[[SUM:.*]] = arith.addi %[[N]], %[[S2]]
// CHECK-NEXT: scf.yield %[[SUM]]
// CHECK-NEXT: } else {
// CHECK-NEXT: scf.yield %[[N]]
// CHECK: scf.yield %[[N2]], %[[S2]],
// CHECK: scf.yield %[[F]]#0
// CHECK: } else {
// CHECK-NEXT: scf.yield %[[INIT]]
// CHECK: return %[[R]]
func.func @carried(%n: i32, %m: i32, %init: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %r = scf.for %t = %c0 to %n step %c1 iter_args(%acc = %init) -> (i32) : i32 {
    %s = scf.for %k = %c0 to %m step %c1 iter_args(%x = %c0) -> (i32) : i32 {
      %y = arith.addi %x, %k : i32
      scf.yield %y : i32
    }
    %sum = arith.addi %acc, %s : i32
    scf.yield %sum : i32
  } {tir.flatten = 1 : i32}
  return %r : i32
}
