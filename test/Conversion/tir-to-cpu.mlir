// RUN: trident-opt --convert-tir-to-cpu=vector-bits=32 --split-input-file %s | FileCheck %s
// RUN: trident-opt --convert-tir-to-cpu=vector-bits=32 --split-input-file %s | FileCheck %s --check-prefix=NOHINT

// Scalar loops (vector-bits=32). A masked vector add: each load has one
// consumer (the store) and nothing writes memory in between, so both are
// read in the store's loop, under the mask, with the offsets, pointers and
// the mask computed there too: one loop, no buffers.
// CHECK-LABEL: module attributes {trident.cpu.arg_types = ["ptr", "ptr", "ptr", "i32"], trident.cpu.entry = "__trident_cpu_grid_add", trident.cpu.kernel = "add"}
// CHECK:       func.func @add(%[[X:.*]]: !llvm.ptr, %[[Y:.*]]: !llvm.ptr, %[[OUT:.*]]: !llvm.ptr, %[[N:.*]]: i32, %[[PID:.*]]: i32, %{{.*}}: i32, %{{.*}}: i32, %{{.*}}: i32, %{{.*}}: i32, %{{.*}}: i32) {
// CHECK-NOT:     memref.alloca
// CHECK:         %[[START:.*]] = arith.muli %[[PID]], %{{.*}} : i32
// CHECK:         scf.for %[[I:.*]] = {{.*}} {
// CHECK:           %[[II:.*]] = arith.index_cast %[[I]] : index to i32
// CHECK:           %[[OFF:.*]] = arith.addi %[[START]], %[[II]] : i32
// CHECK:           %[[Q:.*]] = llvm.getelementptr %[[OUT]][%[[OFF]]] : (!llvm.ptr, i32) -> !llvm.ptr, f32
// CHECK:           %[[P:.*]] = llvm.getelementptr %[[X]][%[[OFF]]] : (!llvm.ptr, i32) -> !llvm.ptr, f32
// CHECK:           %[[M:.*]] = arith.cmpi slt, %[[OFF]], %[[N]] : i32
// CHECK:           %[[A:.*]] = scf.if %[[M]] -> (f32) {
// CHECK:             llvm.load %[[P]] {alignment = 4 : i64} : !llvm.ptr -> f32
// CHECK:           llvm.getelementptr %[[Y]][%[[OFF]]]
// CHECK:           %[[B:.*]] = scf.if %[[M]] -> (f32) {
// CHECK:           %[[S:.*]] = arith.addf %[[A]], %[[B]] : f32
// CHECK:           scf.if %[[M]] {
// CHECK-NEXT:        llvm.store %[[S]], %[[Q]] {alignment = 4 : i64} : f32, !llvm.ptr
// CHECK-NOT:     scf.for
// CHECK:         return
// The grid entry reads each argument through args[i] and calls the kernel
// for each linear program id, x fastest.
// CHECK-LABEL: func.func @__trident_cpu_grid_add(
// CHECK-SAME:    %[[ARGS:.*]]: !llvm.ptr, %[[BEGIN:.*]]: i64, %[[END:.*]]: i64, %[[NX:.*]]: i32, %[[NY:.*]]: i32, %[[NZ:.*]]: i32)
// CHECK:         %[[SLOT:.*]] = llvm.getelementptr %[[ARGS]][0] : (!llvm.ptr) -> !llvm.ptr, !llvm.ptr
// CHECK:         %[[VP:.*]] = llvm.load %[[SLOT]] : !llvm.ptr -> !llvm.ptr
// CHECK:         %[[A0:.*]] = llvm.load %[[VP]] : !llvm.ptr -> !llvm.ptr
// CHECK:         llvm.getelementptr %[[ARGS]][3]
// CHECK:         %[[A3:.*]] = llvm.load %{{.*}} : !llvm.ptr -> i32
// CHECK:         scf.for %[[LIN:.*]] = %[[BEGIN]] to %[[END]]
// CHECK:           %[[PX:.*]] = arith.remui %[[LIN]]
// CHECK:           func.call @add(%[[A0]], %{{.*}}, %{{.*}}, %[[A3]], %{{.*}}, %{{.*}}, %{{.*}}, %[[NX]], %[[NY]], %[[NZ]])

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

// -----

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

