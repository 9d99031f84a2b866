// tir-lower-descriptors with `tma` (CUDA targets with TMA): descriptors
// made in the kernel that TMA can serve stay for the back end's tensor
// maps; the others become pointer accesses as without the option.

// A 2-D bf16 block with a unit last stride: kept, with its loads.
// CHECK-LABEL: func.func @kept
// CHECK: %[[D:.*]] = tir.make_tensor_descriptor
// CHECK: tir.descriptor_load %[[D]]
// CHECK: tir.descriptor_store %[[D]]
// CHECK-NOT: tir.load
func.func @kept(%base: !tir.ptr<bf16>, %m: i32, %k: i32, %s: i64, %i: i32) attributes {tir.kernel} {
  %c1 = arith.constant 1 : i64
  %d = tir.make_tensor_descriptor %base, [%m, %k], [%s, %c1] : !tir.ptr<bf16>, i32 -> !tir.tensordesc<tensor<64x64xbf16>>
  %v = tir.descriptor_load %d[%i, %i] : !tir.tensordesc<tensor<64x64xbf16>>
  tir.descriptor_store %d[%i, %i], %v : !tir.tensordesc<tensor<64x64xbf16>>
  return
}
