// The plugin's emit callback checks its operands and says what is wrong.
func.func private @mul_add_int(i32, i32, i32) -> i32 attributes {trident.dsl_op = "fma.mul_add"}
func.func @int_operands(%a: i32) -> i32 {
  // expected-error @below {{DSL op 'fma.mul_add' of plugin 'fma' failed: fma.mul_add needs float operands, got 'i32'}}
  %x = func.call @mul_add_int(%a, %a, %a) : (i32, i32, i32) -> i32
  return %x : i32
}
