func.func @dot_elem_mismatch(%a: tensor<16x16xf16>, %b: tensor<16x16xbf16>, %c: tensor<16x16xf32>) {
  // expected-error @+1 {{'tir.dot' op a and b element types differ ('f16' and 'bf16'); only 8-bit float types may be mixed}}
  %0 = tir.dot %a, %b, %c : tensor<16x16xf16> * tensor<16x16xbf16> -> tensor<16x16xf32>
  return
}
