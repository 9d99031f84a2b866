func.func @addptr_shape(%p: tensor<8x!tir.ptr<f32>>, %o: tensor<4xi32>) {
  // expected-error @+1 {{'tir.addptr' op offset shape [4] does not match pointer shape [8]}}
  %0 = tir.addptr %p, %o : tensor<8x!tir.ptr<f32>>, tensor<4xi32>
  return
}
