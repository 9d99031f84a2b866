func.func @reverse_staging(%x: tensor<1024xf32>, %pad: !llvm.ptr<3>) -> tensor<1024xf32> {
  // expected-error @below {{'gpux.reverse' op stages in a gpux.scratchpad only}}
  %r = gpux.reverse %x staged in %pad : !llvm.ptr<3> : tensor<1024xf32>
  return %r : tensor<1024xf32>
}
