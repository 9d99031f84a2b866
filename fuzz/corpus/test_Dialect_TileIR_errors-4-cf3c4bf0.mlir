// expected-error @+1 {{'tir.kernel' must be a unit attribute}}
func.func @kernel_not_unit() attributes {tir.kernel = 1 : i32} {
  return
}
