func.func @block_ptr_base_space(%b: !tir.ptr<f16>, %m: i64, %i: i32) {
  // expected-error @+1 {{'tir.make_block_ptr' op base type '!tir.ptr<f16>' is not a pointer to the block element type in the block pointer's address space ('!tir.ptr<f16, 3>')}}
  %0 = tir.make_block_ptr %b, [%m], [%m], [%i] {order = array<i32: 0>} : !tir.ptr<f16> -> !tir.blockptr<tensor<16xf16>, 3>
  return
}
