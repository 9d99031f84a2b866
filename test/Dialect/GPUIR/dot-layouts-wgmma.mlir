// RUN: trident-opt %s -split-input-file --convert-tir-to-gir="compute-capability=90" --gir-coalesce --gir-dot-layouts --gir-remove-layout-conversions | FileCheck %s
// RUN: trident-opt %s -split-input-file --convert-tir-to-gir --gir-coalesce --gir-dot-layouts --gir-remove-layout-conversions | FileCheck %s --check-prefix=NOTC
// RUN: trident-opt %s -split-input-file --convert-tir-to-gir="compute-capability=90 num-warps=8" --gir-coalesce --gir-dot-layouts --gir-remove-layout-conversions | FileCheck %s --check-prefix=WARPS8

// On sm_90 a bf16 dot's accumulator takes the wgmma fragment layout, and so
// does the loop-carried tile that holds it (no conversion in the loop);
// without a compute capability it stays blocked (8x4 per thread).
// CHECK-DAG: #[[WG:.*]] = #gir.wgmma<warpsPerCTA = [4, 1], instrN = 128>
// CHECK: module attributes {gir.compute_capability = 90 : i32
// CHECK: scf.for {{.*}} -> (tensor<128x128xf32, #[[WG]]>)
// CHECK-NOT: gir.convert_layout
// CHECK: tir.dot {{.*}} -> tensor<128x128xf32, #[[WG]]>
// CHECK-NEXT: scf.yield {{.*}} : tensor<128x128xf32, #[[WG]]>
// NOTC-NOT: gir.wgmma
// NOTC: tir.dot {{.*}} -> tensor<128x128xf32, #blocked
// WARPS8: #gir.wgmma<warpsPerCTA = [8, 1], instrN = 128>
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

// f32 operands run on tensor cores only when the dot asks for tf32; the
// default (ieee) keeps the exact CUDA-core dot.
// CHECK-LABEL: func.func @f32
// CHECK: tir.dot {{.*}} -> tensor<64x64xf32, #blocked
// CHECK: tir.dot {{.*}} precision = tf32 {{.*}} -> tensor<64x64xf32, #wgmma
module {
  func.func @f32(%a: tensor<64x32xf32>, %b: tensor<32x64xf32>, %c: tensor<64x64xf32>) -> (tensor<64x64xf32>, tensor<64x64xf32>) {
    %d = tir.dot %a, %b, %c : tensor<64x32xf32> * tensor<32x64xf32> -> tensor<64x64xf32>
    %e = tir.dot %a, %b, %c precision = tf32 : tensor<64x32xf32> * tensor<32x64xf32> -> tensor<64x64xf32>
    return %d, %e : tensor<64x64xf32>, tensor<64x64xf32>
  }
}

// -----

// Too few rows for a warpgroup per 16 rows of every warp (32 rows on 4
// warps), or K narrower than one 32-byte step: the CUDA-core dot.
// CHECK-LABEL: func.func @small
// CHECK-NOT: #gir.wgmma
// CHECK: return
module {
  func.func @small(%a: tensor<32x64xbf16>, %b: tensor<64x64xbf16>, %c: tensor<32x64xf32>,
                   %x: tensor<64x8xbf16>, %y: tensor<8x64xbf16>, %z: tensor<64x64xf32>) -> (tensor<32x64xf32>, tensor<64x64xf32>) {
    %d = tir.dot %a, %b, %c : tensor<32x64xbf16> * tensor<64x64xbf16> -> tensor<32x64xf32>
    %e = tir.dot %x, %y, %z : tensor<64x8xbf16> * tensor<8x64xbf16> -> tensor<64x64xf32>
    return %d, %e : tensor<32x64xf32>, tensor<64x64xf32>
  }
}

// -----

// fp8 operands take wgmma when the dot lets them sum at its reduced
// precision over all of K (a bound above K) or over runs of at least one
// k32 step (32, 64: the lowering promotes each run to f32); a bound of 0
// (all in full precision) or below one step keeps them off wgmma.
// CHECK-LABEL: func.func @fp8_bounds
// CHECK: tir.dot {{.*}} max_num_imprecise_acc = 1024 {{.*}} -> tensor<64x64xf32, #wgmma
// CHECK: tir.dot {{.*}} max_num_imprecise_acc = 64 {{.*}} -> tensor<64x64xf32, #wgmma
// CHECK: tir.dot {{.*}} max_num_imprecise_acc = 32 {{.*}} -> tensor<64x64xf32, #wgmma
// CHECK: tir.dot {{.*}} max_num_imprecise_acc = 16 {{.*}} -> tensor<64x64xf32, #mma
// CHECK: tir.dot %{{[^ ]*}}, %{{[^ ]*}}, %{{[^ ]*}} : {{.*}} -> tensor<64x64xf32, #mma
module {
  func.func @fp8_bounds(%a: tensor<64x64xf8E4M3FN>, %b: tensor<64x64xf8E5M2>, %c: tensor<64x64xf32>) -> (tensor<64x64xf32>, tensor<64x64xf32>, tensor<64x64xf32>, tensor<64x64xf32>, tensor<64x64xf32>) {
    %d = tir.dot %a, %b, %c max_num_imprecise_acc = 1024 : tensor<64x64xf8E4M3FN> * tensor<64x64xf8E5M2> -> tensor<64x64xf32>
    %e = tir.dot %a, %b, %c max_num_imprecise_acc = 64 : tensor<64x64xf8E4M3FN> * tensor<64x64xf8E5M2> -> tensor<64x64xf32>
    %f = tir.dot %a, %b, %c max_num_imprecise_acc = 32 : tensor<64x64xf8E4M3FN> * tensor<64x64xf8E5M2> -> tensor<64x64xf32>
    %g = tir.dot %a, %b, %c max_num_imprecise_acc = 16 : tensor<64x64xf8E4M3FN> * tensor<64x64xf8E5M2> -> tensor<64x64xf32>
    %h = tir.dot %a, %b, %c : tensor<64x64xf8E4M3FN> * tensor<64x64xf8E5M2> -> tensor<64x64xf32>
    return %d, %e, %f, %g, %h : tensor<64x64xf32>, tensor<64x64xf32>, tensor<64x64xf32>, tensor<64x64xf32>, tensor<64x64xf32>
  }
}

