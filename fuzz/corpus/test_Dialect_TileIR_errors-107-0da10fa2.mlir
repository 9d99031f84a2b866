func.func @print_signed_count(%x: i32, %y: i32) {
  // expected-error @+1 {{'tir.print' op is_signed has 1 entries but there are 2 operands; give one per operand or none}}
  tir.print "x" (%x, %y : i32, i32) {is_signed = array<i32: 1>}
  return
}
