// expected-error @+1 {{descriptor block element type must be an integer or a float, got '!tir.ptr<f16>'}}
func.func private @bad_desc_elem(!tir.tensordesc<tensor<4x!tir.ptr<f16>>>)
