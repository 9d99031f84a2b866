func.func @asm_no_result(%x: i32) {
  // expected-error @+1 {{'tir.inline_asm_elementwise' op needs at least one result}}
  "tir.inline_asm_elementwise"(%x) {asm_string = "", constraints = "r"} : (i32) -> ()
  return
}
