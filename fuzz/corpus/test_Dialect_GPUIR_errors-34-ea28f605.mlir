func.func @plain(%x: tensor<64xf32>) {
  // expected-error @+1 {{'gir.convert_layout' op converts between tiles with distributed layouts}}
  %0 = gir.convert_layout %x : tensor<64xf32> -> tensor<64xf32>
  return
}
