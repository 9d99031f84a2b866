func.func @bitcast_shape(%x: tensor<4xi32>) {
  // expected-error @+1 {{'tir.bitcast' op requires the same shape for all operands and results}}
  %0 = tir.bitcast %x : tensor<4xi32> -> tensor<8xf32>
  return
}
