// Rank-0 tiles are scalars by now (tir-rank0-to-scalars, stage tir): one
// left over, as a kernel's argument or an op's result, is named.
// expected-error @+1 {{'func.func' op region argument #0 has a rank-0 tile ('tensor<f32>'), which GPU code generation takes as a scalar: tir-rank0-to-scalars (stage 'tir') turns it into one}}
func.func @rank0_argument(%t: tensor<f32>) attributes {tir.kernel} {
  return
}
