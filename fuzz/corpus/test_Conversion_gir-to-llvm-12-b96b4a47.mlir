// An f16 accumulator: fused multiply-adds in f16.
// CHECK-LABEL: llvm.func @dot_f16(
// CHECK: llvm.store %{{.*}}, %{{.*}} : f16, !llvm.ptr<3>
// CHECK: nvvm.barrier0
// CHECK: %[[A:.*]] = llvm.load %{{.*}} : !llvm.ptr<3> -> f16
// CHECK: %[[B:.*]] = llvm.load %{{.*}} : !llvm.ptr<3> -> f16
// CHECK: %[[ACC:.*]] = llvm.extractelement
// CHECK: llvm.intr.fma(%[[A]], %[[B]], %[[ACC]]) : (f16, f16, f16) -> f16
// CHECK-NOT: llvm.fpext
func.func @dot_f16(%a: tensor<16x32xf16>, %b: tensor<32x16xf16>, %c: tensor<16x16xf16>) -> tensor<16x16xf16> {
  %d = tir.dot %a, %b, %c : tensor<16x32xf16> * tensor<32x16xf16> -> tensor<16x16xf16>
  return %d : tensor<16x16xf16>
}
