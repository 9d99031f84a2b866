// RUN: trident-opt --convert-tir-to-cpu=vector-bits=128 --split-input-file %s | FileCheck %s

// Vectors of 4 lanes (vector-bits=128). A masked vector add: the pointers
// are consecutive (stride 1 along the tile), so each load is one masked
// vector load from the first lane's pointer, read in the store's loop (the
// only consumer, nothing written in between); one loop in steps of 4, no
// buffers.
// CHECK-LABEL: func.func @add(
// CHECK-NOT:     memref.alloca
// CHECK:         scf.for %[[I:.*]] = %{{.*}} to %{{.*}} step %c4 {
// CHECK:           %[[II:.*]] = arith.index_cast %[[I]] : index to i32
// CHECK:           %[[OFF:.*]] = arith.addi %{{.*}}, %[[II]] : i32
// CHECK:           %[[Q:.*]] = llvm.getelementptr %arg2[%[[OFF]]]
// CHECK:           %[[P:.*]] = llvm.getelementptr %arg0[%[[OFF]]]
// CHECK:           %[[LANES:.*]] = arith.constant dense<[0, 1, 2, 3]> : vector<4xi32>
// CHECK:           %[[M:.*]] = arith.cmpi slt, %{{.*}}, %{{.*}} : vector<4xi32>
// CHECK:           %[[A:.*]] = llvm.intr.masked.load %[[P]], %[[M]], %{{.*}} {alignment = 4 : i32} : (!llvm.ptr, vector<4xi1>, vector<4xf32>) -> vector<4xf32>
// CHECK:           %[[B:.*]] = llvm.intr.masked.load %{{.*}}, %[[M]], %{{.*}} : (!llvm.ptr, vector<4xi1>, vector<4xf32>) -> vector<4xf32>
// CHECK:           %[[S:.*]] = arith.addf %[[A]], %[[B]] : vector<4xf32>
// CHECK:           llvm.intr.masked.store %[[S]], %[[Q]], %[[M]] {alignment = 4 : i32} : vector<4xf32>, vector<4xi1> into !llvm.ptr
// CHECK-NOT:     scf.for
// CHECK:         return

func.func @add(%x: !tir.ptr<f32>, %y: !tir.ptr<f32>, %out: !tir.ptr<f32>,
               %n: i32) attributes {tir.kernel} {
  %c16 = arith.constant 16 : i32
  %pid = tir.get_program_id 0 : i32
  %start = arith.muli %pid, %c16 : i32
  %range = tir.make_range 0 to 16 : tensor<16xi32>
  %starts = tir.splat %start : i32 -> tensor<16xi32>
  %offs = arith.addi %starts, %range : tensor<16xi32>
  %ns = tir.splat %n : i32 -> tensor<16xi32>
  %mask = arith.cmpi slt, %offs, %ns : tensor<16xi32>
  %xs = tir.splat %x : !tir.ptr<f32> -> tensor<16x!tir.ptr<f32>>
  %xp = tir.addptr %xs, %offs : tensor<16x!tir.ptr<f32>>, tensor<16xi32>
  %xv = tir.load %xp, %mask : tensor<16x!tir.ptr<f32>>
  %ys = tir.splat %y : !tir.ptr<f32> -> tensor<16x!tir.ptr<f32>>
  %yp = tir.addptr %ys, %offs : tensor<16x!tir.ptr<f32>>, tensor<16xi32>
  %yv = tir.load %yp, %mask : tensor<16x!tir.ptr<f32>>
  %sum = arith.addf %xv, %yv : tensor<16xf32>
  %os = tir.splat %out : !tir.ptr<f32> -> tensor<16x!tir.ptr<f32>>
  %op = tir.addptr %os, %offs : tensor<16x!tir.ptr<f32>>, tensor<16xi32>
  tir.store %op, %sum, %mask : tensor<16x!tir.ptr<f32>>
  return
}

// -----

// Offsets `range * s` with a run-time s: consecutive only when s is 1,
// which each chunk checks (one vector load), else it reads lane by lane.
// The exp applies to the vector.
// CHECK-LABEL: func.func @strided(
// CHECK:         scf.for %[[I:.*]] = {{.*}} step %c4 {
// CHECK:           %[[ONE:.*]] = arith.cmpi eq, %arg2, %{{.*}} : i32
// CHECK:           %[[V:.*]] = scf.if %[[ONE]] -> (vector<4xf32>) {
// CHECK:             %[[P:.*]] = llvm.getelementptr %arg0
// CHECK:             %[[W:.*]] = llvm.load %[[P]] {{.*}} : !llvm.ptr -> vector<4xf32>
// CHECK:             scf.yield %[[W]]
// CHECK:           } else {
// CHECK-COUNT-4:     llvm.load %{{.*}} : !llvm.ptr -> f32
// CHECK:             %[[G:.*]] = vector.from_elements %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} : vector<4xf32>
// CHECK:             scf.yield %[[G]]
// CHECK:           %[[E:.*]] = math.exp %[[V]] : vector<4xf32>
// CHECK:           llvm.store %[[E]], %{{.*}} : vector<4xf32>, !llvm.ptr

