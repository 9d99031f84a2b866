// Rank-0 tiles are scalars by now (tir-rank0-to-scalars, stage tir).
// expected-error @+1 {{'func.func' op convert-tir-to-cpu: has a rank-0 tile ('tensor<f32>'), which the CPU lowering takes as a scalar: tir-rank0-to-scalars (stage 'tir') turns it into one}}
func.func @rank0_argument(%t: tensor<f32>) attributes {tir.kernel} {
  return
}
