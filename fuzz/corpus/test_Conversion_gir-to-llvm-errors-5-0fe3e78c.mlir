// Four i8 of a pack share one register: one output and one input.
func.func @asm_constraints(%x: tensor<512xi8>) -> tensor<512xi8> {
  // expected-error @+2 {{'tir.inline_asm_elementwise' op constraints "=r,=r,=r,=r,r,r,r,r" give 4 outputs and 4 inputs, but each invocation of the assembly (pack 4) here has 1 outputs and 1 inputs}}
  // expected-error @+1 {{failed to legalize operation 'tir.inline_asm_elementwise'}}
  %y = tir.inline_asm_elementwise "", "=r,=r,=r,=r,r,r,r,r" pure pack = 4 (%x : tensor<512xi8>) -> tensor<512xi8>
  return %y : tensor<512xi8>
}
