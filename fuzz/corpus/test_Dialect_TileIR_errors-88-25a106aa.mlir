func.func @reduce_terminator(%x: tensor<8xf32>) {
  // expected-error @+1 {{'tir.reduce' op combine region must end with 'tir.reduce.return'}}
  %0 = "tir.reduce"(%x) <{axis = 0 : i32}> ({
  ^bb0(%a: f32, %b: f32):
    ub.unreachable
  }) : (tensor<8xf32>) -> f32
  return
}
