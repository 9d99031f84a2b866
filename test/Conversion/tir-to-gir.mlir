// RUN: trident-opt %s -split-input-file --convert-tir-to-gir | FileCheck %s
// RUN: trident-opt %s -split-input-file --convert-tir-to-gir="num-warps=8" | FileCheck %s --check-prefix=WARPS8

// A 1-D kernel: one default layout, no conversions; the module records the
// launch shape.
// CHECK: #[[B:.*]] = #gir.blocked<sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>
// CHECK: module attributes {gir.num_warps = 4 : i32, gir.threads_per_warp = 32 : i32}
// CHECK-LABEL: func.func @add
// CHECK: tir.make_range 0 to 1024 : tensor<1024xi32, #[[B]]>
// CHECK: tir.splat %{{.*}} : !tir.ptr<f32> -> tensor<1024x!tir.ptr<f32>, #[[B]]>
// CHECK: tir.load %{{.*}}, %{{.*}} : tensor<1024x!tir.ptr<f32>, #[[B]]>
// CHECK: arith.addf %{{.*}}, %{{.*}} : tensor<1024xf32, #[[B]]>
// CHECK-NOT: gir.convert_layout
// WARPS8: warpsPerCTA = [8]
// WARPS8: gir.num_warps = 8 : i32
func.func @add(%x: !tir.ptr<f32>, %y: !tir.ptr<f32>, %n: i32) attributes {tir.kernel} {
  %r = tir.make_range 0 to 1024 : tensor<1024xi32>
  %ns = tir.splat %n : i32 -> tensor<1024xi32>
  %m = arith.cmpi slt, %r, %ns : tensor<1024xi32>
  %xs = tir.splat %x : !tir.ptr<f32> -> tensor<1024x!tir.ptr<f32>>
  %xp = tir.addptr %xs, %r : tensor<1024x!tir.ptr<f32>>, tensor<1024xi32>
  %a = tir.load %xp, %m : tensor<1024x!tir.ptr<f32>>
  %ys = tir.splat %y : !tir.ptr<f32> -> tensor<1024x!tir.ptr<f32>>
  %yp = tir.addptr %ys, %r : tensor<1024x!tir.ptr<f32>>, tensor<1024xi32>
  %b = tir.load %yp, %m : tensor<1024x!tir.ptr<f32>>
  %s = arith.addf %a, %b : tensor<1024xf32>
  tir.store %yp, %s, %m : tensor<1024x!tir.ptr<f32>>
  return
}

// -----

// Reductions give slice layouts; expand_dims of a slice gives its parent
// back; a broadcast keeps its operand's layout; a constant is re-typed.
// CHECK-LABEL: func.func @row_max
// CHECK: %[[R:.*]] = tir.reduce %{{.*}} axis = 1 : tensor<4x256xf32, #[[P:.*]]> -> tensor<4xf32, #[[S:.*]]> {
// CHECK: tir.expand_dims %[[R]], axis = 1 : tensor<4xf32, #[[S]]> -> tensor<4x1xf32, #[[P]]>
// CHECK: tir.broadcast %{{.*}} : tensor<4x1xf32, #[[P]]> -> tensor<4x256xf32, #[[P]]>
// CHECK: arith.constant dense<1.000000e+00> : tensor<4x256xf32, #[[P]]>
func.func @row_max(%t: tensor<4x256xf32>) -> tensor<4x256xf32> {
  %r = tir.reduce %t axis = 1 : tensor<4x256xf32> -> tensor<4xf32> {
  ^bb0(%a: f32, %b: f32):
    %m = arith.maxnumf %a, %b : f32
    tir.reduce.return %m : f32
  }
  %e = tir.expand_dims %r, axis = 1 : tensor<4xf32> -> tensor<4x1xf32>
  %bc = tir.broadcast %e : tensor<4x1xf32> -> tensor<4x256xf32>
  %one = arith.constant dense<1.0> : tensor<4x256xf32>
  %d = arith.subf %t, %bc : tensor<4x256xf32>
  %o = arith.addf %d, %one : tensor<4x256xf32>
  return %o : tensor<4x256xf32>
}

