func.func @block_ptr_shape_count(%b: !tir.ptr<f16>, %m: i64, %i: i32) {
  // expected-error @+1 {{'tir.make_block_ptr' op expected 2 shape operands for a rank-2 block, got 1}}
  %0 = tir.make_block_ptr %b, [%m], [%m, %m], [%i, %i] {order = array<i32: 1, 0>} : !tir.ptr<f16> -> !tir.blockptr<tensor<16x16xf16>>
  return
}
