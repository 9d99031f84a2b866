// expected-error @+1 {{'gir.num_ctas' must be an i32 power of two from 1 to 16, got 3 : i32}}
module attributes {gir.num_ctas = 3 : i32} {
}
