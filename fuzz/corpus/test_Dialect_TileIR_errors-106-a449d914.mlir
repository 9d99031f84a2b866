func.func @assume_tile(%c: tensor<4xi1>) {
  // expected-error @+1 {{'tir.assume' op operand #0 must be 1-bit signless integer}}
  "tir.assume"(%c) : (tensor<4xi1>) -> ()
  return
}
