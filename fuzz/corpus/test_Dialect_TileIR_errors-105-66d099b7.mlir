func.func @atomic_cas_cmp(%p: !tir.ptr<i32>, %c: i64, %v: i32) {
  // expected-error @+1 {{'tir.atomic_cas' op failed to verify that cmp type is the pointee type of ptr}}
  %0 = "tir.atomic_cas"(%p, %c, %v) <{sem = 4 : i32, scope = 1 : i32}> : (!tir.ptr<i32>, i64, i32) -> i32
  return
}