// -----

// A range expanded into a 2-D tile is created in the slice of the 2-D
// tile's layout (a backward hint), so no conversion is needed there.
// Loop-carried tiles keep their entry layout; an operand in another layout
// is made again in that layout when it is cheap index arithmetic (a range
// here), else converted (next test); made before the loop, it is made
// again there, once, not every iteration.
// CHECK-LABEL: func.func @loop
// CHECK: %[[R:.*]] = tir.make_range 0 to 64 : tensor<64xi32, #[[SL:slice.*]]>
// CHECK-NEXT: %[[R2:.*]] = tir.make_range 0 to 64 : tensor<64xi32, #[[L:.*]]>
// CHECK-NEXT: tir.expand_dims %[[R]], axis = 0 : tensor<64xi32, #[[SL]]> -> tensor<1x64xi32, #{{.*}}>
// CHECK: scf.for {{.*}} iter_args(%[[ACC:.*]] = %{{.*}}) -> (tensor<64xf32, #[[L]]>)
// CHECK-NOT: tir.make_range
// CHECK: %[[F:.*]] = arith.sitofp %[[R2]] : tensor<64xi32, #[[L]]> to tensor<64xf32, #[[L]]>
// CHECK-NEXT: arith.addf %[[ACC]], %[[F]] : tensor<64xf32, #[[L]]>
// CHECK-NEXT: scf.yield %{{.*}} : tensor<64xf32, #[[L]]>
func.func @loop(%n: index) -> tensor<1x64xi32> {
  %r = tir.make_range 0 to 64 : tensor<64xi32>
  %e = tir.expand_dims %r, axis = 0 : tensor<64xi32> -> tensor<1x64xi32>
  %zero = arith.constant dense<0.0> : tensor<64xf32>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %acc = scf.for %i = %c0 to %n step %c1 iter_args(%a = %zero) -> (tensor<64xf32>) {
    %f = arith.sitofp %r : tensor<64xi32> to tensor<64xf32>
    %s = arith.addf %a, %f : tensor<64xf32>
    scf.yield %s : tensor<64xf32>
  }
  return %e : tensor<1x64xi32>
}

// -----

// A loop-carried tile that meets an operand of another layout that is not
// cheap to make again (a reduction) is carried in that operand's layout:
// its init is made in it before the loop, and nothing is converted in the
// loop.
// CHECK-LABEL: func.func @loop_convert
// CHECK: %[[Z:.*]] = arith.constant dense<0.000000e+00> : tensor<4xf32, #[[L:slice[0-9]*]]>
// CHECK: scf.for {{.*}} iter_args(%[[ACC:.*]] = %[[Z]]) -> (tensor<4xf32, #[[L]]>)
// CHECK-NOT: gir.convert_layout
// CHECK: %[[R:.*]] = tir.reduce {{.*}} -> tensor<4xf32, #[[L]]>
// CHECK-NOT: gir.convert_layout
// CHECK: arith.addf %[[ACC]], %[[R]] : tensor<4xf32, #[[L]]>
func.func @loop_convert(%t: tensor<4x256xf32>, %n: index) -> tensor<4xf32> {
  %zero = arith.constant dense<0.0> : tensor<4xf32>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %acc = scf.for %i = %c0 to %n step %c1 iter_args(%a = %zero) -> (tensor<4xf32>) {
    %r = tir.reduce %t axis = 1 : tensor<4x256xf32> -> tensor<4xf32> {
    ^bb0(%x: f32, %y: f32):
      %m = arith.maxnumf %x, %y : f32
      tir.reduce.return %m : f32
    }
    %s = arith.addf %a, %r : tensor<4xf32>
    scf.yield %s : tensor<4xf32>
  }
  return %acc : tensor<4xf32>
}

// -----

