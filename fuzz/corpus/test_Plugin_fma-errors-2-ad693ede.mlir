func.func @missing_operand(%a: f32) -> f32 {
  // expected-error @below {{expected ','}}
  %r = fma.mul_add %a, %a : f32
  return %r : f32
}
