// The fma dialect's verifier, through trident-opt.

func.func @int_operands(%a: i32) -> i32 {
  // expected-error @below {{'fma.mul_add' op operand #0 must be floating-point-like, but got 'i32'}}
  %r = "fma.mul_add"(%a, %a, %a) : (i32, i32, i32) -> i32
  return %r : i32
}
