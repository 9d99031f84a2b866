// expected-error @+1 {{block pointer block must have a static shape of rank >= 1, got 'tensor<?xf16>'}}
func.func private @bad_blockptr_shape(!tir.blockptr<tensor<?xf16>>)
