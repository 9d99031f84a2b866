// RUN: trident-opt %s -split-input-file --convert-tir-to-gir --convert-gir-to-llvm | FileCheck %s

// tir.print (DebugToLLVM.cpp): vprintf(format, buffer) with the CPU
// target's lines; the arguments go in a local struct (an alloca at the top
// of the function), floats as f64, integers widened to i64. A tile prints
// each element from the first of its replicas (64 elements on 128 threads:
// warps 2 and 3 repeat warps 0 and 1), a scalar from thread 0 (lane 0 of
// warp 0). Tiles come in as arguments of a device function (a kernel
// takes none).
// CHECK-DAG: llvm.mlir.global private constant @[[SFMT:__trident_printf_[0-9]+]]("pid (%d, %d, %d) idx () x = (operand 1) %f\0A\00")
// CHECK-DAG: llvm.mlir.global private constant @[[TFMT:__trident_printf_[0-9]+]]("pid (%d, %d, %d) idx (%2d) x = (operand 0) %lld\0A\00")
// CHECK-DAG: llvm.func @vprintf(!llvm.ptr, !llvm.ptr) -> i32
// CHECK-LABEL: llvm.func @print(
// CHECK: %[[SBUF:.*]] = llvm.alloca %{{.*}} x !llvm.struct<(i32, i32, i32, f64)>
// CHECK: %[[TBUF:.*]] = llvm.alloca %{{.*}} x !llvm.struct<(i32, i32, i32, i32, i64)>
// CHECK: nvvm.read.ptx.sreg.ctaid.x
// CHECK: nvvm.read.ptx.sreg.ctaid.y
// CHECK: nvvm.read.ptx.sreg.ctaid.z
// CHECK: %[[TID:.*]] = nvvm.read.ptx.sreg.tid.x
// CHECK: %[[LANE:.*]] = llvm.and %[[TID]]
// CHECK: %[[WARP:.*]] = llvm.udiv %[[TID]]
// CHECK: %[[L0:.*]] = llvm.icmp "eq" %[[LANE]]
// CHECK: %[[W0:.*]] = llvm.icmp "eq" %[[WARP]]
// CHECK: %[[THREAD0:.*]] = llvm.and %[[L0]], %[[W0]] : i1
// CHECK: %[[TWO:.*]] = llvm.mlir.constant(2 : i32)
// CHECK: %[[WBIT:.*]] = llvm.and %[[WARP]], %[[TWO]]
// CHECK: %[[FIRST:.*]] = llvm.icmp "eq" %[[WBIT]]
// CHECK: llvm.sext %{{.*}} : i32 to i64
// CHECK: llvm.cond_br %[[FIRST]]
// CHECK: llvm.getelementptr %[[TBUF]][0, 4]
// CHECK: llvm.store %{{.*}} : i64, !llvm.ptr
// CHECK: llvm.mlir.addressof @[[TFMT]]
// CHECK: llvm.call @vprintf(%{{.*}}, %[[TBUF]])
// CHECK: llvm.fpext %{{.*}} : f32 to f64
// CHECK: llvm.cond_br %[[THREAD0]]
// CHECK: llvm.getelementptr %[[SBUF]][0, 3]
// CHECK: llvm.store %{{.*}} : f64, !llvm.ptr
// CHECK: llvm.mlir.addressof @[[SFMT]]
// CHECK: llvm.call @vprintf(%{{.*}}, %[[SBUF]])
func.func @print(%x: tensor<64xi32>, %s: f32) {
  tir.print " x = " (%x, %s : tensor<64xi32>, f32)
  return
}

// -----

// Without arguments: one line per program (from thread 0), no buffer; a
// '%' of the prefix is escaped.
// CHECK: llvm.mlir.global private constant @[[PFMT:__trident_printf_[0-9]+]]("pid (%d, %d, %d) plain 100%%\0A\00")
// CHECK-LABEL: llvm.func @print_plain(
// CHECK: %[[BUF:.*]] = llvm.alloca %{{.*}} x !llvm.struct<(i32, i32, i32)>
// CHECK: %[[THREAD0:.*]] = llvm.and %{{.*}}, %{{.*}} : i1
// CHECK: llvm.cond_br %[[THREAD0]]
// CHECK: llvm.mlir.addressof @[[PFMT]]
// CHECK: llvm.call @vprintf(%{{.*}}, %[[BUF]]) : (!llvm.ptr, !llvm.ptr) -> i32
func.func @print_plain() attributes {tir.kernel} {
  tir.print "plain 100%"
  return
}

// -----

// tir.assert: a thread whose elements are not all true calls
// __assertfail(message, file, line, function, 1).
// CHECK-DAG: llvm.func @__assertfail(!llvm.ptr, !llvm.ptr, i32, !llvm.ptr, i64)
// CHECK-DAG: llvm.mlir.global private constant @[[MSG:__trident_printf_[0-9]+]]("c must hold\00")
// CHECK-DAG: llvm.mlir.global private constant @[[FILE:__trident_printf_[0-9]+]]("{{.*}}gir-to-llvm-debug.mlir\00")
// CHECK-DAG: llvm.mlir.global private constant @[[FN:__trident_printf_[0-9]+]]("assert\00")
// CHECK-LABEL: llvm.func @assert(
// CHECK-SAME: %[[C:.*]]: vector<2xi1>
// CHECK: %[[E0:.*]] = llvm.extractelement %[[C]]
// CHECK: %[[E1:.*]] = llvm.extractelement %[[C]]
// CHECK: %[[ALL:.*]] = llvm.and %[[E0]], %[[E1]] : i1
// CHECK: %[[TRUE:.*]] = llvm.mlir.constant(true) : i1
// CHECK: %[[FAIL:.*]] = llvm.xor %[[ALL]], %[[TRUE]] : i1
// CHECK: llvm.cond_br %[[FAIL]], ^[[BAD:.*]], ^
// CHECK: ^[[BAD]]:
// CHECK: %[[M:.*]] = llvm.mlir.addressof @[[MSG]]
// CHECK: %[[F:.*]] = llvm.mlir.addressof @[[FILE]]
// CHECK: %[[LINE:.*]] = llvm.mlir.constant([[# @LINE + 4]] : i32)
// CHECK: %[[N:.*]] = llvm.mlir.addressof @[[FN]]
// CHECK: llvm.call @__assertfail(%[[M]], %[[F]], %[[LINE]], %[[N]], %{{.*}}) : (!llvm.ptr, !llvm.ptr, i32, !llvm.ptr, i64) -> ()
func.func @assert(%c: tensor<256xi1>) {
  tir.assert %c, "c must hold" : tensor<256xi1>
  return
}
