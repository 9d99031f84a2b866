func.func @make_range_over() attributes {tir.kernel} {
  // expected-error @+1 {{'tir.make_range' op result #0 is a tile of shape 2097152 ('tensor<2097152xi32>'): 2097152 elements, over the limit of 1048576 (2^20) elements per tile}}
  %r = tir.make_range 0 to 2097152 : tensor<2097152xi32>
  %s = arith.addi %r, %r : tensor<2097152xi32>
  return
}
