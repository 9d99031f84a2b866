func.func @dot_k(%a: tensor<32x16xf16>, %b: tensor<32x64xf16>, %c: tensor<32x64xf32>) {
  // expected-error @+1 {{'tir.dot' op reduction dimensions differ: a is 32x16 but b is 32x64}}
  %0 = tir.dot %a, %b, %c : tensor<32x16xf16> * tensor<32x64xf16> -> tensor<32x64xf32>
  return
}
