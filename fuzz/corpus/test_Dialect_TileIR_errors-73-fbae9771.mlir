func.func @dot_int_float(%a: tensor<16x16xf16>, %b: tensor<16x16xi16>, %c: tensor<16x16xf32>) {
  // expected-error @+1 {{'tir.dot' op a and b must both be floats or both integers, got 'f16' and 'i16'}}
  %0 = tir.dot %a, %b, %c : tensor<16x16xf16> * tensor<16x16xi16> -> tensor<16x16xf32>
  return
}
