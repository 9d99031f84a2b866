// Memory holds floats in whole bytes.
// expected-error @+1 {{pointee type 'tf32' has 19 bits, which do not fill whole bytes; memory holds floats of 8, 16, 32 or 64 bits}}
func.func private @tf32_pointee(!tir.ptr<tf32>)
