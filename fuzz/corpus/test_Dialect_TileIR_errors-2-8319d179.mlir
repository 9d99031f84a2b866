// expected-error @+1 {{descriptor block must have a static shape of rank >= 1, got 'tensor<?x64xf16>'}}
func.func private @bad_desc_shape(!tir.tensordesc<tensor<?x64xf16>>)
