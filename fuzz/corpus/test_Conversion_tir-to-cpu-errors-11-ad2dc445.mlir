func.func @f8_conversion(%x: f8E4M3, %p: !tir.ptr<f32>) attributes {tir.kernel} {
  // expected-error @+1 {{'arith.extf' op convert-tir-to-cpu: converts 'f8E4M3', which the back ends cannot (they convert f8E4M3FN and f8E5M2 to and from other floats)}}
  %y = arith.extf %x : f8E4M3 to f32
  tir.store %p, %y : !tir.ptr<f32>
  return
}
