func.func @bitcast_addrspace(%p: !tir.ptr<f32>) {
  // expected-error @+1 {{'tir.bitcast' op cannot change the address space (1 to 3)}}
  %0 = tir.bitcast %p : !tir.ptr<f32> -> !tir.ptr<f32, 3>
  return
}
