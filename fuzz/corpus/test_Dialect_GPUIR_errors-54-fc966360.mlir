// expected-error @+1 {{'gir.num_warps' describes the program of a module; it may only be set on a builtin.module}}
func.func @warps_on_function() attributes {gir.num_warps = 4 : i32} {
  return
}
