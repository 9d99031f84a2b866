// expected-error @+1 {{kernel 'kernel_returns' must not return values (it has 1 results)}}
func.func @kernel_returns() -> i32 attributes {tir.kernel} {
  %0 = arith.constant 0 : i32
  return %0 : i32
}
