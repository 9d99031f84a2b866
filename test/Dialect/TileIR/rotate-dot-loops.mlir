// The tir-rotate-dot-loops pass.
// RUN: trident-opt %s -split-input-file -tir-rotate-dot-loops | FileCheck %s

// Attention's forward loop (as tutorial 06 writes it, with pointer loads):
// the first part (K's load, s = q k^T, the row maxima and sums, p and
// alpha) moves one iteration ahead. Under lo < hi: the prologue computes
// it for the first iteration; the loop (to hi - 1) starts the next s, then
// this iteration's p v, then the next softmax, carrying alpha and p (in
// f16: its conversion goes with the first part); the epilogue is the last
// p v. The V offset is the second part's own carried value (the
// accumulator's group); K's is the first part's.
// CHECK-LABEL: func.func @attention
// CHECK: %[[ANY:.*]] = arith.cmpi slt, %[[LO:[^,]*]], %[[HI:[^ ]*]] : i32
// CHECK: %[[RES:.*]]:5 = scf.if %[[ANY]]
// CHECK: %[[K0:.*]] = tir.load
// CHECK-NEXT: tir.dot %{{.*}}, %[[K0]], %cst_1
// CHECK: %[[ALPHA0:.*]] = math.exp2 %{{.*}} : tensor<16xf32>
// CHECK-NEXT: %[[P0:.*]] = arith.truncf
// CHECK: %[[KOFF1:.*]] = arith.addi %c0_i64, %c256_i64
// CHECK-NEXT: %[[UB:.*]] = arith.subi %[[HI]], %c1_i32
// CHECK-NEXT: %[[LOOP:.*]]:7 = scf.for %{{.*}} = %[[LO]] to %[[UB]] step %c1_i32 iter_args(%[[ACC:[^ ]*]] = %cst_1, %[[L:[^ ]*]] = %{{[^,]*}}, %[[M:[^ ]*]] = %{{[^,]*}}, %[[VOFF:[^ ]*]] = %c0_i32, %[[KOFF:[^ ]*]] = %[[KOFF1]], %[[ALPHA:[^ ]*]] = %[[ALPHA0]], %[[P:[^ ]*]] = %[[P0]])
// CHECK: %[[KN:.*]] = tir.load
// CHECK-NEXT: %[[SN:.*]] = tir.dot %{{.*}}, %[[KN]], %cst_1
// CHECK-NEXT: tir.expand_dims %[[ALPHA]]
// CHECK-NEXT: tir.broadcast
// CHECK-NEXT: %[[SCALED:.*]] = arith.mulf %[[ACC]]
// CHECK-NEXT: tir.addptr %arg2, %[[VOFF]]
// CHECK: %[[V:.*]] = tir.load
// CHECK-NEXT: %[[PV:.*]] = tir.dot %[[P]], %[[V]], %[[SCALED]]
// CHECK-NEXT: %[[VNEXT:.*]] = arith.addi %[[VOFF]], %c256_i32
// CHECK-NEXT: tir.reduce %[[SN]]
// CHECK: %[[ALPHAN:.*]] = math.exp2 %{{.*}} : tensor<16xf32>
// CHECK-NEXT: %[[PN:.*]] = arith.truncf
// CHECK: %[[KNEXT:.*]] = arith.addi %[[KOFF]], %c256_i64
// CHECK-NEXT: scf.yield %[[PV]], %{{.*}}, %{{.*}}, %[[VNEXT]], %[[KNEXT]], %[[ALPHAN]], %[[PN]]
// CHECK: tir.expand_dims %[[LOOP]]#5
// CHECK: arith.mulf %[[LOOP]]#0
// CHECK: tir.addptr %arg2, %[[LOOP]]#3
// CHECK: %[[VL:.*]] = tir.load
// CHECK-NEXT: %[[LAST:.*]] = tir.dot %[[LOOP]]#6, %[[VL]]
// CHECK: scf.yield %[[LAST]], %[[LOOP]]#1, %[[LOOP]]#2, %{{.*}}, %[[LOOP]]#4
// CHECK: } else {
// CHECK-NEXT: scf.yield %cst_1, %cst_{{[0-9]+}}, %cst, %c0_i32, %c0_i64
// CHECK: tir.store %{{.*}}, %{{.*}}

