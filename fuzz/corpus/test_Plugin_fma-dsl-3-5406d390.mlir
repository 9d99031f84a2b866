func.func private @mul_add_two(f32, f32) -> f32 attributes {trident.dsl_op = "fma.mul_add"}
func.func @two_operands(%a: f32) -> f32 {
  // expected-error @below {{DSL op 'fma.mul_add' of plugin 'fma' failed: fma.mul_add takes 3 operands (a, b, c) and returns 1 value}}
  %x = func.call @mul_add_two(%a, %a) : (f32, f32) -> f32
  return %x : f32
}
