// RUN: trident-opt %s -split-input-file --convert-tir-to-gir="compute-capability=90" --gir-coalesce --gir-dot-layouts --gir-remove-layout-conversions --gir-pipeline="num-stages=3" --canonicalize | FileCheck %s

// Both dot operands come through TMA descriptors passed as arguments (the
// host encoded them): the ring is laid out as TMA writes it (128-byte
// swizzle), each stage's mbarrier expects two arrivals (thread 0's, one per
// operand, each with its block's bytes), and the TMA copies for iteration
// i + 2 (under `i + 2 < n`) go out after the barrier and BEFORE the wait on
// iteration i's barrier. The loop carries their coordinates (here the K
// offset), computed for the next iteration after the dot is issued, so that
// nothing but the copies sits between the barrier and the wait. No
// cp.async, so nothing to drain after the loop.
// CHECK-LABEL: func.func @tma_loop
// CHECK: %[[A:.*]] = gir.local_alloc : !gir.memdesc<3x128x64xbf16, #shared>
// CHECK: %[[B:.*]] = gir.local_alloc : !gir.memdesc<3x64x128xbf16, #shared>
// CHECK: %[[BARS:.*]] = nvgir.mbarrier_alloc {arrivals = 2 : i32} : !nvgir.mbarriers<3>
// CHECK: %[[A0:.*]] = gir.memdesc_index %[[A]][%c0_i32]
// CHECK: nvgir.tma_load %arg0[%arg2, %c0_i32], %[[A0]], %[[BARS]][%c0_i32] if
// CHECK: %[[B0:.*]] = gir.memdesc_index %[[B]][%c0_i32]
// CHECK: nvgir.tma_load %arg1[%c0_i32, %arg3], %[[B0]], %[[BARS]][%c0_i32] if
// CHECK: nvgir.tma_load %arg0[%arg2, %c64_i32], {{.*}}, %[[BARS]][%c1_i32] if
// CHECK: nvgir.tma_load %arg1[%c64_i32, %arg3], {{.*}}, %[[BARS]][%c1_i32] if
// CHECK: scf.for %[[I:.*]] = {{.*}} iter_args(%[[ACC:[^ ]+]] = %{{.*}}, %[[K:[^ ]+]] = %c128_i32, %[[READ:[^ ]+]] = %c0_i32, %[[WRITE:[^ ]+]] = %c2_i32, %[[PHASE:[^ ]+]] = %c0_i32)
// CHECK-NEXT: gir.barrier
// CHECK-NEXT: %[[AHEAD:.*]] = arith.addi %[[I]], %c2
// CHECK-NEXT: %[[INRANGE:.*]] = arith.cmpi slt, %[[AHEAD]], %arg4
// CHECK-NEXT: %[[WA:.*]] = gir.memdesc_index %[[A]][%[[WRITE]]]
// CHECK-NEXT: nvgir.tma_load %arg0[%arg2, %[[K]]], %[[WA]], %[[BARS]][%[[WRITE]]] if %[[INRANGE]]
// CHECK-NEXT: %[[WB:.*]] = gir.memdesc_index %[[B]][%[[WRITE]]]
// CHECK-NEXT: nvgir.tma_load %arg1[%[[K]], %arg3], %[[WB]], %[[BARS]][%[[WRITE]]] if %[[INRANGE]]
// CHECK-NEXT: nvgir.mbarrier_wait %[[BARS]][%[[READ]]], %[[PHASE]] {async_writes}
// CHECK: nvgir.warpgroup_dot {{.*}}, {{.*}}, %[[ACC]]
// CHECK-NEXT: %[[NEXT:.*]] = arith.addi %[[I]], %c3
// CHECK-NEXT: %[[NEXTI:.*]] = arith.index_cast %[[NEXT]]
// CHECK-NEXT: %[[NEXTK:.*]] = arith.muli %[[NEXTI]], %c64_i32
// CHECK: scf.yield %{{.*}}, %[[NEXTK]],
// CHECK-NOT: nvgir.async_wait
// CHECK: return
func.func @tma_loop(%A: !tir.tensordesc<tensor<128x64xbf16>>,
                    %B: !tir.tensordesc<tensor<64x128xbf16>>,
                    %m0: i32, %n0: i32, %kt: index) -> tensor<128x128xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %cBK = arith.constant 64 : i32
  %zero = arith.constant dense<0.0> : tensor<128x128xf32>
  %acc = scf.for %i = %c0 to %kt step %c1 iter_args(%acc_i = %zero) -> (tensor<128x128xf32>) {
    %ii = arith.index_cast %i : index to i32
    %k0 = arith.muli %ii, %cBK : i32
    %a = tir.descriptor_load %A[%m0, %k0] : !tir.tensordesc<tensor<128x64xbf16>>
    %b = tir.descriptor_load %B[%k0, %n0] : !tir.tensordesc<tensor<64x128xbf16>>
    %d = tir.dot %a, %b, %acc_i : tensor<128x64xbf16> * tensor<64x128xbf16> -> tensor<128x128xf32>
    scf.yield %d : tensor<128x128xf32>
  }
  return %acc : tensor<128x128xf32>
}

