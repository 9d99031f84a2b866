// Reductions: along the last axis, one sequential loop per row with the
// combine region inlined (its float operations reassociable); a 1-D
// reduction gives a scalar. Along an outer axis, rows accumulate in the
// result buffer.
// CHECK-LABEL: func.func @reduce(
// CHECK:         %[[COLS:.*]] = memref.alloca() {{.*}} : memref<8xf32>
// CHECK:         %[[ROWS:.*]] = memref.alloca() {{.*}} : memref<4xf32>
// CHECK:         %[[X:.*]] = memref.alloca() {{.*}} : memref<4x8xf32>
// Along the last axis:
// CHECK:         scf.for %[[R:.*]] = {{.*}} {
// CHECK:           %[[FIRST:.*]] = memref.load %[[X]][%[[R]], %{{.*}}]
// CHECK:           %[[SUM:.*]] = scf.for %[[C:.*]] = {{.*}} iter_args(%[[ACC:.*]] = %[[FIRST]]) -> (f32) {
// CHECK:             %[[V:.*]] = memref.load %[[X]][%[[R]], %[[C]]]
// CHECK:             %[[NEXT:.*]] = arith.addf %[[ACC]], %[[V]] fastmath<reassoc> : f32
// CHECK:             scf.yield %[[NEXT]] : f32
// CHECK:           memref.store %[[SUM]], %[[ROWS]][%[[R]]]
// To a scalar:
// CHECK:         %[[MAX:.*]] = scf.for {{.*}} -> (f32) {
// CHECK:           arith.maxnumf {{.*}} fastmath<reassoc> : f32
// CHECK:         llvm.store %[[MAX]], %{{.*}} : f32, !llvm.ptr
// Along the outer axis: the first row, then the others added in place.
// CHECK:         scf.for %[[C0:.*]] = {{.*}} {
// CHECK:           memref.load %[[X]][%{{.*}}, %[[C0]]]
// CHECK:           memref.store %{{.*}}, %[[COLS]][%[[C0]]]
// CHECK:         scf.for %[[K:.*]] = %c1{{.*}} {
// CHECK:           scf.for %[[C1:.*]] = {{.*}} {
// CHECK:             %[[OLD:.*]] = memref.load %[[COLS]][%[[C1]]]
// CHECK:             %[[NEW:.*]] = memref.load %[[X]][%[[K]], %[[C1]]]
// CHECK:             %[[ADD:.*]] = arith.addf %[[OLD]], %[[NEW]] fastmath<reassoc>
// CHECK:             memref.store %[[ADD]], %[[COLS]][%[[C1]]]

func.func @reduce(%p: !tir.ptr<f32>, %q: !tir.ptr<f32>) attributes {tir.kernel} {
  %ps = tir.splat %p : !tir.ptr<f32> -> tensor<4x8x!tir.ptr<f32>>
  %x = tir.load %ps : tensor<4x8x!tir.ptr<f32>>
  %rows = tir.reduce %x axis = 1 : tensor<4x8xf32> -> tensor<4xf32> {
  ^bb0(%a: f32, %b: f32):
    %s = arith.addf %a, %b : f32
    tir.reduce.return %s : f32
  }
  %all = tir.reduce %rows axis = 0 : tensor<4xf32> -> f32 {
  ^bb0(%a: f32, %b: f32):
    %m = arith.maxnumf %a, %b : f32
    tir.reduce.return %m : f32
  }
  tir.store %q, %all : !tir.ptr<f32>
  %cols = tir.reduce %x axis = 0 : tensor<4x8xf32> -> tensor<8xf32> {
  ^bb0(%a: f32, %b: f32):
    %s = arith.addf %a, %b : f32
    tir.reduce.return %s : f32
  }
  %qs = tir.splat %q : !tir.ptr<f32> -> tensor<8x!tir.ptr<f32>>
  tir.store %qs, %cols : tensor<8x!tir.ptr<f32>>
  return
}
