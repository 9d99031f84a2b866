func.func @reduce_return_count(%x: tensor<8xf32>) {
  %0 = tir.reduce %x axis = 0 : tensor<8xf32> -> f32 {
  ^bb0(%a: f32, %b: f32):
    // expected-error @+1 {{'tir.reduce.return' op returns 2 values but the combine region needs 1 (one per operand)}}
    tir.reduce.return %a, %b : f32, f32
  }
  return
}
