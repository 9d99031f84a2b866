// Rank-0 tiles that tir-rank0-to-scalars cannot rewrite.

func.func @region(%x: f32) -> tensor<f32> {
  %t = tir.splat %x : f32 -> tensor<f32>
  // expected-error @+1 {{'scf.execute_region' op has a rank-0 tile, which tir-rank0-to-scalars cannot turn into a scalar here (rank-0 tiles may be computed on elementwise, loaded, stored, reshaped, joined, split and carried by scf loops, ifs and functions)}}
  %r = scf.execute_region -> tensor<f32> {
    scf.yield %t : tensor<f32>
  }
  return %r : tensor<f32>
}
