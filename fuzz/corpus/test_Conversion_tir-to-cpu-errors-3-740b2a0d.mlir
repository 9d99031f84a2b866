// Each element of a pack is its own asm operand on the CPU: two outputs and
// two inputs per invocation here.
func.func @asm_constraints(%p: !tir.ptr<i32>) attributes {tir.kernel} {
  %r = tir.make_range 0 to 8 : tensor<8xi32>
  // expected-error @+1 {{'tir.inline_asm_elementwise' op constraints "=r,r" give 1 outputs and 1 inputs, but each invocation of the assembly (pack 2) here has 2 outputs and 2 inputs}}
  %s = tir.inline_asm_elementwise "", "=r,r" pure pack = 2 (%r : tensor<8xi32>) -> tensor<8xi32>
  %ps = tir.splat %p : !tir.ptr<i32> -> tensor<8x!tir.ptr<i32>>
  %pp = tir.addptr %ps, %r : tensor<8x!tir.ptr<i32>>, tensor<8xi32>
  tir.store %pp, %s : tensor<8x!tir.ptr<i32>>
  return
}
