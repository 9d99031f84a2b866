// CC80: error: convert-tir-to-gir: num_ctas = 2 needs clusters of CTAs, which sm_80 does not have (sm_90 or newer)
module attributes {tir.num_ctas = 2 : i32} {
func.func @k() attributes {tir.kernel} {
  return
}
}
