func.func @addptr_scalar_ptr(%p: !tir.ptr<f32>, %o: tensor<8xi32>) {
  // expected-error @+1 {{'tir.addptr' op a scalar pointer takes a scalar offset, got 'tensor<8xi32>'; splat the pointer first}}
  %0 = tir.addptr %p, %o : !tir.ptr<f32>, tensor<8xi32>
  return
}
