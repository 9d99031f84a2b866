// expected-error @+1 {{'tir.divisibility' of argument #0 requires an integer or pointer argument, got 'f32'}}
func.func @divisibility_on_float(%x: f32 {tir.divisibility = 16 : i32}) {
  return
}
