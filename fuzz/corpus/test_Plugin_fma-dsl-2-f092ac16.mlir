func.func private @mul_add_mixed(f32, f16, f32) -> f32 attributes {trident.dsl_op = "fma.mul_add"}
func.func @mixed(%a: f32, %b: f16) -> f32 {
  // expected-error @below {{DSL op 'fma.mul_add' of plugin 'fma' failed: fma.mul_add operands must have one type, got 'f32', 'f16' and 'f32'}}
  %x = func.call @mul_add_mixed(%a, %b, %a) : (f32, f16, f32) -> f32
  return %x : f32
}
