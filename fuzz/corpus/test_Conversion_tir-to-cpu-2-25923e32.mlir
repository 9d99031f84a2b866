// An inclusive scan: one sequential loop carrying the running value, each
// prefix stored as it is computed; the load is read in the scan's loop.
// CHECK-LABEL: func.func @scan(
// CHECK:         %[[OUT:.*]] = memref.alloca() {{.*}} : memref<8xi32>
// CHECK-NOT:     memref.alloca
// CHECK:         %[[LAST:.*]] = arith.subi %c7
// CHECK:         %[[FIRST:.*]] = llvm.load %arg0
// CHECK:         memref.store %[[FIRST]], %[[OUT]]
// CHECK:         scf.for %[[K:.*]] = {{.*}} iter_args(%[[ACC:.*]] = %[[FIRST]]) -> (i32) {
// CHECK:           %[[POS:.*]] = arith.subi %{{.*}}, %[[K]] : index
// CHECK:           %[[V:.*]] = llvm.load %arg0
// CHECK:           %[[S:.*]] = arith.addi %[[ACC]], %[[V]] : i32
// CHECK:           memref.store %[[S]], %[[OUT]][%[[POS]]]
// CHECK:           scf.yield %[[S]] : i32

func.func @scan(%p: !tir.ptr<i32>) attributes {tir.kernel} {
  %ps = tir.splat %p : !tir.ptr<i32> -> tensor<8x!tir.ptr<i32>>
  %x = tir.load %ps : tensor<8x!tir.ptr<i32>>
  %s = tir.scan %x axis = 0 reverse : tensor<8xi32> -> tensor<8xi32> {
  ^bb0(%a: i32, %b: i32):
    %t = arith.addi %a, %b : i32
    tir.scan.return %t : i32
  }
  tir.store %ps, %s : tensor<8x!tir.ptr<i32>>
  return
}
