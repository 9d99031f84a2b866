func.func @arrivals_negative() {
  // expected-error @+1 {{'nvgir.mbarrier_alloc' op expects from 1 to 1048575 arrivals per phase, got -5}}
  %bars = nvgir.mbarrier_alloc {arrivals = -5 : i32} : !nvgir.mbarriers<2>
  return
}
