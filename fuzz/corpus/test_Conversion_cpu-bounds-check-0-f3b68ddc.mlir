// Each access of the kernel (the module's trident.cpu.kernel) is preceded
// by a call of the runtime's check with its first address, element size,
// lanes, active-lane mask and location; other functions (the grid entry)
// are left alone, and the module is marked.
// CHECK:       module attributes {trident.cpu.bounds_check, trident.cpu.kernel = "k"}
// CHECK-DAG:   llvm.mlir.global private constant @__trident_cpu_site{{.*}}("load at k.py:3:5\00")
// CHECK-DAG:   llvm.mlir.global private constant @__trident_cpu_site{{.*}}("store at k.py:4:5\00")
// CHECK-DAG:   llvm.mlir.global private constant @__trident_cpu_site{{.*}}("atomic at k.py:7:5\00")
// CHECK-LABEL: func.func @k(
// CHECK-SAME:      %[[P:.*]]: !llvm.ptr, %[[M:.*]]: vector<8xi1>
// A scalar load: one lane of 4 bytes, mask 1.
// CHECK:         %[[S0:.*]] = llvm.mlir.addressof @__trident_cpu_site
// CHECK:         %[[C4:.*]] = arith.constant 4 : i64
// CHECK:         %[[M1:.*]] = arith.constant 1 : i64
// CHECK:         %[[N1:.*]] = arith.constant 1 : i64
// CHECK:         llvm.call @__trident_cpu_check_access(%[[P]], %[[C4]], %[[N1]], %[[M1]], %[[S0]])
// CHECK-NEXT:    llvm.load %[[P]]
// A vector store of 8 f32: every lane.
// CHECK:         arith.constant 255 : i64
// CHECK:         arith.constant 8 : i64
// CHECK:         llvm.call @__trident_cpu_check_access
// CHECK-NEXT:    llvm.store
// A masked load: the mask's lanes as bits.
// CHECK:         %[[SEL:.*]] = arith.select %[[M]]
// CHECK:         %[[BITS:.*]] = vector.reduction <or>, %[[SEL]] : vector<8xi64> into i64
// CHECK:         llvm.call @__trident_cpu_check_access(%[[P]], %{{.*}}, %{{.*}}, %[[BITS]], %{{.*}})
// CHECK-NEXT:    llvm.intr.masked.load
// CHECK:         vector.reduction <or>
// CHECK:         llvm.call @__trident_cpu_check_access
// CHECK-NEXT:    llvm.intr.masked.store
// Atomics: one lane of the value's size.
// CHECK:         %[[C8:.*]] = arith.constant 8 : i64
// CHECK:         llvm.call @__trident_cpu_check_access(%[[P]], %[[C8]],
// CHECK-NEXT:    llvm.atomicrmw add
// CHECK:         llvm.call @__trident_cpu_check_access
// CHECK-NEXT:    llvm.cmpxchg
// CHECK-LABEL: func.func @__trident_cpu_grid_k(
// CHECK-NOT:     llvm.call @__trident_cpu_check_access
// CHECK:         return
// CHECK:       llvm.func @__trident_cpu_check_access(!llvm.ptr, i64, i64, i64, !llvm.ptr)
module attributes {trident.cpu.kernel = "k"} {
  func.func @k(%p: !llvm.ptr, %m: vector<8xi1>, %v: vector<8xf32>) {
    %x = llvm.load %p : !llvm.ptr -> f32 loc("k.py":3:5)
    llvm.store %v, %p : vector<8xf32>, !llvm.ptr loc("k.py":4:5)
    %l = llvm.intr.masked.load %p, %m, %v {alignment = 4 : i32} : (!llvm.ptr, vector<8xi1>, vector<8xf32>) -> vector<8xf32> loc("k.py":5:5)
    llvm.intr.masked.store %l, %p, %m {alignment = 4 : i32} : vector<8xf32>, vector<8xi1> into !llvm.ptr loc("k.py":6:5)
    %one = arith.constant 1 : i64
    %old = llvm.atomicrmw add %p, %one monotonic : !llvm.ptr, i64 loc("k.py":7:5)
    %r = llvm.cmpxchg %p, %one, %old acq_rel monotonic : !llvm.ptr, i64 loc("k.py":8:5)
    return
  }
  func.func @__trident_cpu_grid_k(%args: !llvm.ptr) {
    %a = llvm.load %args : !llvm.ptr -> !llvm.ptr
    return
  }
}
