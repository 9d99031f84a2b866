func.func @print_signed_value(%x: i32) {
  // expected-error @+1 {{'tir.print' op is_signed entries must be 0 or 1, got 2}}
  tir.print "x" (%x : i32) {is_signed = array<i32: 2>}
  return
}
