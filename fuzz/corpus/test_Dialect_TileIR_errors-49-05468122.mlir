func.func @bitcast_width(%x: tensor<4xi32>) {
  // expected-error @+1 {{'tir.bitcast' op element bit widths differ ('i32' is 32 bits, 'f16' is 16 bits)}}
  %0 = tir.bitcast %x : tensor<4xi32> -> tensor<4xf16>
  return
}
