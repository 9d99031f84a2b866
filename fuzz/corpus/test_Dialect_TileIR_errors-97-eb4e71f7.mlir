func.func @atomic_add_float(%p: tensor<4x!tir.ptr<f32>>, %v: tensor<4xf32>) {
  // expected-error @+1 {{'tir.atomic_rmw' op 'add' requires integer elements, got 'f32'}}
  %0 = tir.atomic_rmw add, relaxed, gpu, %p, %v : tensor<4x!tir.ptr<f32>>
  return
}
