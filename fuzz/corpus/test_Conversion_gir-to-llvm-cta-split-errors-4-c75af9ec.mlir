// CC80: error: convert-tir-to-gir: 'tir.num_ctas' must be a power of two in [1, 16], got 3 : i32
module attributes {tir.num_ctas = 3 : i32} {
func.func @k() attributes {tir.kernel} {
  return
}
}
