func.func @zeros_over() attributes {tir.kernel} {
  // expected-error @+1 {{'arith.constant' op result #0 is a tile of shape 2048x1024 ('tensor<2048x1024xf32>'): 2097152 elements, over the limit of 1048576 (2^20) elements per tile}}
  %c = arith.constant dense<0.0> : tensor<2048x1024xf32>
  return
}
