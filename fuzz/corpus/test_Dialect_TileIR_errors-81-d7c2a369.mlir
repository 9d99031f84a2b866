func.func @reduce_no_operands() {
  // expected-error @+1 {{'tir.reduce' op expected 1 or more operands, but found 0}}
  "tir.reduce"() <{axis = 0 : i32}> ({
  ^bb0:
    "tir.reduce.return"() : () -> ()
  }) : () -> ()
  return
}
