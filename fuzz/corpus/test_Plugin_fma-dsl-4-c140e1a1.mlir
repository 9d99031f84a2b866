func.func private @nothing(f32) -> f32 attributes {trident.dsl_op = "no.such_op"}
func.func @unknown(%a: f32) -> f32 {
  // expected-error @below {{no DSL op named 'no.such_op'}}
  %x = func.call @nothing(%a) : (f32) -> f32
  return %x : f32
}
