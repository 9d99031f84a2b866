func.func @store_value(%p: tensor<8x!tir.ptr<f32>>, %v: tensor<8xf16>) {
  // expected-error @+1 {{'tir.store' op failed to verify that value type is the pointee type of ptr}}
  "tir.store"(%p, %v) : (tensor<8x!tir.ptr<f32>>, tensor<8xf16>) -> ()
  return
}
