module attributes {gir.num_warps = 4 : i32, gir.threads_per_warp = 32 : i32} {
  func.func @rank1(%p: !tir.ptr<f32>) attributes {tir.kernel} {
    // expected-error @+1 {{'tir.splat' op has a tile without a layout ('tensor<4x!tir.ptr<f32>>'); convert-tir-to-gir gives every tile one}}
    %s = tir.splat %p : !tir.ptr<f32> -> tensor<4x!tir.ptr<f32>>
    return
  }
}
