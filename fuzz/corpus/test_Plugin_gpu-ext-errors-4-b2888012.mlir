func.func @reverse_rank(%x: tensor<4x4xf32>) -> tensor<4x4xf32> {
  // expected-error @below {{'gpux.reverse' op reverses 1-D tiles of static length, got 'tensor<4x4xf32>'}}
  %r = gpux.reverse %x : tensor<4x4xf32>
  return %r : tensor<4x4xf32>
}