// -----

// A kernel that asks for one stage (tir.num_stages = 1) is not pipelined:
// its descriptor loads stay (and get a layout, printed after `->`).
// CHECK-LABEL: func.func @one_stage
// CHECK-NOT: nvgir.tma_load
// CHECK: tir.descriptor_load %arg0[%arg2, %{{.*}}] : !tir.tensordesc<tensor<128x64xbf16>> -> tensor<128x64xbf16, #
// CHECK-NOT: nvgir.tma_load
module attributes {tir.num_stages = 1 : i32} {
func.func @one_stage(%A: !tir.tensordesc<tensor<128x64xbf16>>,
                     %B: !tir.tensordesc<tensor<64x128xbf16>>,
                     %m0: i32, %n0: i32, %kt: index) -> tensor<128x128xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %cBK = arith.constant 64 : i32
  %zero = arith.constant dense<0.0> : tensor<128x128xf32>
  %acc = scf.for %i = %c0 to %kt step %c1 iter_args(%acc_i = %zero) -> (tensor<128x128xf32>) {
    %ii = arith.index_cast %i : index to i32
    %k0 = arith.muli %ii, %cBK : i32
    %a = tir.descriptor_load %A[%m0, %k0] : !tir.tensordesc<tensor<128x64xbf16>>
    %b = tir.descriptor_load %B[%k0, %n0] : !tir.tensordesc<tensor<64x128xbf16>>
    %d = tir.dot %a, %b, %acc_i : tensor<128x64xbf16> * tensor<64x128xbf16> -> tensor<128x128xf32>
    scf.yield %d : tensor<128x128xf32>
  }
  return %acc : tensor<128x128xf32>
}
}

// -----

// B stored N x K (`tl.dot(a, b.T)`, Triton's persistent-matmul tutorial):
// the ring holds B's tiles as loaded (128 x 64, K contiguous) and the dot
// reads each slot through a transposed view, the K x N operand K-major.
// CHECK-LABEL: func.func @tma_transposed_b
// CHECK: %[[A:.*]] = gir.local_alloc : !gir.memdesc<3x128x64xbf16, #[[SHARED:[a-z_0-9]+]]>
// CHECK: %[[B:.*]] = gir.local_alloc : !gir.memdesc<3x128x64xbf16, #[[SHARED]]>
// CHECK: scf.for {{.*}} iter_args(%{{[^ ]+}} = %{{[^ ]+}}, %{{[^ ]+}} = %{{[^ ]+}}, %[[READ:[^ ]+]] = %c0_i32,
// CHECK: %[[ASLOT:.*]] = gir.memdesc_index %[[A]][%[[READ]]]
// CHECK-NEXT: %[[SLOT:.*]] = gir.memdesc_index %[[B]][%[[READ]]] : !gir.memdesc<3x128x64xbf16, #[[SHARED]]> -> !gir.memdesc<128x64xbf16, #[[SHARED]]>
// CHECK-NEXT: %[[BT:.*]] = gir.memdesc_trans %[[SLOT]], [1, 0] : !gir.memdesc<128x64xbf16, #[[SHARED]]> -> !gir.memdesc<64x128xbf16, #[[SHARED_T:[a-z_0-9]+]]>
// CHECK-NEXT: nvgir.warpgroup_dot %[[ASLOT]], %[[BT]], %{{.*}} : !gir.memdesc<128x64xbf16, #[[SHARED]]> * !gir.memdesc<64x128xbf16, #[[SHARED_T]]>
// CHECK-NOT: tir.trans
// CHECK: return
func.func @tma_transposed_b(%A: !tir.tensordesc<tensor<128x64xbf16>>,
                            %B: !tir.tensordesc<tensor<128x64xbf16>>,
                            %m0: i32, %n0: i32, %kt: index) -> tensor<128x128xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %cBK = arith.constant 64 : i32
  %zero = arith.constant dense<0.0> : tensor<128x128xf32>
  %acc = scf.for %i = %c0 to %kt step %c1 iter_args(%acc_i = %zero) -> (tensor<128x128xf32>) {
    %ii = arith.index_cast %i : index to i32
    %k0 = arith.muli %ii, %cBK : i32
    %a = tir.descriptor_load %A[%m0, %k0] : !tir.tensordesc<tensor<128x64xbf16>>
    %b = tir.descriptor_load %B[%n0, %k0] : !tir.tensordesc<tensor<128x64xbf16>>
    %bt = tir.trans %b, [1, 0] : tensor<128x64xbf16> -> tensor<64x128xbf16>
    %d = tir.dot %a, %bt, %acc_i : tensor<128x64xbf16> * tensor<64x128xbf16> -> tensor<128x128xf32>
    scf.yield %d : tensor<128x128xf32>
  }
  return %acc : tensor<128x128xf32>
}
