func.func @reduce_result(%x: tensor<8x4xf32>) {
  // expected-error @+1 {{'tir.reduce' op result #0 has type 'tensor<4xf32>' but reducing 'tensor<8x4xf32>' along axis 1 gives 'tensor<8xf32>'}}
  %0 = tir.reduce %x axis = 1 : tensor<8x4xf32> -> tensor<4xf32> {
  ^bb0(%a: f32, %b: f32):
    %s = arith.addf %a, %b : f32
    tir.reduce.return %s : f32
  }
  return
}