// -----

// A dot in a loop: the accumulator lives in one buffer for the whole loop;
// the product runs m, k, n over buffers with bf16 operands extended to f32
// and `contract` products and sums; the yielded value is copied back.
// CHECK-LABEL: func.func @dot(
// CHECK:         %[[B:.*]] = memref.alloca() {{.*}} : memref<2x8xbf16>
// CHECK:         %[[A:.*]] = memref.alloca() {{.*}} : memref<4x2xbf16>
// CHECK:         %[[ACC:.*]] = memref.alloca() {{.*}} : memref<4x8xf32>
// CHECK:         memref.store %{{.*}}, %[[ACC]]
// CHECK:         scf.for
// CHECK:           memref.store %{{.*}}, %[[A]]
// CHECK:           memref.store %{{.*}}, %[[B]]
// CHECK:           scf.for %[[M:.*]] = {{.*}} {
// CHECK:             scf.for %[[K:.*]] = {{.*}} {
// CHECK:               %[[AV:.*]] = memref.load %[[A]][%[[M]], %[[K]]]
// CHECK:               %[[AF:.*]] = arith.extf %[[AV]] : bf16 to f32
// CHECK:               scf.for %[[N:.*]] = {{.*}} {
// CHECK:                 %[[BV:.*]] = memref.load %[[B]][%[[K]], %[[N]]]
// CHECK:                 %[[BF:.*]] = arith.extf %[[BV]] : bf16 to f32
// CHECK:                 %[[D:.*]] = memref.load %[[ACC]][%[[M]], %[[N]]]
// CHECK:                 %[[P:.*]] = arith.mulf %[[AF]], %[[BF]] fastmath<contract> : f32
// CHECK:                 %[[S:.*]] = arith.addf %[[D]], %[[P]] fastmath<contract> : f32
// CHECK:                 memref.store %[[S]], %[[ACC]][%[[M]], %[[N]]]
// The accumulator was updated in place: no copy at the end of the loop.
// CHECK-NOT:       memref.copy
// CHECK:         memref.load %[[ACC]]
// CHECK:         llvm.store

func.func @dot(%a: !tir.ptr<bf16>, %c: !tir.ptr<f32>, %k: i32) attributes {tir.kernel} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = arith.index_cast %k : i32 to index
  %zero = arith.constant dense<0.0> : tensor<4x8xf32>
  %as = tir.splat %a : !tir.ptr<bf16> -> tensor<4x2x!tir.ptr<bf16>>
  %bs = tir.splat %a : !tir.ptr<bf16> -> tensor<2x8x!tir.ptr<bf16>>
  %acc = scf.for %i = %c0 to %n step %c1 iter_args(%acc_i = %zero) -> (tensor<4x8xf32>) {
    %x = tir.load %as : tensor<4x2x!tir.ptr<bf16>>
    %y = tir.load %bs : tensor<2x8x!tir.ptr<bf16>>
    %d = tir.dot %x, %y, %acc_i : tensor<4x2xbf16> * tensor<2x8xbf16> -> tensor<4x8xf32>
    scf.yield %d : tensor<4x8xf32>
  }
  %cs = tir.splat %c : !tir.ptr<f32> -> tensor<4x8x!tir.ptr<f32>>
  tir.store %cs, %acc : tensor<4x8x!tir.ptr<f32>>
  return
}

// -----

// Atomics are LLVM atomics under the mask; the old values of an unused
// result are not kept.
// CHECK-LABEL: func.func @atomics(
// CHECK-NOT:     memref.alloca
// CHECK:         scf.for
// CHECK:           scf.if %{{.*}} -> (i32) {
// CHECK:             llvm.atomicrmw add %{{.*}}, %{{.*}} monotonic : !llvm.ptr, i32
// CHECK:         llvm.atomicrmw fadd %{{.*}}, %{{.*}} acq_rel : !llvm.ptr, f32
// CHECK:         %[[CAS:.*]] = llvm.cmpxchg %{{.*}}, %{{.*}}, %{{.*}} acq_rel acquire : !llvm.ptr, i32
// CHECK:         llvm.extractvalue %[[CAS]][0]

