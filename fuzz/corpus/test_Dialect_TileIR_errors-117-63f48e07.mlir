// expected-error @+1 {{block pointer block must have a static shape of rank >= 1, got 'tensor<f32>'}}
func.func private @bad_blockptr_rank(!tir.blockptr<tensor<f32>>)
