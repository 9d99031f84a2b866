// expected-error @+1 {{address space must be non-negative, got -1}}
func.func private @bad_addrspace(!tir.ptr<f32, -1>)
