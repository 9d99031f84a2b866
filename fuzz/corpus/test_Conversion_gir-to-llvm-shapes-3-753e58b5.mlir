// tir.split reads the halves back from 2i and 2i + 1.
// CHECK: module attributes {{{.*}}trident.shared_bytes = 512 : i32
// CHECK-LABEL: llvm.func @split(
// CHECK: nvvm.barrier0
// CHECK: llvm.store %{{.*}}, %{{.*}} : i32, !llvm.ptr<3>
// CHECK: nvvm.barrier0
// CHECK: llvm.mlir.constant(64 : i32) : i32
// CHECK-NEXT: llvm.mlir.constant(0 : i32) : i32
// CHECK-NEXT: %[[I:.*]] = llvm.add
// CHECK-NEXT: %[[TWO:.*]] = llvm.mlir.constant(2 : i32) : i32
// CHECK-NEXT: %[[LO:.*]] = llvm.mul %[[I]], %[[TWO]] : i32
// CHECK-NEXT: llvm.mlir.constant(0 : i32)
// CHECK-NEXT: llvm.getelementptr %{{.*}}[%[[LO]]] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, i32
// CHECK-NEXT: llvm.load %{{.*}} : !llvm.ptr<3> -> i32
// CHECK: llvm.mlir.constant(64 : i32) : i32
// CHECK-NEXT: llvm.mlir.constant(0 : i32) : i32
// CHECK-NEXT: %[[J:.*]] = llvm.add
// CHECK-NEXT: %[[TWO2:.*]] = llvm.mlir.constant(2 : i32) : i32
// CHECK-NEXT: %[[HI2:.*]] = llvm.mul %[[J]], %[[TWO2]] : i32
// CHECK-NEXT: %[[ONE:.*]] = llvm.mlir.constant(1 : i32) : i32
// CHECK-NEXT: %[[HI:.*]] = llvm.add %[[HI2]], %[[ONE]] : i32
// CHECK-NEXT: llvm.getelementptr %{{.*}}[%[[HI]]] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, i32
// CHECK-NEXT: llvm.load %{{.*}} : !llvm.ptr<3> -> i32
// CHECK: llvm.return %{{.*}} : !llvm.struct<(vector<1xi32>, vector<1xi32>)>
func.func @split(%x: tensor<64x2xi32>) -> (tensor<64xi32>, tensor<64xi32>) {
  %l, %h = tir.split %x : tensor<64x2xi32> -> tensor<64xi32>
  return %h, %l : tensor<64xi32>, tensor<64xi32>
}