// A dot's accumulator gets a layout of 8x4 blocks per thread, and the hint
// reaches the loop-carried accumulator's initial value through the loop.
// CHECK-LABEL: func.func @acc
// CHECK: arith.constant dense<0.000000e+00> : tensor<64x64xf32, #[[ACC:blocked[0-9]*]]>
// CHECK: scf.for {{.*}} -> (tensor<64x64xf32, #[[ACC]]>)
// CHECK: tir.dot {{.*}} -> tensor<64x64xf32, #[[ACC]]>
// CHECK-NOT: gir.convert_layout {{.*}}#[[ACC]]>
// CHECK: return
func.func @acc(%a: tensor<64x32xf32>, %b: tensor<32x64xf32>, %n: index) -> tensor<64x64xf32> {
  %zero = arith.constant dense<0.0> : tensor<64x64xf32>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero) -> (tensor<64x64xf32>) {
    %d = tir.dot %a, %b, %acc : tensor<64x32xf32> * tensor<32x64xf32> -> tensor<64x64xf32>
    scf.yield %d : tensor<64x64xf32>
  }
  return %r : tensor<64x64xf32>
}

// -----

// A scan's operand gets a layout holding one contiguous run per thread
// along the axis, and the hint reaches the load feeding it.
// CHECK-LABEL: func.func @scan
// CHECK: tir.load %{{.*}} : tensor<1024x!tir.ptr<f32>, #[[SCANL:blocked[0-9]*]]>
// CHECK: tir.scan %{{.*}} axis = 0 : tensor<1024xf32, #[[SCANL]]> -> tensor<1024xf32, #[[SCANL]]>
func.func @scan(%x: !tir.ptr<f32>) -> tensor<1024xf32> {
  %r = tir.make_range 0 to 1024 : tensor<1024xi32>
  %xs = tir.splat %x : !tir.ptr<f32> -> tensor<1024x!tir.ptr<f32>>
  %xp = tir.addptr %xs, %r : tensor<1024x!tir.ptr<f32>>, tensor<1024xi32>
  %v = tir.load %xp : tensor<1024x!tir.ptr<f32>>
  %s = tir.scan %v axis = 0 : tensor<1024xf32> -> tensor<1024xf32> {
  ^bb0(%a: f32, %b: f32):
    %t = arith.addf %a, %b : f32
    tir.scan.return %t : f32
  }
  return %s : tensor<1024xf32>
}

// -----

// Inline assembly takes its first operand's layout like any elementwise
// operation (its other operands are converted to it, its results made in
// it); tir.barrier becomes the CTA barrier of GPU IR.
// CHECK-LABEL: func.func @asm_barrier
// CHECK: %[[A:.*]] = tir.load %{{.*}} : tensor<1024x!tir.ptr<f32>, #[[L:blocked[0-9]*]]>
// CHECK: tir.inline_asm_elementwise "{{.*}}", "=f,=r,f,r" pure (%[[A]], %{{.*}} : tensor<1024xf32, #[[L]]>, tensor<1024xi32, #[[L]]>) -> tensor<1024xf32, #[[L]]>, tensor<1024xi32, #[[L]]>
// CHECK: gir.barrier
// CHECK-NOT: tir.barrier
func.func @asm_barrier(%x: !tir.ptr<f32>, %i: tensor<1024xi32>) -> (tensor<1024xf32>, tensor<1024xi32>) {
  %r = tir.make_range 0 to 1024 : tensor<1024xi32>
  %xs = tir.splat %x : !tir.ptr<f32> -> tensor<1024x!tir.ptr<f32>>
  %xp = tir.addptr %xs, %r : tensor<1024x!tir.ptr<f32>>, tensor<1024xi32>
  %v = tir.load %xp : tensor<1024x!tir.ptr<f32>>
  %a, %b = tir.inline_asm_elementwise "mov.b32 $0, $2; mov.b32 $1, $3;", "=f,=r,f,r" pure (%v, %i : tensor<1024xf32>, tensor<1024xi32>) -> tensor<1024xf32>, tensor<1024xi32>
  tir.barrier
  return %a, %b : tensor<1024xf32>, tensor<1024xi32>
}
