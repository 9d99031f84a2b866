func.func @reduce_return_parent(%x: f32) {
  // expected-error @+1 {{'tir.reduce.return' op expects parent op 'tir.reduce'}}
  tir.reduce.return %x : f32
}
