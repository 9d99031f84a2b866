func.func @ws_holder() {
  // expected-error @+1 {{'tir.warp_specialize' op second region must hold one tir.warp_partitions}}
  "tir.warp_specialize"() <{partition_num_warps = array<i32: 1>}> ({
    "tir.warp_yield"() : () -> ()
  }, {
    "tir.warp_yield"() : () -> ()
  }) : () -> ()
  return
}
