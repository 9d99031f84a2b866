func.func @extern_result_shape(%x: tensor<64xf32>) {
  // expected-error @+1 {{'tir.extern_elementwise' op operand #0 has type 'tensor<64xf32>', but the operands and the result must all be scalars or all tiles of one shape (the result is 'tensor<32xf32>')}}
  %0 = tir.extern_elementwise "__nv_sinf" pure (%x : tensor<64xf32>) -> tensor<32xf32>
  return
}
