func.func @ws_arguments(%p: !tir.ptr<i32>) {
  // expected-error @+1 {{partition #0 takes ('i32') but the captures are ('!tir.ptr<i32>')}}
  tir.warp_specialize(%p : !tir.ptr<i32>) {
  } partition num_warps(1) (%x: i32) {
  }
  return
}
