func.func @reverse_types(%x: tensor<4xf32>) -> tensor<4xf16> {
  // expected-error @below {{'gpux.reverse' op failed to verify that all of {src, result} have same type}}
  %r = "gpux.reverse"(%x) : (tensor<4xf32>) -> tensor<4xf16>
  return %r : tensor<4xf16>
}
