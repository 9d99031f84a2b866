func.func @alloc_tile() {
  // expected-error @+1 {{'gir.local_alloc' op result #0 must be a tile (or a ring of tiles) in shared memory, but got 'tensor<64x64xf16>'}}
  %0 = "gir.local_alloc"() : () -> tensor<64x64xf16>
  return
}
