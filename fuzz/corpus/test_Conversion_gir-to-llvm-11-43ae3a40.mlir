// The CUDA-core dot (DotToLLVM.cpp) on int8 operands into an int32
// accumulator: bytes in shared memory, sign-extended, multiply and add.
// CHECK-LABEL: llvm.func @dot_i8(
// CHECK: llvm.store %{{.*}}, %{{.*}} : i8, !llvm.ptr<3>
// CHECK: nvvm.barrier0
// CHECK: llvm.br ^[[HEAD:[^(]*]](
// CHECK: ^[[HEAD]](
// CHECK: llvm.icmp "slt"
// CHECK: %[[A:.*]] = llvm.load %{{.*}} : !llvm.ptr<3> -> i8
// CHECK: %[[B:.*]] = llvm.load %{{.*}} : !llvm.ptr<3> -> i8
// CHECK: %[[A32:.*]] = llvm.sext %[[A]] : i8 to i32
// CHECK: %[[B32:.*]] = llvm.sext %[[B]] : i8 to i32
// CHECK: %[[ACC:.*]] = llvm.extractelement
// CHECK: %[[AB:.*]] = llvm.mul %[[A32]], %[[B32]] : i32
// CHECK: llvm.add %[[ACC]], %[[AB]] : i32
// CHECK-NOT: llvm.intr.fma
func.func @dot_i8(%a: tensor<16x32xi8>, %b: tensor<32x16xi8>, %c: tensor<16x16xi32>) -> tensor<16x16xi32> {
  %d = tir.dot %a, %b, %c : tensor<16x32xi8> * tensor<32x16xi8> -> tensor<16x16xi32>
  return %d : tensor<16x16xi32>
}
