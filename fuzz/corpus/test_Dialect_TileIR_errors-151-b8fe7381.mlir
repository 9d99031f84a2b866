// expected-error @+1 {{pointee type 'f4E2M1FN' has 4 bits, which do not fill whole bytes}}
func.func private @f4_pointee(!tir.ptr<f4E2M1FN>)
