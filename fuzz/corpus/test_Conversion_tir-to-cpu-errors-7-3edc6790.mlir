func.func @warp_specialized(%p: !tir.ptr<i32>) attributes {tir.kernel} {
  // expected-error @+1 {{runs regions on separate groups of GPU warps; the cpu target runs a program on one thread and has no warps (compile for cuda)}}
  tir.warp_specialize(%p : !tir.ptr<i32>) {
  } partition num_warps(1) (%p0: !tir.ptr<i32>) {
  }
  return
}
