// tir.dot on CUDA cores: both operands are staged in shared memory, then a
// K loop of fused multiply-adds updates the thread's accumulator registers.
// CHECK-LABEL: llvm.func @dot
// CHECK: nvvm.barrier0
// CHECK: llvm.store {{.*}} : f32, !llvm.ptr<3>
// CHECK: nvvm.barrier0
// CHECK: llvm.br ^[[HEAD:.*]](
// CHECK: ^[[HEAD]](
// CHECK: llvm.icmp "slt"
// CHECK: llvm.intr.fma
func.func @dot(%a: tensor<32x16xf32>, %b: tensor<16x32xf32>, %c: tensor<32x32xf32>) -> tensor<32x32xf32> {
  %d = tir.dot %a, %b, %c : tensor<32x16xf32> * tensor<16x32xf32> -> tensor<32x32xf32>
  return %d : tensor<32x32xf32>
}
