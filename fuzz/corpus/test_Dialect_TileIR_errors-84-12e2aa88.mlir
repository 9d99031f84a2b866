func.func @reduce_result_count(%x: tensor<8xf32>) {
  // expected-error @+1 {{'tir.reduce' op has 1 operands but 2 results; they must match}}
  %0:2 = "tir.reduce"(%x) <{axis = 0 : i32}> ({
  ^bb0(%a: f32, %b: f32):
    "tir.reduce.return"(%a) : (f32) -> ()
  }) : (tensor<8xf32>) -> (f32, f32)
  return
}
