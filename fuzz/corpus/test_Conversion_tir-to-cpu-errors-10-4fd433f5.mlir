// LLVM has no 8-bit floats: f8 values are moved, converted and selected,
// never computed on.
func.func @f8_arithmetic(%x: f8E4M3FN, %p: !tir.ptr<f8E4M3FN>) attributes {tir.kernel} {
  // expected-error @+1 {{'arith.addf' op convert-tir-to-cpu: computes on 'f8E4M3FN', which the back ends cannot: convert it to f16 or f32 first (arith.extf)}}
  %y = arith.addf %x, %x : f8E4M3FN
  tir.store %p, %y : !tir.ptr<f8E4M3FN>
  return
}
