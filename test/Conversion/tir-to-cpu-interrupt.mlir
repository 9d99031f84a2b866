// RUN: trident-opt --convert-tir-to-cpu=vector-bits=32 %s | FileCheck %s
// RUN: trident-opt --convert-tir-to-cpu=vector-bits=32 --cpu-bounds-check %s | FileCheck %s --check-prefix=CHECKED

// Ctrl-C (docs/cpu.md): each iteration of the kernel's loops (scf.for
// carrying a tile or not, scf.while's condition region) starts by reading
// the runtime's flag (a volatile load) and, when it is set, calling the
// runtime, which ends the program. The loops made over a tile's elements
// read nothing.
// CHECK-DAG:   llvm.mlir.global external @__trident_cpu_interrupt() {{.*}} : i32
// CHECK-DAG:   llvm.func @__trident_cpu_interrupted()
// CHECK-LABEL: func.func @loops(
// The tile's zeros, written by a loop over its elements: no poll.
// CHECK:         scf.for %{{.*}} = %c0 to %c8 step %c1 {
// CHECK-NEXT:      arith.constant 0.0
// CHECK-NEXT:      memref.store
// A loop carrying a tile: the poll, then the loop over its 8 elements.
// CHECK:         scf.for %{{.*}} = %{{.*}} to %arg2 step %{{.*}} : i32 {
// CHECK-NEXT:      %[[A:.*]] = llvm.mlir.addressof @__trident_cpu_interrupt : !llvm.ptr
// CHECK-NEXT:      %[[F:.*]] = llvm.load volatile %[[A]] {alignment = 4 : i64} : !llvm.ptr -> i32
// CHECK-NEXT:      %[[Z:.*]] = arith.constant 0 : i32
// CHECK-NEXT:      %[[SET:.*]] = arith.cmpi ne, %[[F]], %[[Z]] : i32
// CHECK-NEXT:      scf.if %[[SET]] {
// CHECK-NEXT:        llvm.call @__trident_cpu_interrupted() : () -> ()
// CHECK-NEXT:      }
// CHECK:           scf.for
// CHECK-NOT:         @__trident_cpu_interrupt
// CHECK:             llvm.load %{{.*}} {alignment = 4 : i64} : !llvm.ptr -> f32
// A loop of scalars.
// CHECK:         scf.for %{{.*}} = %{{.*}} to %arg2 step %{{.*}} iter_args
// CHECK-NEXT:      llvm.mlir.addressof @__trident_cpu_interrupt
// CHECK-NEXT:      llvm.load volatile
// CHECK:           llvm.call @__trident_cpu_interrupted()
// CHECK:           arith.addi
// A while loop: in its condition region, before the condition.
// CHECK:         scf.while
// CHECK-NEXT:      llvm.mlir.addressof @__trident_cpu_interrupt
// CHECK-NEXT:      llvm.load volatile
// CHECK:           llvm.call @__trident_cpu_interrupted()
// CHECK:           llvm.load %arg0
// CHECK:           scf.condition
// CHECK-LABEL: func.func @__trident_cpu_grid_loops(
// CHECK-NOT:     @__trident_cpu_interrupt

// Bounds checks leave the flag alone (it is no buffer of the launch's).
// CHECKED-LABEL: func.func @loops(
// CHECKED:         scf.for %{{.*}} = %{{.*}} to %arg2 step %{{.*}} : i32 {
// CHECKED-NEXT:      llvm.mlir.addressof @__trident_cpu_interrupt
// CHECKED-NEXT:      llvm.load volatile
// CHECKED:         llvm.call @__trident_cpu_check_access
// CHECKED-NEXT:    llvm.load %{{.*}} {alignment = 4 : i64} : !llvm.ptr -> f32

module {
  func.func @loops(%x: !tir.ptr<f32>, %out: !tir.ptr<f32>, %n: i32) attributes {tir.kernel} {
    %c8 = arith.constant 8 : i32
    %zeros = arith.constant dense<0.000000e+00> : tensor<8xf32>
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %r = tir.make_range 0 to 8 : tensor<8xi32>
    %acc = scf.for %i = %c0 to %n step %c1 iter_args(%a = %zeros) -> (tensor<8xf32>) : i32 {
      %o = arith.muli %i, %c8 : i32
      %p = tir.addptr %x, %o : !tir.ptr<f32>, i32
      %ps = tir.splat %p : !tir.ptr<f32> -> tensor<8x!tir.ptr<f32>>
      %pv = tir.addptr %ps, %r : tensor<8x!tir.ptr<f32>>, tensor<8xi32>
      %v = tir.load %pv : tensor<8x!tir.ptr<f32>>
      %s = arith.addf %a, %v : tensor<8xf32>
      scf.yield %s : tensor<8xf32>
    }
    %sum = scf.for %j = %c0 to %n step %c1 iter_args(%t = %c0) -> (i32) : i32 {
      %u = arith.addi %t, %j : i32
      scf.yield %u : i32
    }
    %w = scf.while (%k = %sum) : (i32) -> i32 {
      %xi = tir.bitcast %x : !tir.ptr<f32> -> !tir.ptr<i32>
      %flag = tir.load %xi : !tir.ptr<i32>
      %go = arith.cmpi eq, %flag, %c0 : i32
      scf.condition(%go) %k : i32
    } do {
    ^bb0(%k2: i32):
      %k3 = arith.addi %k2, %c1 : i32
      scf.yield %k3 : i32
    }
    %op = tir.splat %out : !tir.ptr<f32> -> tensor<8x!tir.ptr<f32>>
    %opv = tir.addptr %op, %r : tensor<8x!tir.ptr<f32>>, tensor<8xi32>
    %wf = arith.sitofp %w : i32 to f32
    %ws = tir.splat %wf : f32 -> tensor<8xf32>
    %res = arith.addf %acc, %ws : tensor<8xf32>
    tir.store %opv, %res : tensor<8x!tir.ptr<f32>>
    return
  }
}
