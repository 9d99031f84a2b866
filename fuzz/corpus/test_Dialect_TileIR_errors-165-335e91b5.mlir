// The generic form reaches what the custom syntax always builds right.
func.func @ws_warp_entries() {
  // expected-error @+1 {{'tir.warp_specialize' op has 1 partitions but partition_num_warps has 2 entries}}
  "tir.warp_specialize"() <{partition_num_warps = array<i32: 1, 2>}> ({
    "tir.warp_yield"() : () -> ()
  }, {
    "tir.warp_partitions"() ({
      "tir.warp_yield"() : () -> ()
    }) : () -> ()
  }) : () -> ()
  return
}
