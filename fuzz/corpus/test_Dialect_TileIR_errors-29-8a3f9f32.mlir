func.func @broadcast_dim(%x: tensor<2x64xf32>) {
  // expected-error @+1 {{'tir.broadcast' op dimension 0 of size 2 cannot be broadcast to 4 (only size-1 dimensions expand)}}
  %0 = tir.broadcast %x : tensor<2x64xf32> -> tensor<4x64xf32>
  return
}
