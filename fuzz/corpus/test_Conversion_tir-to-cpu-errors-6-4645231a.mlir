func.func @extern_signatures(%p: !tir.ptr<f32>, %x: f32, %y: f64) attributes {tir.kernel} {
  %0 = tir.extern_elementwise "my_fn" pure (%x : f32) -> f32
  // expected-error @+1 {{'tir.extern_elementwise' op calls 'my_fn' as '!llvm.func<f64 (f64)>', but the kernel already uses that name for something else (another signature?)}}
  %1 = tir.extern_elementwise "my_fn" pure (%y : f64) -> f64
  tir.store %p, %0 : !tir.ptr<f32>
  return
}
