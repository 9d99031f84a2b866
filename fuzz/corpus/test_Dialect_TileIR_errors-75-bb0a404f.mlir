func.func @dot_float_int_acc(%a: tensor<16x16xf16>, %c: tensor<16x16xi32>) {
  // expected-error @+1 {{'tir.dot' op float inputs need a float accumulator, got 'i32'}}
  %0 = tir.dot %a, %a, %c : tensor<16x16xf16> * tensor<16x16xf16> -> tensor<16x16xi32>
  return
}
