func.func @store_mask(%p: tensor<8x!tir.ptr<f32>>, %v: tensor<8xf32>, %m: tensor<8xi8>) {
  // expected-error @+1 {{'tir.store' op operand #2 must be i1 or i1 tile}}
  "tir.store"(%p, %v, %m) : (tensor<8x!tir.ptr<f32>>, tensor<8xf32>, tensor<8xi8>) -> ()
  return
}
