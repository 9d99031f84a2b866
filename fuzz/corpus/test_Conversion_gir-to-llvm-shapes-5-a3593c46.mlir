// An fp8 reshape the same way.
// CHECK-LABEL: llvm.func @reshape_fp8(
// CHECK: llvm.store %{{.*}}, %{{.*}} : i8, !llvm.ptr<3>
// CHECK: nvvm.barrier0
// CHECK: llvm.load %{{.*}} : !llvm.ptr<3> -> i8
func.func @reshape_fp8(%x: tensor<4x32xf8E5M2>) -> tensor<128xf8E5M2> {
  %y = tir.reshape %x : tensor<4x32xf8E5M2> -> tensor<128xf8E5M2>
  return %y : tensor<128xf8E5M2>
}
