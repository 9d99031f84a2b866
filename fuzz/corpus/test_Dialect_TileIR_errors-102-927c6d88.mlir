func.func @atomic_val_type(%p: !tir.ptr<f32>, %v: f16) {
  // expected-error @+1 {{'tir.atomic_rmw' op failed to verify that val type is the pointee type of ptr}}
  %0 = "tir.atomic_rmw"(%p, %v) <{kind = 2 : i32, sem = 1 : i32, scope = 1 : i32, operandSegmentSizes = array<i32: 1, 1, 0>}> : (!tir.ptr<f32>, f16) -> f32
  return
}
