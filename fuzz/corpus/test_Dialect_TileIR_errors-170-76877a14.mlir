func.func @warp_partitions_parent() {
  // expected-error @+1 {{'tir.warp_partitions' op expects parent op 'tir.warp_specialize'}}
  "tir.warp_partitions"() ({
    "tir.warp_yield"() : () -> ()
  }) : () -> ()
  return
}
