func.func @block_ptr_base(%b: !tir.ptr<f32>, %m: i64, %i: i32) {
  // expected-error @+1 {{'tir.make_block_ptr' op base type '!tir.ptr<f32>' is not a pointer to the block element type in the block pointer's address space ('!tir.ptr<f16>')}}
  %0 = tir.make_block_ptr %b, [%m], [%m], [%i] {order = array<i32: 0>} : !tir.ptr<f32> -> !tir.blockptr<tensor<16xf16>>
  return
}
