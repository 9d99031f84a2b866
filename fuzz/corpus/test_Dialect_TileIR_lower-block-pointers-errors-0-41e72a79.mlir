// Block pointers that tir-lower-block-pointers cannot rewrite.

func.func @region(%a: !tir.ptr<f32>, %m: i64, %i: i32) -> tensor<16xf32> {
  %p = tir.make_block_ptr %a, [%m], [%m], [%i] {order = array<i32: 0>} : !tir.ptr<f32> -> !tir.blockptr<tensor<16xf32>>
  // expected-error @+1 {{'scf.execute_region' op uses a block pointer, which tir-lower-block-pointers cannot lower here (block pointers may be advanced, loaded and stored through, carried by scf loops and ifs, selected, and passed to functions)}}
  %q = scf.execute_region -> !tir.blockptr<tensor<16xf32>> {
    scf.yield %p : !tir.blockptr<tensor<16xf32>>
  }
  %v = tir.block_load %q : !tir.blockptr<tensor<16xf32>>
  return %v : tensor<16xf32>
}
