func.func @broadcast_rank(%x: tensor<64xf32>) {
  // expected-error @+1 {{'tir.broadcast' op source rank (1) must equal result rank (2); insert dimensions with tir.expand_dims first}}
  %0 = tir.broadcast %x : tensor<64xf32> -> tensor<4x64xf32>
  return
}
