// A rank-0 tile is a scalar (tir-rank0-to-scalars makes it one).
func.func @kernel_rank0_argument(%p: !tir.ptr<f32>, %t: tensor<f32>) attributes {tir.kernel} {
  return
}
