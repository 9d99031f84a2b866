func.func @mul_add(%a: f32, %b: f32, %c: f32) -> f32 {
  %m = arith.mulf %a, %b : f32
  %r = arith.addf %m, %c : f32
  return %r : f32
}
