func.func @extern_bitcode(%p: !tir.ptr<f32>, %x: f32) attributes {tir.kernel} {
  // expected-error @+1 {{'tir.extern_elementwise' op calls 'f' from the bitcode library /x/lib.bc, which only GPU targets can link; the cpu target calls functions of the process}}
  %0 = tir.extern_elementwise "f" pure lib "/x/lib.bc" (%x : f32) -> f32
  tir.store %p, %0 : !tir.ptr<f32>
  return
}
