// expected-error @+1 {{'tir.divisibility' of argument #0 must be a positive power of two, got 12}}
func.func @divisibility_not_pow2(%p: !tir.ptr<f32> {tir.divisibility = 12 : i32}) {
  return
}
