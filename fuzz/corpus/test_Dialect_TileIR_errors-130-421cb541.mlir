func.func @advance_type(%p: !tir.blockptr<tensor<16xf16>>, %i: i32) {
  // expected-error @+1 {{'tir.advance' op failed to verify that all of {ptr, result} have same type}}
  %0 = "tir.advance"(%p, %i) : (!tir.blockptr<tensor<16xf16>>, i32) -> !tir.blockptr<tensor<32xf16>>
  return
}
