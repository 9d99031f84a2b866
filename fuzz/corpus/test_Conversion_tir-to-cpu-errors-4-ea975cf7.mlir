func.func @extern_unknown_libdevice(%p: !tir.ptr<f32>, %x: f32) attributes {tir.kernel} {
  // expected-error-re @+1 {{'tir.extern_elementwise' op calls libdevice's '__nv_sincosf', which the cpu target does not implement (it has {{[0-9]+}} of libdevice's scalar functions)}}
  %0 = tir.extern_elementwise "__nv_sincosf" pure (%x : f32) -> f32
  tir.store %p, %0 : !tir.ptr<f32>
  return
}
