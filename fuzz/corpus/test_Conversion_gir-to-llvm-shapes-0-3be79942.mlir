// The shape ops (ConvertLayoutToLLVM.cpp, ShapeMover) go through the
// scratch buffer: a barrier, every thread's source elements stored at their
// row-major index, a barrier, the result elements loaded back. A reshape
// reads at the result's row-major index; 128 f16 take 256 bytes.
// CHECK: module attributes {{{.*}}trident.shared_bytes = 256 : i32
// CHECK-LABEL: llvm.func @reshape(
// CHECK-SAME: %{{.*}}: vector<1xf16>) -> vector<1xf16>
// CHECK: nvvm.barrier0
// CHECK: llvm.mlir.addressof @__trident_dynamic_smem : !llvm.ptr<3>
// CHECK: llvm.store %{{.*}}, %{{.*}} : f16, !llvm.ptr<3>
// CHECK-NOT: llvm.store
// CHECK: nvvm.barrier0
// CHECK: llvm.load %{{.*}} : !llvm.ptr<3> -> f16
// CHECK-NOT: llvm.load
// CHECK: llvm.return
func.func @reshape(%x: tensor<4x32xf16>) -> tensor<128xf16> {
  %y = tir.reshape %x : tensor<4x32xf16> -> tensor<128xf16>
  return %y : tensor<128xf16>
}
