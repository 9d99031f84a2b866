func.func @splat_tile(%x: tensor<8xf32>) {
  // expected-error @+1 {{'tir.splat' op operand #0 must be tile element}}
  %0 = "tir.splat"(%x) : (tensor<8xf32>) -> tensor<8x8xf32>
  return
}
