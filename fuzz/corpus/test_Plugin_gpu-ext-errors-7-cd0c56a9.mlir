func.func @reverse_small_pad(%x: tensor<1024xf32>) -> tensor<1024xf32> {
  %pad = gpux.scratchpad {bytes = 1024 : i64, alignment = 16 : i64} : !llvm.ptr<3>
  // expected-error @below {{'gpux.reverse' op needs 4096 bytes of staging, the scratchpad has 1024}}
  %r = gpux.reverse %x staged in %pad : !llvm.ptr<3> : tensor<1024xf32>
  return %r : tensor<1024xf32>
}
