func.func @ws_register_entries() {
  // expected-error @+1 {{'tir.warp_specialize' op has 1 partitions but partition_num_registers has 2 entries}}
  "tir.warp_specialize"() <{partition_num_warps = array<i32: 4>, partition_num_registers = array<i32: 40, 40>}> ({
    "tir.warp_yield"() : () -> ()
  }, {
    "tir.warp_partitions"() ({
      "tir.warp_yield"() : () -> ()
    }) : () -> ()
  }) : () -> ()
  return
}
