func.func @reduce_return_type(%x: tensor<8xf32>) {
  %0 = tir.reduce %x axis = 0 : tensor<8xf32> -> f32 {
  ^bb0(%a: f32, %b: f32):
    %t = arith.truncf %a : f32 to f16
    // expected-error @+1 {{'tir.reduce.return' op value #0 has type 'f16' but operand #0 has element type 'f32'}}
    tir.reduce.return %t : f16
  }
  return
}
