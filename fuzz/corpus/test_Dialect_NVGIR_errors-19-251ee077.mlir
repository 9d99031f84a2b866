// expected-error @+1 {{an mbarrier array holds at least one barrier}}
func.func private @no_barriers(!nvgir.mbarriers<0>)