func.func @strided(%x: !tir.ptr<f32>, %out: !tir.ptr<f32>, %s: i32) attributes {tir.kernel} {
  %range = tir.make_range 0 to 16 : tensor<16xi32>
  %ss = tir.splat %s : i32 -> tensor<16xi32>
  %offs = arith.muli %range, %ss : tensor<16xi32>
  %xs = tir.splat %x : !tir.ptr<f32> -> tensor<16x!tir.ptr<f32>>
  %xp = tir.addptr %xs, %offs : tensor<16x!tir.ptr<f32>>, tensor<16xi32>
  %xv = tir.load %xp : tensor<16x!tir.ptr<f32>>
  %e = math.exp %xv : tensor<16xf32>
  %os = tir.splat %out : !tir.ptr<f32> -> tensor<16x!tir.ptr<f32>>
  %op = tir.addptr %os, %range : tensor<16x!tir.ptr<f32>>, tensor<16xi32>
  tir.store %op, %e : tensor<16x!tir.ptr<f32>>
  return
}

// -----

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

// -----

// A dot: blocks of 4 rows x 2 vectors of the accumulator stay in
// registers through the k loop: per k, a block row of b (two vectors), and
// for each row a scalar of a broadcast and two FMAs.
// CHECK-LABEL: func.func @dot(
// CHECK:         %[[D:.*]] = memref.alloca() {{.*}} : memref<8x16xf32>
// CHECK:         %[[B:.*]] = memref.alloca() {{.*}} : memref<16x16xf32>
// CHECK:         %[[A:.*]] = memref.alloca() {{.*}} : memref<8x16xf32>
// CHECK:         scf.for %[[I:.*]] = {{.*}} step %c4 {
// CHECK:           scf.for %[[J:.*]] = {{.*}} step %c8{{.*}} {
// CHECK-COUNT-8:     vector.load %[[D]]
// CHECK:             %[[R:.*]]:8 = scf.for %[[K:.*]] = {{.*}} iter_args({{.*}}) -> (vector<4xf32>, vector<4xf32>, vector<4xf32>, vector<4xf32>, vector<4xf32>, vector<4xf32>, vector<4xf32>, vector<4xf32>) {
// CHECK:               %[[B0:.*]] = vector.load %[[B]][%[[K]], %[[J]]]
// CHECK:               %[[B1:.*]] = vector.load %[[B]][%[[K]], %{{.*}}]
// CHECK:               %[[A0:.*]] = memref.load %[[A]][%[[I]], %[[K]]]
// CHECK:               %[[X:.*]] = vector.broadcast %[[A0]] : f32 to vector<4xf32>
// CHECK:               vector.fma %[[X]], %[[B0]], %{{.*}} : vector<4xf32>
// CHECK:               vector.fma %[[X]], %[[B1]], %{{.*}} : vector<4xf32>
// CHECK-COUNT-6:       vector.fma
// CHECK:               scf.yield
// CHECK-COUNT-8:     vector.store %{{.*}}, %[[D]]

func.func @dot(%a: !tir.ptr<f32>, %c: !tir.ptr<f32>) attributes {tir.kernel} {
  %r16 = tir.make_range 0 to 16 : tensor<16xi32>
  %r2 = tir.expand_dims %r16, axis = 0 : tensor<16xi32> -> tensor<1x16xi32>
  %rb = tir.broadcast %r2 : tensor<1x16xi32> -> tensor<8x16xi32>
  %as = tir.splat %a : !tir.ptr<f32> -> tensor<8x16x!tir.ptr<f32>>
  %ap = tir.addptr %as, %rb : tensor<8x16x!tir.ptr<f32>>, tensor<8x16xi32>
  %x = tir.load %ap : tensor<8x16x!tir.ptr<f32>>
  %bs = tir.splat %a : !tir.ptr<f32> -> tensor<16x16x!tir.ptr<f32>>
  %rbb = tir.broadcast %r2 : tensor<1x16xi32> -> tensor<16x16xi32>
  %bp = tir.addptr %bs, %rbb : tensor<16x16x!tir.ptr<f32>>, tensor<16x16xi32>
  %y = tir.load %bp : tensor<16x16x!tir.ptr<f32>>
  %zero = arith.constant dense<0.0> : tensor<8x16xf32>
  %d = tir.dot %x, %y, %zero : tensor<8x16xf32> * tensor<16x16xf32> -> tensor<8x16xf32>
  %cs = tir.splat %c : !tir.ptr<f32> -> tensor<8x16x!tir.ptr<f32>>
  %cp = tir.addptr %cs, %rb : tensor<8x16x!tir.ptr<f32>>, tensor<8x16xi32>
  tir.store %cp, %d : tensor<8x16x!tir.ptr<f32>>
  return
}

