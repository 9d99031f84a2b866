func.func @operand_count(%a: f32) -> f32 {
  // expected-error @below {{'fma.mul_add' op expected 3 operands, but found 2}}
  %r = "fma.mul_add"(%a, %a) : (f32, f32) -> f32
  return %r : f32
}
