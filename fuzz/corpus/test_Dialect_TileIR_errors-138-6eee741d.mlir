func.func @extern_shapes(%x: tensor<64xf32>, %s: f32) {
  // expected-error @+1 {{'tir.extern_elementwise' op operand #1 has type 'f32', but the operands and the result must all be scalars or all tiles of one shape (the result is 'tensor<64xf32>')}}
  %0 = tir.extern_elementwise "__nv_fmodf" pure (%x, %s : tensor<64xf32>, f32) -> tensor<64xf32>
  return
}
