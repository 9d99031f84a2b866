func.func @ptr_to_int_width(%p: tensor<4x!tir.ptr<f32>>) {
  // expected-error @+1 {{'tir.ptr_to_int' op result must have i64 elements, got 'tensor<4xi32>'}}
  %0 = tir.ptr_to_int %p : tensor<4x!tir.ptr<f32>> -> tensor<4xi32>
  return
}
