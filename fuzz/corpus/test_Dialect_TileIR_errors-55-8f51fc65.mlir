func.func @load_not_ptr(%p: tensor<8xi64>) {
  // expected-error @+1 {{custom op 'tir.load' 'ptr' must be pointer or pointer tile, but got 'tensor<8xi64>'}}
  %0 = tir.load %p : tensor<8xi64>
  return
}
