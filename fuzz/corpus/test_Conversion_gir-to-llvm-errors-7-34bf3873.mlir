func.func @store_with_load_cache(%x: !tir.ptr<f32>, %v: f32) attributes {tir.kernel} {
  // expected-error @+2 {{'tir.store' op cache modifier 'ca' is for loads; a store takes wb, cg, cs or wt}}
  // expected-error @+1 {{failed to legalize operation 'tir.store'}}
  tir.store %x, %v cache = ca evict = evict_last : !tir.ptr<f32>
  return
}
