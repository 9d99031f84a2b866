// What convert-tir-to-gir refuses.
// RUN: trident-opt %s -split-input-file --convert-tir-to-gir --verify-diagnostics

// Block pointers must have been lowered in stage tir.
func.func @block_pointer(%p: !tir.ptr<f32>, %m: i64) attributes {tir.kernel} {
  %c0 = arith.constant 0 : i32
  // expected-error @+1 {{'tir.make_block_ptr' op is left for convert-tir-to-gir: block pointers become pointer loads and stores in tir-lower-block-pointers, which has not run}}
  %b = tir.make_block_ptr %p, [%m], [%m], [%c0] {order = array<i32: 0>} : !tir.ptr<f32> -> !tir.blockptr<tensor<16xf32>>
  %x = tir.block_load %b : !tir.blockptr<tensor<16xf32>>
  return
}

// -----

// Rank-0 tiles are scalars by now (tir-rank0-to-scalars, stage tir): one
// left over, as a kernel's argument or an op's result, is named.
// expected-error @+1 {{'func.func' op region argument #0 has a rank-0 tile ('tensor<f32>'), which GPU code generation takes as a scalar: tir-rank0-to-scalars (stage 'tir') turns it into one}}
func.func @rank0_argument(%t: tensor<f32>) attributes {tir.kernel} {
  return
}

// -----

func.func @rank0_result(%p: !tir.ptr<f32>) attributes {tir.kernel} {
  // expected-error @+1 {{'tir.splat' op has a rank-0 tile ('tensor<!tir.ptr<f32>>'), which GPU code generation takes as a scalar: tir-rank0-to-scalars (stage 'tir') turns it into one}}
  %s = tir.splat %p : !tir.ptr<f32> -> tensor<!tir.ptr<f32>>
  %x = tir.load %s : tensor<!tir.ptr<f32>>
  tir.store %s, %x : tensor<!tir.ptr<f32>>
  return
}
