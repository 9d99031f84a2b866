func.func @assert_condition(%c: tensor<4xi32>) {
  // expected-error @+1 {{'tir.assert' op operand #0 must be i1 or i1 tile}}
  tir.assert %c, "bad" : tensor<4xi32>
  return
}
