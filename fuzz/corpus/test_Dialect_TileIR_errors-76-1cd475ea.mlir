func.func @dot_int_float_acc(%a: tensor<16x16xi8>, %c: tensor<16x16xf32>) {
  // expected-error @+1 {{'tir.dot' op integer inputs need an integer accumulator, got 'f32'}}
  %0 = tir.dot %a, %a, %c : tensor<16x16xi8> * tensor<16x16xi8> -> tensor<16x16xf32>
  return
}
