// RUN: trident-opt %s -split-input-file --convert-tir-to-gir="compute-capability=80" --gir-coalesce --gir-dot-layouts --gir-remove-layout-conversions | FileCheck %s
// RUN: trident-opt %s -split-input-file --convert-tir-to-gir="compute-capability=86 num-warps=8" --gir-coalesce --gir-dot-layouts --gir-remove-layout-conversions | FileCheck %s --check-prefix=WARPS8
// RUN: trident-opt %s -split-input-file --convert-tir-to-gir="compute-capability=90" --gir-coalesce --gir-dot-layouts --gir-remove-layout-conversions | FileCheck %s --check-prefix=SM90
// RUN: trident-opt %s -split-input-file --convert-tir-to-gir="compute-capability=75" --gir-coalesce --gir-dot-layouts --gir-remove-layout-conversions | FileCheck %s --check-prefix=SM75

// On sm_80..sm_89 a bf16 dot's accumulator takes the mma.sync (m16n8)
// fragment layout, the warps splitting the 128x128 tile 2x2, and so does the
// loop-carried tile that holds it (no conversion in the loop); sm_90 keeps
// warpgroup MMA, sm_75 the blocked CUDA-core layout.
// CHECK-DAG: #[[MMA:.*]] = #gir.mma_v2<warpsPerCTA = [2, 2]>
// CHECK: module attributes {gir.compute_capability = 80 : i32
// CHECK: scf.for {{.*}} -> (tensor<128x128xf32, #[[MMA]]>)
// CHECK-NOT: gir.convert_layout
// CHECK: tir.dot {{.*}} -> tensor<128x128xf32, #[[MMA]]>
// CHECK-NEXT: scf.yield {{.*}} : tensor<128x128xf32, #[[MMA]]>
// WARPS8: #gir.mma_v2<warpsPerCTA = [4, 2]>
// SM90-NOT: gir.mma_v2
// SM90: tir.dot {{.*}} -> tensor<128x128xf32, #wgmma
// SM75-NOT: gir.mma_v2
// SM75: tir.dot {{.*}} -> tensor<128x128xf32, #blocked
module {
  func.func @loop(%a: tensor<128x64xbf16>, %b: tensor<64x128xbf16>, %n: index) -> tensor<128x128xf32> {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %z = arith.constant dense<0.0> : tensor<128x128xf32>
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %z) -> (tensor<128x128xf32>) {
      %d = tir.dot %a, %b, %acc : tensor<128x64xbf16> * tensor<64x128xbf16> -> tensor<128x128xf32>
      scf.yield %d : tensor<128x128xf32>
    }
    return %r : tensor<128x128xf32>
  }
}

// -----

// f16 takes mma.sync too, the warps splitting the longer dimension first
// (rows on ties); f32 operands (even with precision = tf32) and f16
// accumulators keep the CUDA-core dot.
// CHECK: // -----
// CHECK-DAG: #[[SQ:.*]] = #gir.mma_v2<warpsPerCTA = [2, 2]>
// CHECK-DAG: #[[WIDE:.*]] = #gir.mma_v2<warpsPerCTA = [1, 4]>
// CHECK: func.func @types
// CHECK: tir.dot {{.*}} -> tensor<64x64xf32, #[[SQ]]>
// CHECK: tir.dot {{.*}} -> tensor<16x128xf32, #[[WIDE]]>
// CHECK: tir.dot {{.*}} -> tensor<64x64xf32, #blocked
// CHECK: tir.dot {{.*}} -> tensor<64x64xf16, #blocked
module {
  func.func @types(%a: tensor<64x32xf16>, %b: tensor<32x64xf16>, %c: tensor<64x64xf32>,
                   %p: tensor<16x32xf16>, %q: tensor<32x128xf16>, %r: tensor<16x128xf32>,
                   %x: tensor<64x32xf32>, %y: tensor<32x64xf32>, %h: tensor<64x64xf16>)
      -> (tensor<64x64xf32>, tensor<16x128xf32>, tensor<64x64xf32>, tensor<64x64xf16>) {
    %d = tir.dot %a, %b, %c : tensor<64x32xf16> * tensor<32x64xf16> -> tensor<64x64xf32>
    %e = tir.dot %p, %q, %r : tensor<16x32xf16> * tensor<32x128xf16> -> tensor<16x128xf32>
    %f = tir.dot %x, %y, %c precision = tf32 : tensor<64x32xf32> * tensor<32x64xf32> -> tensor<64x64xf32>
    %g = tir.dot %a, %b, %h : tensor<64x32xf16> * tensor<32x64xf16> -> tensor<64x64xf16>
    return %d, %e, %f, %g : tensor<64x64xf32>, tensor<16x128xf32>, tensor<64x64xf32>, tensor<64x64xf16>
  }
}

// -----

// Too small for 16 rows and 8 columns per warp, or K not a multiple of 16:
// the CUDA-core dot.
// CHECK: // -----
// CHECK-NOT: #gir.mma_v2
// CHECK: func.func @small
// CHECK-NOT: #mma
// CHECK: return
module {
  func.func @small(%a: tensor<16x16xbf16>, %b: tensor<16x16xbf16>, %c: tensor<16x16xf32>,
                   %x: tensor<64x8xbf16>, %y: tensor<8x64xbf16>, %z: tensor<64x64xf32>) -> (tensor<16x16xf32>, tensor<64x64xf32>) {
    %d = tir.dot %a, %b, %c : tensor<16x16xbf16> * tensor<16x16xbf16> -> tensor<16x16xf32>
    %e = tir.dot %x, %y, %z : tensor<64x8xbf16> * tensor<8x64xbf16> -> tensor<64x64xf32>
    return %d, %e : tensor<16x16xf32>, tensor<64x64xf32>
  }
}

// -----

// On sm_90 too, a dot that warpgroup MMA cannot take (here 32 rows over 4
// warps: fewer than 16 per warp; likewise 2-warp programs, as the 2-warp
// configs of Triton's tutorial 03) runs on mma.sync rather than on CUDA
// cores, and so do fp8 operands (the lowering widens them to f16).
// CHECK: // -----
// CHECK: func.func @below_a_warpgroup
// CHECK-COUNT-2: tir.dot {{.*}} -> tensor<32x64xf32, #mma
// SM90: func.func @below_a_warpgroup
// SM90-COUNT-2: tir.dot {{.*}} -> tensor<32x64xf32, #mma
// SM75: func.func @below_a_warpgroup
// SM75-NOT: #mma
// SM75: return
module {
  func.func @below_a_warpgroup(%a: tensor<32x32xf16>, %b: tensor<32x64xf16>, %c: tensor<32x64xf32>,
                               %p: tensor<32x32xf8E5M2>, %q: tensor<32x64xf8E4M3FN>)
      -> (tensor<32x64xf32>, tensor<32x64xf32>) {
    %d = tir.dot %a, %b, %c : tensor<32x32xf16> * tensor<32x64xf16> -> tensor<32x64xf32>
    %e = tir.dot %p, %q, %c : tensor<32x32xf8E5M2> * tensor<32x64xf8E4M3FN> -> tensor<32x64xf32>
    return %d, %e : tensor<32x64xf32>, tensor<32x64xf32>
  }
}