// -----

// With 8 warps, a tile of fewer than 128 rows puts the second warpgroup
// beside the first along N (as Triton's MMAv3 warpsPerCTA = [4, 2]): each
// takes N / 2 columns with its own instructions (64x64: n32, 64x128: n64,
// 64x512: n256 twice). 128 rows still stack all 8 warps along M; 32 rows
// are not a warpgroup's 64 and stay off wgmma.
// WARPS8-DAG: #[[N32:.*]] = #gir.wgmma<warpsPerCTA = [4, 2], instrN = 32>
// WARPS8-DAG: #[[N64:.*]] = #gir.wgmma<warpsPerCTA = [4, 2], instrN = 64>
// WARPS8-DAG: #[[N256:.*]] = #gir.wgmma<warpsPerCTA = [4, 2], instrN = 256>
// WARPS8-DAG: #[[M8:.*]] = #gir.wgmma<warpsPerCTA = [8, 1], instrN = 64>
// WARPS8-LABEL: func.func @along_n
// WARPS8: tir.dot {{.*}} -> tensor<64x64xf32, #[[N32]]>
// WARPS8: tir.dot {{.*}} -> tensor<64x128xf32, #[[N64]]>
// WARPS8: tir.dot {{.*}} -> tensor<64x512xf32, #[[N256]]>
// WARPS8: tir.dot {{.*}} -> tensor<128x64xf32, #[[M8]]>
// WARPS8: tir.dot {{.*}} -> tensor<32x64xf32, #mma
// CHECK-DAG: #[[W64:.*]] = #gir.wgmma<warpsPerCTA = [4, 1], instrN = 64>
// CHECK-DAG: #[[W128:.*]] = #gir.wgmma<warpsPerCTA = [4, 1], instrN = 128>
// CHECK-LABEL: func.func @along_n
// CHECK: tir.dot {{.*}} -> tensor<64x64xf32, #[[W64]]>
// CHECK: tir.dot {{.*}} -> tensor<64x128xf32, #[[W128]]>
module {
  func.func @along_n(%a: tensor<64x64xbf16>, %b: tensor<64x64xbf16>, %b2: tensor<64x128xbf16>,
                     %b3: tensor<64x512xbf16>, %a2: tensor<128x64xbf16>, %a3: tensor<32x64xbf16>)
      -> (tensor<64x64xf32>, tensor<64x128xf32>, tensor<64x512xf32>, tensor<128x64xf32>, tensor<32x64xf32>) {
    %z = arith.constant dense<0.0> : tensor<64x64xf32>
    %z2 = arith.constant dense<0.0> : tensor<64x128xf32>
    %z3 = arith.constant dense<0.0> : tensor<64x512xf32>
    %z4 = arith.constant dense<0.0> : tensor<128x64xf32>
    %z5 = arith.constant dense<0.0> : tensor<32x64xf32>
    %d = tir.dot %a, %b, %z : tensor<64x64xbf16> * tensor<64x64xbf16> -> tensor<64x64xf32>
    %e = tir.dot %a, %b2, %z2 : tensor<64x64xbf16> * tensor<64x128xbf16> -> tensor<64x128xf32>
    %f = tir.dot %a, %b3, %z3 : tensor<64x64xbf16> * tensor<64x512xbf16> -> tensor<64x512xf32>
    %g = tir.dot %a2, %b, %z4 : tensor<128x64xbf16> * tensor<64x64xbf16> -> tensor<128x64xf32>
    %h = tir.dot %a3, %b, %z5 : tensor<32x64xbf16> * tensor<64x64xbf16> -> tensor<32x64xf32>
    return %d, %e, %f, %g, %h : tensor<64x64xf32>, tensor<64x128xf32>, tensor<64x512xf32>, tensor<128x64xf32>, tensor<32x64xf32>
  }
}

// -----

// A dot that feeds another (attention's q k^T, then p v) keeps its warps
// along M, as Triton does for chained dots: with 64 rows on 8 warps it
// stays off wgmma (mma.sync); the last dot of the chain splits N.
// WARPS8-DAG: #[[LAST:.*]] = #gir.wgmma<warpsPerCTA = [4, 2], instrN = 32>
// WARPS8-LABEL: func.func @chained
// WARPS8: tir.dot {{.*}} -> tensor<64x64xf32, #mma
// WARPS8: tir.dot {{.*}} -> tensor<64x64xf32, #[[LAST]]>
module {
  func.func @chained(%q: tensor<64x64xbf16>, %k: tensor<64x64xbf16>, %v: tensor<64x64xbf16>) -> tensor<64x64xf32> {
    %z = arith.constant dense<0.0> : tensor<64x64xf32>
    %s = tir.dot %q, %k, %z : tensor<64x64xbf16> * tensor<64x64xbf16> -> tensor<64x64xf32>
    %e = math.exp %s : tensor<64x64xf32>
    %p = arith.truncf %e : tensor<64x64xf32> to tensor<64x64xbf16>
    %o = tir.dot %p, %v, %z : tensor<64x64xbf16> * tensor<64x64xbf16> -> tensor<64x64xf32>
    return %o : tensor<64x64xf32>
  }
}
