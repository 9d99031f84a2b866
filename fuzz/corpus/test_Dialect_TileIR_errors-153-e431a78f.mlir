// expected-error @+1 {{address space must be non-negative, got -2}}
func.func private @blockptr_addrspace(!tir.blockptr<tensor<16xf32>, -2>)
