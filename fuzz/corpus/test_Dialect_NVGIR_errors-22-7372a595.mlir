func.func @barrier_type() {
  // expected-error @+1 {{'nvgir.mbarrier_alloc' op result #0 must be an array of shared-memory barriers (mbarrier objects), but got 'i64'}}
  %bars = "nvgir.mbarrier_alloc"() <{arrivals = 1 : i32}> : () -> i64
  return
}
