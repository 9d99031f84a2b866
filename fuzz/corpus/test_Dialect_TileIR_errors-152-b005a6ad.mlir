// expected-error @+1 {{block pointer block must have no encoding, got 'tensor<16xf32, "enc">'}}
func.func private @blockptr_encoding(!tir.blockptr<tensor<16xf32, "enc">>)
