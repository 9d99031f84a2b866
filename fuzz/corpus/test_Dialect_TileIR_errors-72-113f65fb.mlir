func.func @dot_acc_shape(%a: tensor<32x16xf16>, %b: tensor<16x64xf16>, %c: tensor<64x32xf32>) {
  // expected-error @+1 {{'tir.dot' op accumulator must be 32x64 (MxN), got 64x32}}
  %0 = tir.dot %a, %b, %c : tensor<32x16xf16> * tensor<16x64xf16> -> tensor<64x32xf32>
  return
}
