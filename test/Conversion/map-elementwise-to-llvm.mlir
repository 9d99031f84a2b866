// RUN: trident-opt %s -split-input-file --convert-tir-to-gir --gir-coalesce --gir-dot-layouts --gir-remove-layout-conversions --convert-gir-to-llvm | FileCheck %s

// tir.map_elementwise on a GPU: each thread runs the region on the
// registers it holds (4 of the 512 elements here, over 4 warps), `pack`
// consecutive registers per run: with pack 2, two copies of the region,
// each with two divisions and two remainders.
// CHECK-LABEL: llvm.func @divmod_pack
// CHECK:         llvm.sdiv %[[A0:.*]], %[[B0:.*]] : i32
// CHECK-NEXT:    llvm.sdiv %[[A1:.*]], %[[B1:.*]] : i32
// CHECK-NEXT:    llvm.srem %[[A0]], %[[B0]] : i32
// CHECK-NEXT:    llvm.srem %[[A1]], %[[B1]] : i32
// CHECK:         llvm.sdiv %[[A2:.*]], %[[B2:.*]] : i32
// CHECK-NEXT:    llvm.sdiv %[[A3:.*]], %[[B3:.*]] : i32
// CHECK-NEXT:    llvm.srem %[[A2]], %[[B2]] : i32
// CHECK-NEXT:    llvm.srem %[[A3]], %[[B3]] : i32
// CHECK-NOT:     llvm.srem
// CHECK:         llvm.return
func.func @divmod_pack(%x: !tir.ptr<i32> {tir.divisibility = 16 : i32},
                       %y: !tir.ptr<i32> {tir.divisibility = 16 : i32}) attributes {tir.kernel} {
  %r = tir.make_range 0 to 512 {tir.contiguity = array<i32: 512>} : tensor<512xi32>
  %xs = tir.splat %x : !tir.ptr<i32> -> tensor<512x!tir.ptr<i32>>
  %xp = tir.addptr %xs, %r : tensor<512x!tir.ptr<i32>>, tensor<512xi32>
  %a = tir.load %xp : tensor<512x!tir.ptr<i32>>
  %b = arith.addi %a, %r : tensor<512xi32>
  %q, %m = tir.map_elementwise (%a, %b : tensor<512xi32>, tensor<512xi32>) pack = 2 -> tensor<512xi32>, tensor<512xi32> {
  ^bb0(%a0: i32, %a1: i32, %b0: i32, %b1: i32):
    %q0 = arith.divsi %a0, %b0 : i32
    %q1 = arith.divsi %a1, %b1 : i32
    %m0 = arith.remsi %a0, %b0 : i32
    %m1 = arith.remsi %a1, %b1 : i32
    tir.map_elementwise.return %q0, %q1, %m0, %m1 : i32, i32, i32, i32
  }
  %s = arith.addi %q, %m : tensor<512xi32>
  %ys = tir.splat %y : !tir.ptr<i32> -> tensor<512x!tir.ptr<i32>>
  %yp = tir.addptr %ys, %r : tensor<512x!tir.ptr<i32>>, tensor<512xi32>
  tir.store %yp, %s : tensor<512x!tir.ptr<i32>>
  return
}

// -----

// Scalar control flow in the region (an scf.if per element) becomes
// branches; on a scalar the region runs once per thread.
// CHECK-LABEL: llvm.func @compare
// CHECK:         llvm.icmp "slt"
// CHECK-NEXT:    llvm.cond_br %{{.*}}, ^[[T:.*]], ^[[E:.*]]
// CHECK:         llvm.mlir.constant(-1 : i32)
// CHECK:         llvm.mlir.constant(1 : i32)
// CHECK:         llvm.intr.masked.scatter
// CHECK:         llvm.fmul %arg2, %arg2 : f32
// CHECK:         llvm.return
func.func @compare(%x: !tir.ptr<i32> {tir.divisibility = 16 : i32},
                   %f: !tir.ptr<f32>, %g: f32) attributes {tir.kernel} {
  %r = tir.make_range 0 to 128 : tensor<128xi32>
  %xs = tir.splat %x : !tir.ptr<i32> -> tensor<128x!tir.ptr<i32>>
  %xp = tir.addptr %xs, %r : tensor<128x!tir.ptr<i32>>, tensor<128xi32>
  %a = tir.load %xp : tensor<128x!tir.ptr<i32>>
  %z = tir.map_elementwise (%a, %r : tensor<128xi32>, tensor<128xi32>) -> tensor<128xi32> {
  ^bb0(%u: i32, %v: i32):
    %lt = arith.cmpi slt, %u, %v : i32
    %res = scf.if %lt -> i32 {
      %c = arith.constant -1 : i32
      scf.yield %c : i32
    } else {
      %c = arith.constant 1 : i32
      scf.yield %c : i32
    }
    tir.map_elementwise.return %res : i32
  }
  tir.store %xp, %z : tensor<128x!tir.ptr<i32>>
  %h = tir.map_elementwise (%g : f32) -> f32 {
  ^bb0(%v: f32):
    %w = arith.mulf %v, %v : f32
    tir.map_elementwise.return %w : f32
  }
  tir.store %f, %h : !tir.ptr<f32>
  return
}
