func.func @dot_imprecise(%a: tensor<16x16xbf16>, %c: tensor<16x16xf32>) {
  // expected-error @+1 {{'tir.dot' op max_num_imprecise_acc applies only to 8-bit float inputs, got 'bf16'}}
  %0 = tir.dot %a, %a, %c max_num_imprecise_acc = 32 : tensor<16x16xbf16> * tensor<16x16xbf16> -> tensor<16x16xf32>
  return
}
