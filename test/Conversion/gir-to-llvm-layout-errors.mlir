// convert-gir-to-llvm on tiles that no layout pass has seen: an error that
// names the tile, not a crash.
// RUN: trident-opt %s -split-input-file --convert-gir-to-llvm -verify-diagnostics

module attributes {gir.num_warps = 4 : i32, gir.threads_per_warp = 32 : i32} {
  // expected-error @+1 {{'func.func' op has a tile without a layout ('tensor<f32>'); convert-tir-to-gir gives every tile one, after tir-rank0-to-scalars has made rank-0 tiles scalars}}
  func.func @rank0(%p: !tir.ptr<f32>, %t: tensor<f32>) attributes {tir.kernel} {
    return
  }
}

// -----

module attributes {gir.num_warps = 4 : i32, gir.threads_per_warp = 32 : i32} {
  func.func @rank1(%p: !tir.ptr<f32>) attributes {tir.kernel} {
    // expected-error @+1 {{'tir.splat' op has a tile without a layout ('tensor<4x!tir.ptr<f32>>'); convert-tir-to-gir gives every tile one}}
    %s = tir.splat %p : !tir.ptr<f32> -> tensor<4x!tir.ptr<f32>>
    return
  }
}
