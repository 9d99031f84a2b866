func.func @split_last_dim(%x: tensor<8x4xf32>) {
  // expected-error @+1 {{'tir.split' op source's last dimension must have size 2, got 'tensor<8x4xf32>'}}
  %0:2 = tir.split %x : tensor<8x4xf32> -> tensor<8xf32>
  return
}
