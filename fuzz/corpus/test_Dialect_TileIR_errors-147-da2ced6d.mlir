func.func @ws_budget() {
  // expected-error @+1 {{partition #0 asks for 300 registers per thread; a budget is a multiple of 8 from 24 to 256}}
  tir.warp_specialize() {
  } partition num_warps(4) registers(300) {
  }
  return
}
