func.func @num_programs_axis() {
  // expected-error @+1 {{'tir.get_num_programs' op attribute 'axis' failed to satisfy constraint}}
  %0 = tir.get_num_programs -1 : i32
  return
}