module {
  func.func @attention(%arg0: !tir.ptr<f16>, %arg1: !tir.ptr<f16>, %arg2: !tir.ptr<f16>, %arg3: !tir.ptr<f32>, %arg4: i32, %arg5: i32) attributes {tir.kernel} {
    %c0_i64 = arith.constant 0 : i64
    %c256_i64 = arith.constant 256 : i64
    %cst = arith.constant dense<0xFF800000> : tensor<16xf32>
    %cst_0 = arith.constant dense<16> : tensor<16x1xi32>
    %c256_i32 = arith.constant 256 : i32
    %c1_i32 = arith.constant 1 : i32
    %c0_i32 = arith.constant 0 : i32
    %cst_1 = arith.constant dense<0.000000e+00> : tensor<16x16xf32>
    %cst_2 = arith.constant dense<0.000000e+00> : tensor<16xf32>
    %0 = tir.make_range 0 to 16 : tensor<16xi32>
    %1 = tir.expand_dims %0, axis = 1 : tensor<16xi32> -> tensor<16x1xi32>
    %2 = arith.muli %1, %cst_0 : tensor<16x1xi32>
    %3 = tir.splat %arg0 : !tir.ptr<f16> -> tensor<16x1x!tir.ptr<f16>>
    %4 = tir.addptr %3, %2 : tensor<16x1x!tir.ptr<f16>>, tensor<16x1xi32>
    %5 = tir.expand_dims %0, axis = 0 : tensor<16xi32> -> tensor<1x16xi32>
    %6 = tir.broadcast %4 : tensor<16x1x!tir.ptr<f16>> -> tensor<16x16x!tir.ptr<f16>>
    %7 = tir.broadcast %5 : tensor<1x16xi32> -> tensor<16x16xi32>
    %8 = tir.addptr %6, %7 : tensor<16x16x!tir.ptr<f16>>, tensor<16x16xi32>
    %9 = tir.load %8 : tensor<16x16x!tir.ptr<f16>>
    %10 = tir.splat %arg1 : !tir.ptr<f16> -> tensor<16x1x!tir.ptr<f16>>
    %11 = tir.addptr %10, %2 : tensor<16x1x!tir.ptr<f16>>, tensor<16x1xi32>
    %12 = tir.broadcast %11 : tensor<16x1x!tir.ptr<f16>> -> tensor<16x16x!tir.ptr<f16>>
    %13 = tir.addptr %12, %7 : tensor<16x16x!tir.ptr<f16>>, tensor<16x16xi32>
    %14:5 = scf.for %arg6 = %arg4 to %arg5 step %c1_i32 iter_args(%arg7 = %cst_1, %arg8 = %cst_2, %arg9 = %cst, %arg10 = %c0_i32, %arg11 = %c0_i64) -> (tensor<16x16xf32>, tensor<16xf32>, tensor<16xf32>, i32, i64)  : i32 {
      %22 = tir.splat %arg11 : i64 -> tensor<16x16xi64>
      %23 = tir.addptr %13, %22 : tensor<16x16x!tir.ptr<f16>>, tensor<16x16xi64>
      %24 = tir.load %23 : tensor<16x16x!tir.ptr<f16>>
      %25 = tir.dot %9, %24, %cst_1 : tensor<16x16xf16> * tensor<16x16xf16> -> tensor<16x16xf32>
      %26 = tir.reduce %25 axis = 1 : tensor<16x16xf32> -> tensor<16xf32> {
      ^bb0(%arg12: f32, %arg13: f32):
        %50 = arith.maxnumf %arg12, %arg13 : f32
        tir.reduce.return %50 : f32
      }
      %27 = arith.maxnumf %arg9, %26 : tensor<16xf32>
      %28 = tir.expand_dims %27, axis = 1 : tensor<16xf32> -> tensor<16x1xf32>
      %29 = tir.broadcast %28 : tensor<16x1xf32> -> tensor<16x16xf32>
      %30 = arith.subf %25, %29 : tensor<16x16xf32>
      %31 = math.exp2 %30 : tensor<16x16xf32>
      %32 = arith.subf %arg9, %27 : tensor<16xf32>
      %33 = math.exp2 %32 : tensor<16xf32>
      %34 = tir.expand_dims %33, axis = 1 : tensor<16xf32> -> tensor<16x1xf32>
      %35 = tir.broadcast %34 : tensor<16x1xf32> -> tensor<16x16xf32>
      %36 = arith.mulf %arg7, %35 : tensor<16x16xf32>
      %37 = tir.addptr %arg2, %arg10 : !tir.ptr<f16>, i32
      %38 = tir.splat %37 : !tir.ptr<f16> -> tensor<16x1x!tir.ptr<f16>>
      %39 = tir.addptr %38, %2 : tensor<16x1x!tir.ptr<f16>>, tensor<16x1xi32>
      %40 = tir.broadcast %39 : tensor<16x1x!tir.ptr<f16>> -> tensor<16x16x!tir.ptr<f16>>
      %41 = tir.addptr %40, %7 : tensor<16x16x!tir.ptr<f16>>, tensor<16x16xi32>
      %42 = tir.load %41 : tensor<16x16x!tir.ptr<f16>>
      %43 = arith.truncf %31 : tensor<16x16xf32> to tensor<16x16xf16>
      %44 = tir.dot %43, %42, %36 : tensor<16x16xf16> * tensor<16x16xf16> -> tensor<16x16xf32>
      %45 = arith.mulf %arg8, %33 : tensor<16xf32>
      %46 = tir.reduce %31 axis = 1 : tensor<16x16xf32> -> tensor<16xf32> {
      ^bb0(%arg12: f32, %arg13: f32):
        %50 = arith.addf %arg12, %arg13 : f32
        tir.reduce.return %50 : f32
      }
      %47 = arith.addf %45, %46 : tensor<16xf32>
      %48 = arith.addi %arg10, %c256_i32 : i32
      %49 = arith.addi %arg11, %c256_i64 : i64
      scf.yield %44, %47, %27, %48, %49 : tensor<16x16xf32>, tensor<16xf32>, tensor<16xf32>, i32, i64
    }
    %15 = tir.splat %arg3 : !tir.ptr<f32> -> tensor<16x1x!tir.ptr<f32>>
    %16 = tir.addptr %15, %2 : tensor<16x1x!tir.ptr<f32>>, tensor<16x1xi32>
    %17 = tir.broadcast %16 : tensor<16x1x!tir.ptr<f32>> -> tensor<16x16x!tir.ptr<f32>>
    %18 = tir.addptr %17, %7 : tensor<16x16x!tir.ptr<f32>>, tensor<16x16xi32>
    %19 = tir.expand_dims %14#1, axis = 1 : tensor<16xf32> -> tensor<16x1xf32>
    %20 = tir.broadcast %19 : tensor<16x1xf32> -> tensor<16x16xf32>
    %21 = arith.divf %14#0, %20 : tensor<16x16xf32>
    tir.store %18, %21 : tensor<16x16x!tir.ptr<f32>>
    return
  }
}

