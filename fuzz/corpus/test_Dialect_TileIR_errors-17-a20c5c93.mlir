// expected-error @+1 {{'tir.divisibility' of argument #0 must be an i32 integer attribute}}
func.func @divisibility_not_i32(%p: !tir.ptr<f32> {tir.divisibility = 16 : i64}) {
  return
}
