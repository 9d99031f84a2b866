// expected-error @+1 {{'gir.threads_per_warp' must be an i32 power of two from 1 to 64, got 0 : i32}}
module attributes {gir.threads_per_warp = 0 : i32} {
}
