func.func @dot_rank(%a: tensor<16xf16>, %c: tensor<16xf32>) {
  // expected-error @+1 {{'tir.dot' op operands must be 2-D (or 3-D with a leading batch dimension), got rank 1}}
  %0 = tir.dot %a, %a, %c : tensor<16xf16> * tensor<16xf16> -> tensor<16xf32>
  return
}
