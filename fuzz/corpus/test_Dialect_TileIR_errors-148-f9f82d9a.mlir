func.func @ws_budget_warpgroup() {
  // expected-error @+1 {{partition #0 has a register budget but 2 warps; registers are set per warpgroup (4 warps)}}
  tir.warp_specialize() {
  } partition num_warps(2) registers(40) {
  }
  return
}
