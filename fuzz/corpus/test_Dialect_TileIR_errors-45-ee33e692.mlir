func.func @int_to_ptr_width(%i: i32) {
  // expected-error @+1 {{'tir.int_to_ptr' op source must have i64 elements, got 'i32'}}
  %0 = tir.int_to_ptr %i : i32 -> !tir.ptr<f32>
  return
}
