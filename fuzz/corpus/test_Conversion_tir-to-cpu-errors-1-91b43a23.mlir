func.func @descriptor(%p: !tir.ptr<f32>, %m: i32) attributes {tir.kernel} {
  %c1 = arith.constant 1 : i64
  %c0 = arith.constant 0 : i32
  // expected-error @+1 {{convert-tir-to-cpu: tensor descriptors are not supported yet}}
  %d = tir.make_tensor_descriptor %p, [%m], [%c1] : !tir.ptr<f32>, i32 -> !tir.tensordesc<tensor<16xf32>>
  %x = tir.descriptor_load %d[%c0] : !tir.tensordesc<tensor<16xf32>>
  return
}
