func.func @addptr_scalar_offset(%p: tensor<8x!tir.ptr<f32>>, %o: i32) {
  // expected-error @+1 {{'tir.addptr' op a pointer tile takes an offset tile of the same shape, got 'i32'; splat the offset first}}
  %0 = tir.addptr %p, %o : tensor<8x!tir.ptr<f32>>, i32
  return
}
