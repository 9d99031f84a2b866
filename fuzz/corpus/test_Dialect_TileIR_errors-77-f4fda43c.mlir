func.func @dot_tf32(%a: tensor<16x16xbf16>, %c: tensor<16x16xf32>) {
  // expected-error @+1 {{'tir.dot' op input precision 'tf32' requires f32 inputs, got 'bf16'}}
  %0 = tir.dot %a, %a, %c precision = tf32 : tensor<16x16xbf16> * tensor<16x16xbf16> -> tensor<16x16xf32>
  return
}
