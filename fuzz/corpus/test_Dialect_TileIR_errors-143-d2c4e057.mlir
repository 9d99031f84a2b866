func.func @ws_outside_value(%p: !tir.ptr<i32>, %v: i32) {
  tir.warp_specialize(%p : !tir.ptr<i32>) {
  } partition num_warps(1) (%p0: !tir.ptr<i32>) {
    // expected-error @+1 {{in partition #0 of tir.warp_specialize uses a value from outside it; pass it through the op's captures}}
    tir.store %p0, %v : !tir.ptr<i32>
  }
  return
}
