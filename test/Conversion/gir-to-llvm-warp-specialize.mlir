// The lowering of tir.warp_specialize: the kernel launches 9 warps (its 4
// and the partitions' 4 and 1), branches on the warp, hands the captures
// to the partitions through shared memory between two meetings on named
// barrier 1 (288 threads), and sets the register budgets; inside the
// 4-warp partition, thread ids count from its first thread (128) and its
// reduction's barriers are named barrier 2 of its 128 threads, around the
// scratch gir-allocate-shared-memory planned for it (at 128, after the
// op's capture slots, a buffer at 0).
// RUN: trident-opt %trident_src/examples/kernels/warp_specialize.mlir --convert-tir-to-gir=compute-capability=90 --gir-allocate-shared-memory --convert-gir-to-llvm | FileCheck %s

// CHECK-LABEL: llvm.func @warp_specialize
// CHECK-SAME: nvvm.maxntid = array<i32: 288, 1, 1>
// CHECK-SAME: nvvm.minctasm = 1
// CHECK-NEXT: %[[TID:.*]] = nvvm.read.ptx.sreg.tid.x : i32
// CHECK-NEXT: %[[LANES:.*]] = llvm.mlir.constant(32 : i32) : i32
// CHECK-NEXT: %[[WARP:.*]] = llvm.udiv %[[TID]], %[[LANES]] : i32
// CHECK-NEXT: %[[FOUR:.*]] = llvm.mlir.constant(4 : i32) : i32
// CHECK-NEXT: %[[DEFAULT:.*]] = llvm.icmp "ult" %[[WARP]], %[[FOUR]] : i32
// CHECK-NEXT: llvm.cond_br %[[DEFAULT]], ^bb1, ^[[WORKERS:bb[0-9]+]]
// The default group: thread 0 stores the captures (8 bytes each), then
// barrier 1, the budget, the default region, barrier 1.
// CHECK: llvm.mlir.constant(0 : i32) : i32
// CHECK: llvm.store %arg0, %{{.*}} : !llvm.ptr<1>, !llvm.ptr<3>
// CHECK: llvm.mlir.constant(8 : i32) : i32
// CHECK: llvm.store %arg1, %{{.*}} : !llvm.ptr<1>, !llvm.ptr<3>
// CHECK: llvm.store %arg3, %{{.*}} : !llvm.ptr<1>, !llvm.ptr<3>
// CHECK: %[[ONE:.*]] = llvm.mlir.constant(1 : i32) : i32
// CHECK-NEXT: %[[ALL:.*]] = llvm.mlir.constant(288 : i32) : i32
// CHECK-NEXT: nvvm.barrier id = %[[ONE]] number_of_threads = %[[ALL]]
// CHECK-NEXT: nvvm.setmaxregister {{ *}}increase 256
// CHECK: llvm.intr.masked.scatter
// CHECK: nvvm.barrier id = %{{.*}} number_of_threads = %{{.*}}
// The partitions' warps: barrier 1, the captures, the warp's partition.
// CHECK: ^[[WORKERS]]:
// CHECK: nvvm.barrier id = %{{.*}} number_of_threads = %{{.*}}
// CHECK-COUNT-3: llvm.load %{{.*}} : !llvm.ptr<3> -> !llvm.ptr<1>
// The partitions are an else-chain (the 1-warp partition's test is the
// 4-warp one's else), so that ptxas does not fit the second partition's
// code under the first's lowered register budget.
// CHECK: llvm.icmp "uge" %[[WARP]]
// CHECK: llvm.icmp "ult" %[[WARP]]
// CHECK: llvm.cond_br %{{.*}}, ^{{bb[0-9]+}}, ^[[NEXT:bb[0-9]+]]
// CHECK: nvvm.setmaxregister {{ *}}decrease 40
// CHECK-NEXT: llvm.mlir.constant
// CHECK-NEXT: %[[T1:.*]] = nvvm.read.ptx.sreg.tid.x : i32
// CHECK-NEXT: %[[BASE:.*]] = llvm.mlir.constant(128 : i32) : i32
// CHECK-NEXT: llvm.sub %[[T1]], %[[BASE]] : i32
// CHECK: nvvm.barrier id = %{{.*}} number_of_threads = %{{.*}}
// CHECK-NEXT: llvm.mlir.addressof @__trident_dynamic_smem
// CHECK-NEXT: llvm.mlir.constant(128 : i32) : i32
// The 1-warp partition: no budget, thread ids from 256, no barrier of its
// own (its reduction stays in the warp).
// CHECK-NOT: llvm.br ^[[NEXT]]
// CHECK: ^[[NEXT]]:
// CHECK: llvm.icmp "uge" %[[WARP]]
// CHECK-NOT: nvvm.setmaxregister
// CHECK: llvm.mlir.constant(256 : i32) : i32
// CHECK-NOT: nvvm.barrier id = %{{.*}} number_of_threads = %{{.*}}
// CHECK: llvm.store %{{.*}}, %{{.*}} {alignment = 4 : i64} : f32, !llvm.ptr<1>
// CHECK: nvvm.barrier id = %{{.*}} number_of_threads = %{{.*}}
// CHECK: llvm.return
