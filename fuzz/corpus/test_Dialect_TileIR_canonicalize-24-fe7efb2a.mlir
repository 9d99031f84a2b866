// CHECK-LABEL: func.func @unknown_assume_and_assert
// CHECK: tir.assume
// CHECK: tir.assert
// CHECK: tir.print
func.func @unknown_assume_and_assert(%c: i1, %x: i32) {
  tir.assume %c
  tir.assert %c, "may fail" : i1
  tir.print "x" (%x : i32)
  return
}
