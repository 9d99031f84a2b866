func.func @block_pointer(%p: !tir.ptr<f32>, %m: i64) attributes {tir.kernel} {
  %c0 = arith.constant 0 : i32
  // expected-error @+1 {{convert-tir-to-cpu: block pointers are lowered to pointer loads and stores by tir-lower-block-pointers, which has not run}}
  %b = tir.make_block_ptr %p, [%m], [%m], [%c0] {order = array<i32: 0>} : !tir.ptr<f32> -> !tir.blockptr<tensor<16xf32>>
  %x = tir.block_load %b : !tir.blockptr<tensor<16xf32>>
  return
}
