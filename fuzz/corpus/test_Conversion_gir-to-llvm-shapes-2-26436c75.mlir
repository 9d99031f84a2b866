// tir.join interleaves its sources (element i of lhs at 2i, of rhs at
// 2i + 1); pointers travel as i64 (256 of them: 2048 bytes).
// CHECK: module attributes {{{.*}}trident.shared_bytes = 2048 : i32
// CHECK-LABEL: llvm.func @join(
// CHECK: nvvm.barrier0
// CHECK: llvm.ptrtoint %{{.*}} : !llvm.ptr<1> to i64
// CHECK: %[[TWO:.*]] = llvm.mlir.constant(2 : i32) : i32
// CHECK-NEXT: %[[L:.*]] = llvm.mul %{{.*}}, %[[TWO]] : i32
// CHECK: %[[LP:.*]] = llvm.getelementptr %{{.*}}[%[[L]]] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, i64
// CHECK-NEXT: llvm.store %{{.*}}, %[[LP]] : i64, !llvm.ptr<3>
// CHECK: llvm.ptrtoint %{{.*}} : !llvm.ptr<1> to i64
// CHECK: %[[TWO2:.*]] = llvm.mlir.constant(2 : i32) : i32
// CHECK-NEXT: %[[R2:.*]] = llvm.mul %{{.*}}, %[[TWO2]] : i32
// CHECK-NEXT: %[[ONE:.*]] = llvm.mlir.constant(1 : i32) : i32
// CHECK-NEXT: %[[R:.*]] = llvm.add %[[R2]], %[[ONE]] : i32
// CHECK-NEXT: %[[RP:.*]] = llvm.getelementptr %{{.*}}[%[[R]]] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, i64
// CHECK-NEXT: llvm.store %{{.*}}, %[[RP]] : i64, !llvm.ptr<3>
// CHECK: nvvm.barrier0
// CHECK-COUNT-2: llvm.inttoptr %{{.*}} : i64 to !llvm.ptr<1>
// CHECK: llvm.return %{{.*}} : vector<2x!llvm.ptr<1>>
func.func @join(%a: tensor<128x!tir.ptr<f32>>, %b: tensor<128x!tir.ptr<f32>>) -> tensor<128x2x!tir.ptr<f32>> {
  %j = tir.join %a, %b : tensor<128x!tir.ptr<f32>> -> tensor<128x2x!tir.ptr<f32>>
  return %j : tensor<128x2x!tir.ptr<f32>>
}
