// RUN: trident-opt --convert-tir-to-cpu %s | FileCheck %s

// On the CPU a program is one thread and each partition of a
// warp-specialized region another: the partition becomes a function of
// its captures and the program's ids, with an entry that reads them from
// 8-byte slots; the program writes the slots, starts the partition through
// the runtime, runs the default region, then joins it.
// CHECK-DAG: func.func private @__trident_cpu_task_start((!llvm.ptr) -> (), !llvm.ptr, i64) -> !llvm.ptr
// CHECK-DAG: func.func private @__trident_cpu_task_join(!llvm.ptr)
// CHECK-LABEL: func.func @ws__partition0(%{{.*}}: !llvm.ptr, %{{.*}}: i32, %{{.*}}: i32, %{{.*}}: i32, %{{.*}}: i32, %{{.*}}: i32, %{{.*}}: i32, %{{.*}}: i32)
// CHECK: llvm.store
// CHECK-LABEL: func.func private @ws__partition0__entry(%{{.*}}: !llvm.ptr)
// CHECK-COUNT-8: llvm.load
// CHECK: call @ws__partition0(
// CHECK-LABEL: func.func @ws(
// CHECK: %[[ARGS:.*]] = llvm.alloca %{{.*}} x i64
// CHECK-COUNT-8: llvm.store
// CHECK: %[[FN:.*]] = constant @ws__partition0__entry : (!llvm.ptr) -> ()
// CHECK: %[[TASK:.*]] = call @__trident_cpu_task_start(%[[FN]], %[[ARGS]], %{{.*}})
// CHECK: llvm.store
// CHECK: call @__trident_cpu_task_join(%[[TASK]])
// CHECK: return
func.func @ws(%p: !tir.ptr<i32>, %n: i32) attributes {tir.kernel} {
  tir.warp_specialize(%p, %n : !tir.ptr<i32>, i32) {
    tir.store %p, %n : !tir.ptr<i32>
  } partition num_warps(4) (%p0: !tir.ptr<i32>, %n0: i32) {
    %one = arith.constant 1 : i32
    %q = tir.addptr %p0, %one : !tir.ptr<i32>, i32
    tir.store %q, %n0 : !tir.ptr<i32>
  }
  return
}
