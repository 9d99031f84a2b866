func.func @ws_default_budget() {
  // expected-error @+1 {{the default region asks for 20 registers per thread}}
  tir.warp_specialize() registers(20) {
  } partition num_warps(4) {
  }
  return
}
