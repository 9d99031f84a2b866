func.func @ws_no_partition() {
  // expected-error @+1 {{needs at least one partition}}
  tir.warp_specialize() {
  }
  return
}
