// What convert-tir-to-gir refuses.

// Block pointers must have been lowered in stage tir.
func.func @block_pointer(%p: !tir.ptr<f32>, %m: i64) attributes {tir.kernel} {
  %c0 = arith.constant 0 : i32
  // expected-error @+1 {{'tir.make_block_ptr' op is left for convert-tir-to-gir: block pointers become pointer loads and stores in tir-lower-block-pointers, which has not run}}
  %b = tir.make_block_ptr %p, [%m], [%m], [%c0] {order = array<i32: 0>} : !tir.ptr<f32> -> !tir.blockptr<tensor<16xf32>>
  %x = tir.block_load %b : !tir.blockptr<tensor<16xf32>>
  return
}
