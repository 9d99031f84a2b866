func.func @advance_count(%p: !tir.blockptr<tensor<16x16xf16>>, %i: i32) {
  // expected-error @+1 {{'tir.advance' op expected 2 offsets for a rank-2 block pointer, got 1}}
  %0 = tir.advance %p, [%i] : !tir.blockptr<tensor<16x16xf16>>
  return
}
