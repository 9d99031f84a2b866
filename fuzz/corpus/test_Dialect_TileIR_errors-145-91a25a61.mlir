func.func @ws_warps() {
  // expected-error @+1 {{partition #0 has 3 warps; a partition's warps are a power of two}}
  tir.warp_specialize() {
  } partition num_warps(3) {
  }
  return
}
