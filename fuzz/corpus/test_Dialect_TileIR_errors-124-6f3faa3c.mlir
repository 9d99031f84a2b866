func.func @block_ptr_order_perm(%b: !tir.ptr<f16>, %m: i64, %i: i32) {
  // expected-error @+1 {{'tir.make_block_ptr' op order must be a permutation of 0..1, got [1, 1]}}
  %0 = tir.make_block_ptr %b, [%m, %m], [%m, %m], [%i, %i] {order = array<i32: 1, 1>} : !tir.ptr<f16> -> !tir.blockptr<tensor<16x16xf16>>
  return
}
