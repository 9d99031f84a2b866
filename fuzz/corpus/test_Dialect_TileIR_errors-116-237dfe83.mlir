func.func @asm_pointer_result(%p: !tir.ptr<f32>) {
  // expected-error @+1 {{'tir.inline_asm_elementwise' op result #0 must be variadic of integer/float scalar or tile}}
  %0 = tir.inline_asm_elementwise "", "=l,l" pure (%p : !tir.ptr<f32>) -> !tir.ptr<f32>
  return
}