func.func @atomics(%p: !tir.ptr<i32>, %f: !tir.ptr<f32>) attributes {tir.kernel} {
  %ps = tir.splat %p : !tir.ptr<i32> -> tensor<8x!tir.ptr<i32>>
  %r = tir.make_range 0 to 8 : tensor<8xi32>
  %pp = tir.addptr %ps, %r : tensor<8x!tir.ptr<i32>>, tensor<8xi32>
  %ones = arith.constant dense<1> : tensor<8xi32>
  %four = arith.constant dense<4> : tensor<8xi32>
  %m = arith.cmpi slt, %r, %four : tensor<8xi32>
  %old = tir.atomic_rmw add, relaxed, gpu, %pp, %ones, %m : tensor<8x!tir.ptr<i32>>
  %one = arith.constant 1.0 : f32
  %fo = tir.atomic_rmw fadd, acq_rel, gpu, %f, %one : !tir.ptr<f32>
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %prev = tir.atomic_cas acq_rel, gpu, %p, %c0, %c1 : !tir.ptr<i32>
  return
}

// -----

// tir.print calls printf per element of a tile; tir.assert calls the
// runtime's hook where the condition is false.
// CHECK-LABEL: module attributes {{.*}}trident.cpu.kernel = "debug"
// CHECK-DAG:   llvm.mlir.global private constant @[[FILE:.*]]("{{.*}}tir-to-cpu.mlir\00")
// CHECK-DAG:   llvm.mlir.global private constant @[[MSG:.*]]("r < n\00")
// CHECK-DAG:   llvm.mlir.global private constant @[[FMT:.*]]("pid (%d, %d, %d) idx (%1lld) r = %lld\0A\00")
// CHECK-DAG:   llvm.func @printf(!llvm.ptr, ...) -> i32
// CHECK-DAG:   llvm.func @__trident_cpu_assert_fail(!llvm.ptr, !llvm.ptr, i32, i32, i32, i32)
// CHECK:       func.func @debug(%{{[^:]*}}: !llvm.ptr, %{{[^:]*}}: i32, %[[PX:[^:]*]]: i32, %[[PY:[^:]*]]: i32, %[[PZ:[^:]*]]: i32,
// CHECK:         scf.for
// CHECK:           %[[F:.*]] = llvm.mlir.addressof @[[FMT]]
// CHECK:           llvm.call @printf(%[[F]], %[[PX]], %[[PY]], %[[PZ]], %{{.*}}, %{{.*}}) vararg(!llvm.func<i32 (ptr, ...)>)
// CHECK:         scf.for
// CHECK:           %[[BAD:.*]] = arith.xori %{{.*}}, %true
// CHECK:           scf.if %[[BAD]] {
// CHECK:             llvm.call @__trident_cpu_assert_fail(%{{.*}}, %{{.*}}, %{{.*}}, %[[PX]], %[[PY]], %[[PZ]])

func.func @debug(%p: !tir.ptr<i32>, %n: i32) attributes {tir.kernel} {
  %r = tir.make_range 0 to 4 : tensor<4xi32>
  tir.print " r = " (%r : tensor<4xi32>)
  %ns = tir.splat %n : i32 -> tensor<4xi32>
  %ok = arith.cmpi slt, %r, %ns : tensor<4xi32>
  tir.assert %ok, "r < n" : tensor<4xi1>
  return
}

// -----

