func.func @ws_default_arguments() {
  // expected-error @+1 {{'tir.warp_specialize' op default region takes no arguments}}
  "tir.warp_specialize"() <{partition_num_warps = array<i32: 1>}> ({
  ^bb0(%a: i32):
    "tir.warp_yield"() : () -> ()
  }, {
    "tir.warp_partitions"() ({
      "tir.warp_yield"() : () -> ()
    }) : () -> ()
  }) : () -> ()
  return
}
