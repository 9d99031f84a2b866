// Loop-carried tiles take the layout that spares their loop conversions:
// the init is converted (here: a constant made) once before the loop
// instead of the body converting every iteration.
// RUN: trident-opt %s --convert-tir-to-gir=compute-capability=90 --gir-coalesce --gir-remove-layout-conversions | FileCheck %s

// An accumulator of loaded rows (`acc += tl.load(...)` from `tl.zeros`)
// is carried in the load's coalesced layout (8 f16 per thread), not the
// default one it would start in.
// CHECK-DAG: #[[L:.*]] = #gir.blocked<sizePerThread = [8], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>
// CHECK-DAG: #[[S:slice[0-9]*]] = #gir.slice<dim = 1, parent = #{{.*}}>
// CHECK-LABEL: func.func @row_sum
// CHECK: %[[Z:.*]] = arith.constant dense<0.000000e+00> : tensor<1024xf32, #[[L]]>
// CHECK: scf.for {{.*}} iter_args(%{{.*}} = %[[Z]]) -> (tensor<1024xf32, #[[L]]>)
// CHECK-NOT: gir.convert_layout
// CHECK: tir.load %{{.*}} : tensor<1024x!tir.ptr<f16>, #[[L]]>
// CHECK-NOT: gir.convert_layout
// CHECK: scf.yield %{{.*}} : tensor<1024xf32, #[[L]]>
// CHECK: tir.reduce
func.func @row_sum(%x: !tir.ptr<f16> {tir.divisibility = 16 : i32},
                   %out: !tir.ptr<f32>,
                   %n: i32 {tir.divisibility = 16 : i32}) attributes {tir.kernel} {
  %c0 = arith.constant 0 : i32
  %c1024 = arith.constant 1024 : i32
  %zero = arith.constant dense<0.0> : tensor<1024xf32>
  %range = tir.make_range 0 to 1024 : tensor<1024xi32>
  %px = tir.splat %x : !tir.ptr<f16> -> tensor<1024x!tir.ptr<f16>>
  %acc = scf.for %i = %c0 to %n step %c1024 iter_args(%a = %zero) -> (tensor<1024xf32>) : i32 {
    %base = tir.splat %i : i32 -> tensor<1024xi32>
    %off = arith.addi %base, %range : tensor<1024xi32>
    %p = tir.addptr %px, %off : tensor<1024x!tir.ptr<f16>>, tensor<1024xi32>
    %v = tir.load %p : tensor<1024x!tir.ptr<f16>>
    %w = arith.extf %v : tensor<1024xf16> to tensor<1024xf32>
    %s = arith.addf %a, %w : tensor<1024xf32>
    scf.yield %s : tensor<1024xf32>
  }
  %t = tir.reduce %acc axis = 0 : tensor<1024xf32> -> f32 {
  ^bb0(%l: f32, %r: f32):
    %sum = arith.addf %l, %r : f32
    tir.reduce.return %sum : f32
  }
  tir.store %out, %t : !tir.ptr<f32>
  return
}

// A row statistic updated with a row reduction (`l_i = l_i * 0.5 +
// tl.max(x, 1)`, `l_i` started as `tl.zeros([64])`) is carried in the
// reduction's slice layout, as attention's m_i and l_i are.
// CHECK-LABEL: func.func @row_stat
// CHECK: %[[Z:.*]] = arith.constant dense<0.000000e+00> : tensor<64xf32, #[[S]]>
// CHECK: scf.for {{.*}} iter_args(%{{.*}} = %[[Z]]) -> (tensor<64xf32, #[[S]]>)
// CHECK-NOT: gir.convert_layout
// CHECK: tir.reduce %{{.*}} axis = 1 : tensor<64x128xf32, #{{.*}}> -> tensor<64xf32, #[[S]]>
// CHECK-NOT: gir.convert_layout
// CHECK: scf.yield %{{.*}} : tensor<64xf32, #[[S]]>
func.func @row_stat(%x: !tir.ptr<f32> {tir.divisibility = 16 : i32},
                    %out: !tir.ptr<f32> {tir.divisibility = 16 : i32},
                    %n: i32 {tir.divisibility = 16 : i32}) attributes {tir.kernel} {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %zero = arith.constant dense<0.0> : tensor<64xf32>
  %half = arith.constant dense<0.5> : tensor<64xf32>
  %rows = tir.make_range 0 to 64 : tensor<64xi32>
  %cols = tir.make_range 0 to 128 : tensor<128xi32>
  %r2 = tir.expand_dims %rows, axis = 1 : tensor<64xi32> -> tensor<64x1xi32>
  %c2 = tir.expand_dims %cols, axis = 0 : tensor<128xi32> -> tensor<1x128xi32>
  %c128 = arith.constant dense<128> : tensor<64x1xi32>
  %ro = arith.muli %r2, %c128 : tensor<64x1xi32>
  %rb = tir.broadcast %ro : tensor<64x1xi32> -> tensor<64x128xi32>
  %cb = tir.broadcast %c2 : tensor<1x128xi32> -> tensor<64x128xi32>
  %off = arith.addi %rb, %cb : tensor<64x128xi32>
  %px = tir.splat %x : !tir.ptr<f32> -> tensor<64x128x!tir.ptr<f32>>
  %px2 = tir.addptr %px, %off : tensor<64x128x!tir.ptr<f32>>, tensor<64x128xi32>
  %l = scf.for %i = %c0 to %n step %c1 iter_args(%li = %zero) -> (tensor<64xf32>) : i32 {
    %v = tir.load %px2 : tensor<64x128x!tir.ptr<f32>>
    %m = tir.reduce %v axis = 1 : tensor<64x128xf32> -> tensor<64xf32> {
    ^bb0(%a: f32, %b: f32):
      %mx = arith.maximumf %a, %b : f32
      tir.reduce.return %mx : f32
    }
    %scaled = arith.mulf %li, %half : tensor<64xf32>
    %next = arith.addf %scaled, %m : tensor<64xf32>
    scf.yield %next : tensor<64xf32>
  }
  %po = tir.splat %out : !tir.ptr<f32> -> tensor<64x!tir.ptr<f32>>
  %po2 = tir.addptr %po, %rows : tensor<64x!tir.ptr<f32>>, tensor<64xi32>
  tir.store %po2, %l : tensor<64x!tir.ptr<f32>>
  return
}
