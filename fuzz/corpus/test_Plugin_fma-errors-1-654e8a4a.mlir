func.func @mixed_types(%a: f32, %b: f16) -> f32 {
  // expected-error @below {{'fma.mul_add' op requires the same type for all operands and results}}
  %r = "fma.mul_add"(%a, %b, %a) : (f32, f16, f32) -> f32
  return %r : f32
}
