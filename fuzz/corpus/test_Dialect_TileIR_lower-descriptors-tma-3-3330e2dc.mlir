// The unit stride as the front end writes it (an i32 1 widened to i64).
// CHECK-LABEL: func.func @widened_one
// CHECK: tir.make_tensor_descriptor
// CHECK-NOT: tir.load
func.func @widened_one(%base: !tir.ptr<f16>, %m: i32, %k: i32, %i: i32) -> tensor<64x64xf16> {
  %c1_i32 = arith.constant 1 : i32
  %c1 = arith.extsi %c1_i32 : i32 to i64
  %s = arith.extsi %k : i32 to i64
  %d = tir.make_tensor_descriptor %base, [%m, %k], [%s, %c1] : !tir.ptr<f16>, i32 -> !tir.tensordesc<tensor<64x64xf16>>
  %v = tir.descriptor_load %d[%i, %i] : !tir.tensordesc<tensor<64x64xf16>>
  return %v : tensor<64x64xf16>
}
