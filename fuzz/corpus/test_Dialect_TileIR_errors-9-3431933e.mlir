func.func @kernel_on_op() {
  // expected-error @+1 {{'tir.kernel' may only mark a function}}
  %0 = arith.constant {tir.kernel} 0 : i32
  return
}
