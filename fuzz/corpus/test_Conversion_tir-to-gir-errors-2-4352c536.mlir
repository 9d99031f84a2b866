func.func @rank0_result(%p: !tir.ptr<f32>) attributes {tir.kernel} {
  // expected-error @+1 {{'tir.splat' op has a rank-0 tile ('tensor<!tir.ptr<f32>>'), which GPU code generation takes as a scalar: tir-rank0-to-scalars (stage 'tir') turns it into one}}
  %s = tir.splat %p : !tir.ptr<f32> -> tensor<!tir.ptr<f32>>
  %x = tir.load %s : tensor<!tir.ptr<f32>>
  tir.store %s, %x : tensor<!tir.ptr<f32>>
  return
}
