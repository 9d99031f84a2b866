func.func @hint_not_array(%n: i32) {
  // expected-error @+1 {{'arith.addi' op axis hint 'tir.divisibility' must be a dense i32 array (array<i32: ...>), got 16 : i32}}
  %0 = arith.addi %n, %n {tir.divisibility = 16 : i32} : i32
  return
}