// tir.inline_asm_elementwise: one llvm.inline_asm per pack of consecutive
// elements, each element its own operand (outputs of each result first,
// then the inputs), the results in a buffer; on scalars, one. A program
// instance is one thread: tir.barrier is nothing. Axis hints are dropped.
// NOHINT-NOT: tir.contiguity
// CHECK-LABEL: func.func @inline_asm(
// CHECK:         %[[BUF:.*]] = memref.alloca() {{.*}} : memref<8xi32>
// CHECK:         scf.for %[[I:.*]] = %{{.*}} to %{{.*}} step %c2 {
// CHECK:           %[[I1:.*]] = arith.addi %[[I]], %c1
// CHECK:           %[[A:.*]] = llvm.load
// CHECK:           %[[B:.*]] = llvm.load
// CHECK:           %[[S:.*]] = llvm.inline_asm has_side_effects asm_dialect = att "leal 1($2), $0\0A\09leal 2($3), $1", "=r,=r,r,r" %[[A]], %[[B]] : (i32, i32) -> !llvm.struct<(i32, i32)>
// CHECK:           %[[S0:.*]] = llvm.extractvalue %[[S]][0]
// CHECK:           %[[S1:.*]] = llvm.extractvalue %[[S]][1]
// CHECK:           memref.store %[[S0]], %[[BUF]][%[[I]]]
// CHECK:           memref.store %[[S1]], %[[BUF]][%[[I1]]]
// CHECK:         }
// CHECK-NOT:     barrier
// CHECK:         %[[C:.*]] = llvm.inline_asm asm_dialect = att "leal 100($1), $0", "=r,r" %{{.*}} : (i32) -> i32
// CHECK:         scf.for
// CHECK:           memref.load %[[BUF]]
// CHECK:         llvm.store %[[C]]
func.func @inline_asm(%x: !tir.ptr<i32>, %y: !tir.ptr<i32>, %n: i32) attributes {tir.kernel} {
  %r = tir.make_range 0 to 8 {tir.contiguity = array<i32: 8>} : tensor<8xi32>
  %xs = tir.splat %x : !tir.ptr<i32> -> tensor<8x!tir.ptr<i32>>
  %xp = tir.addptr %xs, %r : tensor<8x!tir.ptr<i32>>, tensor<8xi32>
  %v = tir.load %xp : tensor<8x!tir.ptr<i32>>
  %s = tir.inline_asm_elementwise "leal 1($2), $0\n\tleal 2($3), $1", "=r,=r,r,r" pack = 2 (%v : tensor<8xi32>) -> tensor<8xi32>
  tir.barrier
  %c = tir.inline_asm_elementwise "leal 100($1), $0", "=r,r" pure (%n : i32) -> i32
  %ys = tir.splat %y : !tir.ptr<i32> -> tensor<8x!tir.ptr<i32>>
  %yp = tir.addptr %ys, %r : tensor<8x!tir.ptr<i32>>, tensor<8xi32>
  tir.store %yp, %s : tensor<8x!tir.ptr<i32>>
  tir.store %y, %c : !tir.ptr<i32>
  return
}

// -----

// Functions that are not kernels are left alone.
// CHECK-LABEL: func.func @helper(%{{.*}}: tensor<4xf32>) -> tensor<4xf32>
// CHECK-NEXT:    arith.addf %{{.*}}, %{{.*}} : tensor<4xf32>
func.func @helper(%a: tensor<4xf32>) -> tensor<4xf32> {
  %b = arith.addf %a, %a : tensor<4xf32>
  return %b : tensor<4xf32>
}

// -----

// tir.extern_elementwise: a declared function and one llvm.call per element
// into a buffer; on a scalar, one call.
// CHECK-DAG:   llvm.func @__nv_powif(f32, i32) -> f32
// CHECK-DAG:   llvm.func @__nv_lgamma(f64) -> f64
// CHECK-LABEL: func.func @extern_call(
// CHECK:         %[[BUF:.*]] = memref.alloca() {{.*}} : memref<8xf32>
// CHECK:         scf.for
// CHECK:           %[[R:.*]] = llvm.call @__nv_powif(%{{.*}}, %{{.*}}) : (f32, i32) -> f32
// CHECK:           memref.store %[[R]], %[[BUF]]
// CHECK:         llvm.call @__nv_lgamma(%{{.*}}) : (f64) -> f64
func.func @extern_call(%x: !tir.ptr<f32>, %d: !tir.ptr<f64>, %s: f64) attributes {tir.kernel} {
  %r = tir.make_range 0 to 8 : tensor<8xi32>
  %xs = tir.splat %x : !tir.ptr<f32> -> tensor<8x!tir.ptr<f32>>
  %xp = tir.addptr %xs, %r : tensor<8x!tir.ptr<f32>>, tensor<8xi32>
  %v = tir.load %xp : tensor<8x!tir.ptr<f32>>
  %p = tir.extern_elementwise "__nv_powif" pure (%v, %r : tensor<8xf32>, tensor<8xi32>) -> tensor<8xf32>
  %g = tir.extern_elementwise "__nv_lgamma" pure (%s : f64) -> f64
  tir.store %xp, %p : tensor<8x!tir.ptr<f32>>
  tir.store %d, %g : !tir.ptr<f64>
  return
}
