// expected-error @+1 {{block pointer element type must be an integer or a float, got '!tir.ptr<f16>'}}
func.func private @bad_blockptr_elem(!tir.blockptr<tensor<4x!tir.ptr<f16>>>)
