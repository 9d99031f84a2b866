func.func @warp_yield_parent() {
  // expected-error @+1 {{'tir.warp_yield' op expects parent op to be one of 'tir.warp_specialize, tir.warp_partitions'}}
  tir.warp_yield
  return
}
