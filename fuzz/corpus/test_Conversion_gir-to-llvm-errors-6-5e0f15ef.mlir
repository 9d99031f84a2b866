// Cache modifiers of the other kind of access (tl.load / tl.store reject
// them first).
func.func @load_with_store_cache(%x: !tir.ptr<f32>) attributes {tir.kernel} {
  %r = tir.make_range 0 to 128 : tensor<128xi32>
  %s = tir.splat %x : !tir.ptr<f32> -> tensor<128x!tir.ptr<f32>>
  %p = tir.addptr %s, %r : tensor<128x!tir.ptr<f32>>, tensor<128xi32>
  // expected-error @+2 {{'tir.load' op cache modifier 'wt' is for stores; a load takes ca, cg, cs or cv}}
  // expected-error @+1 {{failed to legalize operation 'tir.load'}}
  %v = tir.load %p cache = wt : tensor<128x!tir.ptr<f32>>
  tir.store %p, %v : tensor<128x!tir.ptr<f32>>
  return
}
