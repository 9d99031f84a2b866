func.func @addptr_float_offset(%p: !tir.ptr<f32>, %o: f32) {
  // expected-error @+1 {{'tir.addptr' op operand #1 must be integer or integer tile}}
  %0 = tir.addptr %p, %o : !tir.ptr<f32>, f32
  return
}
