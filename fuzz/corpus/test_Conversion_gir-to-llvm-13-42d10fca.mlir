// fp8 operands go through shared memory as bytes and are widened to the
// accumulator's f32 in the K loop (by bit manipulation: LLVM has no fp8).
// CHECK-LABEL: llvm.func @dot_fp8(
// CHECK-SAME: vector<4xi8>, %{{.*}}: vector<4xi8>
// CHECK: llvm.store %{{.*}}, %{{.*}} : i8, !llvm.ptr<3>
// CHECK: nvvm.barrier0
// CHECK: llvm.icmp "slt"
// CHECK: llvm.load %{{.*}} : !llvm.ptr<3> -> i8
// CHECK: llvm.load %{{.*}} : !llvm.ptr<3> -> i8
// CHECK: llvm.bitcast %{{.*}} : i32 to f32
// CHECK: llvm.intr.fma(%{{.*}}, %{{.*}}, %{{.*}}) : (f32, f32, f32) -> f32
func.func @dot_fp8(%a: tensor<16x32xf8E4M3FN>, %b: tensor<32x16xf8E5M2>, %c: tensor<16x16xf32>) -> tensor<16x16xf32> {
  %d = tir.dot %a, %b, %c : tensor<16x32xf8E4M3FN> * tensor<32x16xf8E5M2> -> tensor<16x16xf32>
  return %d : tensor<16x16xf32>
}
