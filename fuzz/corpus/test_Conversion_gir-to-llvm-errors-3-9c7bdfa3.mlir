// Reductions of values wider than 64 bits are not supported by the shuffle
// path yet.
func.func @wide(%x: tensor<128xi128>) -> i128 {
  // expected-error @+2 {{'tir.reduce' op reductions of 'i128' are not supported yet}}
  // expected-error @+1 {{failed to legalize operation 'tir.reduce'}}
  %r = tir.reduce %x axis = 0 : tensor<128xi128> -> i128 {
  ^bb0(%a: i128, %b: i128):
    %s = arith.addi %a, %b : i128
    tir.reduce.return %s : i128
  }
  return %r : i128
}
