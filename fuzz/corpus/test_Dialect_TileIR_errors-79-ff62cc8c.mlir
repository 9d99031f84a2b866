func.func @dot_imprecise_negative(%a: tensor<16x16xf8E4M3FN>, %c: tensor<16x16xf32>) {
  // expected-error @+1 {{'tir.dot' op attribute 'max_num_imprecise_acc' failed to satisfy constraint: 32-bit signless integer attribute whose minimum value is 0}}
  %0 = tir.dot %a, %a, %c max_num_imprecise_acc = -1 : tensor<16x16xf8E4M3FN> * tensor<16x16xf8E4M3FN> -> tensor<16x16xf32>
  return
}
