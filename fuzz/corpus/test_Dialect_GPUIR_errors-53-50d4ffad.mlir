// expected-error @+1 {{'gir.compute_capability' must be a positive i32 (90 for sm_90), got 0 : i32}}
module attributes {gir.compute_capability = 0 : i32} {
}
