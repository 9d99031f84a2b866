func.func @barrier_operand(%x: i32) {
  // expected-error @+1 {{'tir.barrier' op requires zero operands}}
  "tir.barrier"(%x) : (i32) -> ()
  return
}
