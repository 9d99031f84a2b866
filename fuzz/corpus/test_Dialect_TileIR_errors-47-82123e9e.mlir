func.func @bitcast_ptr_int(%p: !tir.ptr<f32>) {
  // expected-error @+1 {{'tir.bitcast' op cannot bitcast between a pointer and a non-pointer ('!tir.ptr<f32>' to 'i64'); use tir.ptr_to_int or tir.int_to_ptr}}
  %0 = tir.bitcast %p : !tir.ptr<f32> -> i64
  return
}
