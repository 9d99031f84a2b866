func.func @kernel(%a: f32, %b: f32, %n: index) -> (f32, i32) {
  %pid = tir.get_program_id 0 : i32
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0.0 : f32
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero) -> f32 {
    %m = arith.mulf %a, %b : f32
    %s = arith.addf %m, %acc : f32
    scf.yield %s : f32
  }
  return %r, %pid : f32, i32
}
