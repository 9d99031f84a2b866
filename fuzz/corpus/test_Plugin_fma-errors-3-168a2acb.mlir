func.func @int_result(%a: f32) -> i32 {
  // expected-error @below {{'fma.mul_add' op result #0 must be floating-point-like, but got 'i32'}}
  %r = "fma.mul_add"(%a, %a, %a) : (f32, f32, f32) -> i32
  return %r : i32
}
