func.func @descriptor_not_desc(%d: !tir.ptr<f32>, %i: i32) {
  // expected-error @+1 {{'tir.descriptor_load' op operand #0 must be tensor descriptor, but got '!tir.ptr<f32>'}}
  %0 = tir.descriptor_load %d[%i] : !tir.ptr<f32>
  return
}
