// expected-error @+1 {{'gir.num_warps' must be an i32 power of two from 1 to 32, got 3 : i32}}
module attributes {gir.num_warps = 3 : i32} {
}
