func.func @reduce_region_arg_type(%x: tensor<8xf32>) {
  // expected-error @+1 {{'tir.reduce' op combine region argument #1 has type 'f16' but operand #0 has element type 'f32'}}
  %0 = tir.reduce %x axis = 0 : tensor<8xf32> -> f32 {
  ^bb0(%a: f32, %b: f16):
    tir.reduce.return %a : f32
  }
  return
}
