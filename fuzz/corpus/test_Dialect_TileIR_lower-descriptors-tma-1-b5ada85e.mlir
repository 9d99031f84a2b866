// A last stride that is not known to be 1: TMA needs the innermost
// dimension contiguous, so pointer accesses.
// CHECK-LABEL: func.func @strided
// CHECK-NOT: tir.make_tensor_descriptor
// CHECK: tir.load
func.func @strided(%base: !tir.ptr<bf16>, %m: i32, %k: i32, %s: i64, %t: i64, %i: i32) -> tensor<64x64xbf16> {
  %d = tir.make_tensor_descriptor %base, [%m, %k], [%s, %t] : !tir.ptr<bf16>, i32 -> !tir.tensordesc<tensor<64x64xbf16>>
  %v = tir.descriptor_load %d[%i, %i] : !tir.tensordesc<tensor<64x64xbf16>>
  return %v : tensor<64x64xbf16>
}
