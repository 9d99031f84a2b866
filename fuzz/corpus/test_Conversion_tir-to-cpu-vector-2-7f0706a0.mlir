// Reductions: along the last axis, vector accumulators chunk after chunk,
// then the lanes combined half against half; along the outer axis, rows
// added into the result buffer a vector at a time. A store through one
// pointer (stride 0) stays scalar.
// CHECK-LABEL: func.func @reduce(
// CHECK:         %[[COLS:.*]] = memref.alloca() {{.*}} : memref<32xf32>
// CHECK:         %[[ROWS:.*]] = memref.alloca() {{.*}} : memref<4xf32>
// CHECK:         %[[X:.*]] = memref.alloca() {{.*}} : memref<4x32xf32>
// CHECK:         llvm.load %{{.*}} : !llvm.ptr -> vector<4xf32>
// CHECK:         vector.store %{{.*}}, %[[X]]
// CHECK:         scf.for %[[R:.*]] = {{.*}} {
// CHECK:           %[[FIRST:.*]] = vector.load %[[X]][%[[R]], %{{.*}}] : memref<4x32xf32>, vector<4xf32>
// CHECK:           %[[ACC:.*]] = scf.for {{.*}} iter_args(%[[A:.*]] = %[[FIRST]]) -> (vector<4xf32>) {
// CHECK:             %[[V:.*]] = vector.load %[[X]]
// CHECK:             arith.maxnumf %[[A]], %[[V]] fastmath<reassoc> : vector<4xf32>
// CHECK:           %[[LO:.*]] = vector.extract_strided_slice %[[ACC]] {offsets = [0], sizes = [2], strides = [1]}
// CHECK:           %[[HI:.*]] = vector.extract_strided_slice %[[ACC]] {offsets = [2], sizes = [2], strides = [1]}
// CHECK:           %[[M2:.*]] = arith.maxnumf %[[LO]], %[[HI]] fastmath<reassoc> : vector<2xf32>
// CHECK:           %[[M1:.*]] = arith.maxnumf %{{.*}}, %{{.*}} fastmath<reassoc> : vector<1xf32>
// CHECK:           %[[S:.*]] = vector.extract %[[M1]][0] : f32 from vector<1xf32>
// CHECK:           memref.store %[[S]], %[[ROWS]][%[[R]]]
// CHECK:         scf.for {{.*}} step %c1
// CHECK:           memref.load %[[ROWS]]
// CHECK:           llvm.store %{{.*}} : f32, !llvm.ptr
// CHECK:         scf.for %[[K:.*]] = %c1{{.*}} {
// CHECK:           scf.for %[[C:.*]] = {{.*}} step %c4{{.*}} {
// CHECK:             %[[OLD:.*]] = vector.load %[[COLS]][%[[C]]]
// CHECK:             %[[NEW:.*]] = vector.load %[[X]][%[[K]], %[[C]]]
// CHECK:             %[[SUM:.*]] = arith.addf %[[OLD]], %[[NEW]] fastmath<reassoc> : vector<4xf32>
// CHECK:             vector.store %[[SUM]], %[[COLS]][%[[C]]]

func.func @reduce(%p: !tir.ptr<f32>, %q: !tir.ptr<f32>) attributes {tir.kernel} {
  %r = tir.make_range 0 to 32 : tensor<32xi32>
  %r2 = tir.expand_dims %r, axis = 0 : tensor<32xi32> -> tensor<1x32xi32>
  %rb = tir.broadcast %r2 : tensor<1x32xi32> -> tensor<4x32xi32>
  %ps = tir.splat %p : !tir.ptr<f32> -> tensor<4x32x!tir.ptr<f32>>
  %pp = tir.addptr %ps, %rb : tensor<4x32x!tir.ptr<f32>>, tensor<4x32xi32>
  %x = tir.load %pp : tensor<4x32x!tir.ptr<f32>>
  %rows = tir.reduce %x axis = 1 : tensor<4x32xf32> -> tensor<4xf32> {
  ^bb0(%a: f32, %b: f32):
    %m = arith.maxnumf %a, %b : f32
    tir.reduce.return %m : f32
  }
  %qs = tir.splat %q : !tir.ptr<f32> -> tensor<4x!tir.ptr<f32>>
  tir.store %qs, %rows : tensor<4x!tir.ptr<f32>>
  %cols = tir.reduce %x axis = 0 : tensor<4x32xf32> -> tensor<32xf32> {
  ^bb0(%a: f32, %b: f32):
    %s = arith.addf %a, %b : f32
    tir.reduce.return %s : f32
  }
  %qc = tir.splat %q : !tir.ptr<f32> -> tensor<32x!tir.ptr<f32>>
  %qp = tir.addptr %qc, %r : tensor<32x!tir.ptr<f32>>, tensor<32xi32>
  tir.store %qp, %cols : tensor<32x!tir.ptr<f32>>
  return
}