// -----

// A store between a load and its use: the load is read where it is, into
// a buffer. A transposed read has no vector form: lane by lane.
// CHECK-LABEL: func.func @blocked(
// CHECK:         %[[V:.*]] = memref.alloca() {{.*}} : memref<16xf32>
// CHECK:         scf.for
// CHECK:           llvm.load %{{.*}} -> vector<4xf32>
// CHECK:           vector.store %{{.*}}, %[[V]]
// CHECK:         scf.for
// CHECK:           llvm.store %{{.*}} : vector<4xf32>, !llvm.ptr
// CHECK:         scf.for
// CHECK:           scf.for
// CHECK-COUNT-4:     memref.load %[[V]]
// CHECK:             vector.from_elements

func.func @blocked(%x: !tir.ptr<f32>, %out: !tir.ptr<f32>) attributes {tir.kernel} {
  %range = tir.make_range 0 to 16 : tensor<16xi32>
  %xs = tir.splat %x : !tir.ptr<f32> -> tensor<16x!tir.ptr<f32>>
  %xp = tir.addptr %xs, %range : tensor<16x!tir.ptr<f32>>, tensor<16xi32>
  %v = tir.load %xp : tensor<16x!tir.ptr<f32>>
  %os = tir.splat %out : !tir.ptr<f32> -> tensor<16x!tir.ptr<f32>>
  %op = tir.addptr %os, %range : tensor<16x!tir.ptr<f32>>, tensor<16xi32>
  %one = arith.constant dense<1.0> : tensor<16xf32>
  tir.store %op, %one : tensor<16x!tir.ptr<f32>>
  %v2 = tir.reshape %v : tensor<16xf32> -> tensor<4x4xf32>
  %t = tir.trans %v2, [1, 0] : tensor<4x4xf32> -> tensor<4x4xf32>
  %r4 = tir.make_range 0 to 4 : tensor<4xi32>
  %r4r = tir.expand_dims %r4, axis = 0 : tensor<4xi32> -> tensor<1x4xi32>
  %r4b = tir.broadcast %r4r : tensor<1x4xi32> -> tensor<4x4xi32>
  %ts = tir.splat %out : !tir.ptr<f32> -> tensor<4x4x!tir.ptr<f32>>
  %tp = tir.addptr %ts, %r4b : tensor<4x4x!tir.ptr<f32>>, tensor<4x4xi32>
  tir.store %tp, %t : tensor<4x4x!tir.ptr<f32>>
  return
}

// -----

// A pointer tile carried by a loop and advanced by a splat keeps stride 1:
// its loads in the loop are vector loads from the first lane's pointer.
// CHECK-LABEL: func.func @carried(
// CHECK:         memref.alloca() {{.*}} : memref<16xi64>
// CHECK:         %[[PTRS:.*]] = memref.alloca() {{.*}} : memref<16xi64>
// CHECK:         scf.for %{{.*}} = %c0 to
// CHECK:           scf.for {{.*}} step %c4
// CHECK:             %[[ADDR:.*]] = memref.load %[[PTRS]]
// CHECK:             %[[P:.*]] = llvm.inttoptr %[[ADDR]] : i64 to !llvm.ptr
// CHECK:             llvm.load %[[P]] {alignment = 4 : i64} : !llvm.ptr -> vector<4xf32>

func.func @carried(%x: !tir.ptr<f32>, %out: !tir.ptr<f32>, %k: i32) attributes {tir.kernel} {
  %n = arith.index_cast %k : i32 to index
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %range = tir.make_range 0 to 16 : tensor<16xi32>
  %xs = tir.splat %x : !tir.ptr<f32> -> tensor<16x!tir.ptr<f32>>
  %xp = tir.addptr %xs, %range : tensor<16x!tir.ptr<f32>>, tensor<16xi32>
  %step = arith.constant dense<16> : tensor<16xi32>
  %zero = arith.constant dense<0.0> : tensor<16xf32>
  %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%p = %xp, %acc = %zero) -> (tensor<16x!tir.ptr<f32>>, tensor<16xf32>) {
    %v = tir.load %p : tensor<16x!tir.ptr<f32>>
    %s = arith.addf %acc, %v : tensor<16xf32>
    %next = tir.addptr %p, %step : tensor<16x!tir.ptr<f32>>, tensor<16xi32>
    scf.yield %next, %s : tensor<16x!tir.ptr<f32>>, tensor<16xf32>
  }
  %os = tir.splat %out : !tir.ptr<f32> -> tensor<16x!tir.ptr<f32>>
  %op = tir.addptr %os, %range : tensor<16x!tir.ptr<f32>>, tensor<16xi32>
  tir.store %op, %r#1 : tensor<16x!tir.ptr<f32>>
  return
}
