// tir.trans: two source registers written, one result register read.
// CHECK: module attributes {{{.*}}trident.shared_bytes = 512 : i32
// CHECK-LABEL: llvm.func @trans(
// CHECK-SAME: %{{.*}}: vector<2xf32>) -> vector<1xf32>
// CHECK: nvvm.barrier0
// CHECK-COUNT-2: llvm.store %{{.*}}, %{{.*}} : f32, !llvm.ptr<3>
// CHECK: nvvm.barrier0
// CHECK: llvm.load %{{.*}} : !llvm.ptr<3> -> f32
// CHECK-NOT: llvm.load
// CHECK: llvm.return
func.func @trans(%x: tensor<16x8xf32>) -> tensor<8x16xf32> {
  %y = tir.trans %x, [1, 0] : tensor<16x8xf32> -> tensor<8x16xf32>
  return %y : tensor<8x16xf32>
}