// -----

// Left alone: a loop that stores (the second part may not run after the
// next iteration's first), and a loop whose two dots share one carried
// offset (the second would read the next iteration's).
// CHECK-LABEL: func.func @stores
// CHECK-NOT: scf.if
// CHECK: scf.for
// CHECK: tir.dot
// CHECK-NEXT: tir.store
// CHECK: tir.dot
// CHECK-LABEL: func.func @shared_offset
// CHECK-NOT: scf.if
// CHECK: scf.for
// And a loop whose region (an scf.if) reads the body's values from inside:
// the split follows operands, so it is left alone.
// CHECK-LABEL: func.func @captured
// CHECK: scf.for
// CHECK: scf.if
// CHECK: tir.dot
// CHECK-NOT: tir.dot
module {
  func.func @stores(%q: tensor<16x16xf16>, %k: tensor<16x16x!tir.ptr<f16>>, %o: tensor<16x16x!tir.ptr<f32>>, %lo: i32, %hi: i32) -> tensor<16x16xf32> {
    %c1 = arith.constant 1 : i32
    %zero = arith.constant dense<0.000000e+00> : tensor<16x16xf32>
    %r = scf.for %i = %lo to %hi step %c1 iter_args(%acc = %zero) -> (tensor<16x16xf32>) : i32 {
      %kt = tir.load %k : tensor<16x16x!tir.ptr<f16>>
      %s = tir.dot %q, %kt, %zero : tensor<16x16xf16> * tensor<16x16xf16> -> tensor<16x16xf32>
      tir.store %o, %s : tensor<16x16x!tir.ptr<f32>>
      %p = arith.truncf %s : tensor<16x16xf32> to tensor<16x16xf16>
      %d = tir.dot %p, %kt, %acc : tensor<16x16xf16> * tensor<16x16xf16> -> tensor<16x16xf32>
      scf.yield %d : tensor<16x16xf32>
    }
    return %r : tensor<16x16xf32>
  }
  func.func @shared_offset(%q: tensor<16x16xf16>, %k: tensor<16x16x!tir.ptr<f16>>, %lo: i32, %hi: i32) -> tensor<16x16xf32> {
    %c1 = arith.constant 1 : i32
    %c256 = arith.constant dense<256> : tensor<16x16xi32>
    %zero = arith.constant dense<0.000000e+00> : tensor<16x16xf32>
    %r:2 = scf.for %i = %lo to %hi step %c1 iter_args(%acc = %zero, %ptrs = %k) -> (tensor<16x16xf32>, tensor<16x16x!tir.ptr<f16>>) : i32 {
      %kt = tir.load %ptrs : tensor<16x16x!tir.ptr<f16>>
      %s = tir.dot %q, %kt, %zero : tensor<16x16xf16> * tensor<16x16xf16> -> tensor<16x16xf32>
      %p = arith.truncf %s : tensor<16x16xf32> to tensor<16x16xf16>
      %vt = tir.load %ptrs : tensor<16x16x!tir.ptr<f16>>
      %d = tir.dot %p, %vt, %acc : tensor<16x16xf16> * tensor<16x16xf16> -> tensor<16x16xf32>
      %next = tir.addptr %ptrs, %c256 : tensor<16x16x!tir.ptr<f16>>, tensor<16x16xi32>
      scf.yield %d, %next : tensor<16x16xf32>, tensor<16x16x!tir.ptr<f16>>
    }
    return %r#0 : tensor<16x16xf32>
  }
  func.func @captured(%q: tensor<16x16xf16>, %k: tensor<16x16x!tir.ptr<f16>>, %v: tensor<16x16x!tir.ptr<f16>>, %c: i1, %lo: i32, %hi: i32) -> tensor<16x16xf32> {
    %c1 = arith.constant 1 : i32
    %zero = arith.constant dense<0.000000e+00> : tensor<16x16xf32>
    %r = scf.for %i = %lo to %hi step %c1 iter_args(%acc = %zero) -> (tensor<16x16xf32>) : i32 {
      %kt = tir.load %k : tensor<16x16x!tir.ptr<f16>>
      %s = tir.dot %q, %kt, %zero : tensor<16x16xf16> * tensor<16x16xf16> -> tensor<16x16xf32>
      %t = scf.if %c -> (tensor<16x16xf32>) {
        %d = arith.addf %s, %s : tensor<16x16xf32>
        scf.yield %d : tensor<16x16xf32>
      } else {
        scf.yield %s : tensor<16x16xf32>
      }
      %p = arith.truncf %t : tensor<16x16xf32> to tensor<16x16xf16>
      %vt = tir.load %v : tensor<16x16x!tir.ptr<f16>>
      %d2 = tir.dot %p, %vt, %acc : tensor<16x16xf16> * tensor<16x16xf16> -> tensor<16x16xf32>
      scf.yield %d2 : tensor<16x16xf32>
    }
    return %r : tensor<16x16xf32>
  }
}
