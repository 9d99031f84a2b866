// LLVM has no 8-bit floats: f8 tiles are moved, converted and selected,
// never computed on.
func.func @f8_arithmetic(%p: !tir.ptr<f8E5M2>) attributes {tir.kernel} {
  %r = tir.make_range 0 to 128 : tensor<128xi32>
  %s = tir.splat %p : !tir.ptr<f8E5M2> -> tensor<128x!tir.ptr<f8E5M2>>
  %q = tir.addptr %s, %r : tensor<128x!tir.ptr<f8E5M2>>, tensor<128xi32>
  %x = tir.load %q : tensor<128x!tir.ptr<f8E5M2>>
  // expected-error @+1 {{'arith.mulf' op convert-gir-to-llvm: computes on 'f8E5M2', which the back ends cannot: convert it to f16 or f32 first (arith.extf)}}
  %y = arith.mulf %x, %x : tensor<128xf8E5M2>
  tir.store %q, %y : tensor<128x!tir.ptr<f8E5M2>>
  return
}
