// CHECK-LABEL: func.func @addptr_nonzero
// CHECK: tir.addptr
func.func @addptr_nonzero(%p: !tir.ptr<f32>) -> !tir.ptr<f32> {
  %c4 = arith.constant 4 : i32
  %0 = tir.addptr %p, %c4 : !tir.ptr<f32>, i32
  return %0 : !tir.ptr<f32>
}
