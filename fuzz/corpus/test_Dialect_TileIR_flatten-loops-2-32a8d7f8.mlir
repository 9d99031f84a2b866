// Nests it does not fuse keep their loops (and lose the mark): a prologue
// with a side effect, two inner loops, inner bounds that depend on the
// outer loop.
// CHECK-LABEL: func.func @not_flattened
// CHECK: scf.for
// CHECK: tir.store
// CHECK: scf.for
// CHECK: scf.for
// CHECK: scf.for
// CHECK: scf.for
// CHECK: scf.for
// CHECK: scf.for
// CHECK-NOT: tir.flatten
func.func @not_flattened(%p: !tir.ptr<i32>, %n: i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  scf.for %t = %c0 to %n step %c1 : i32 {
    tir.store %p, %t : !tir.ptr<i32>
    scf.for %k = %c0 to %n step %c1 : i32 {
      tir.store %p, %k : !tir.ptr<i32>
    }
  } {tir.flatten = 1 : i32}
  scf.for %t = %c0 to %n step %c1 : i32 {
    scf.for %k = %c0 to %n step %c1 : i32 {
      tir.store %p, %k : !tir.ptr<i32>
    }
    scf.for %k = %c0 to %n step %c1 : i32 {
      tir.store %p, %k : !tir.ptr<i32>
    }
  } {tir.flatten = 1 : i32}
  scf.for %t = %c0 to %n step %c1 : i32 {
    scf.for %k = %c0 to %t step %c1 : i32 {
      tir.store %p, %k : !tir.ptr<i32>
    }
  } {tir.flatten = 1 : i32}
  return
}
