// The fma example plugin loaded as a user would: fma-fuse runs in stage tir
// (before symbol-dce) and fma-lower at the end of the target's lowering stage.
// RUN: trident-compile --load-plugin=%plugins/libFmaPlugin.so --print-stages %s \
// RUN:   | FileCheck %s --check-prefixes=CHECK,GPU
// RUN: trident-compile --load-plugin=%plugins/libFmaPlugin.so --print-stages \
// RUN:   --target amd:gfx942 --emit gir %s | FileCheck %s --check-prefixes=CHECK,GPU
// RUN: trident-compile --load-plugin=%plugins/libFmaPlugin.so --print-stages \
// RUN:   --target cpu %s | FileCheck %s --check-prefixes=CHECK,CPU
// The same through TRIDENT_PLUGIN_PATHS.
// RUN: env TRIDENT_PLUGIN_PATHS=%plugins/libFmaPlugin.so trident-compile \
// RUN:   --print-stages %s | FileCheck %s --check-prefixes=CHECK,GPU
// Without the plugin nothing is fused.
// RUN: trident-compile --print-stages %s | FileCheck %s --check-prefix=NONE
// RUN: trident-compile --load-plugin=%plugins/libFmaPlugin.so --print-pipeline \
// RUN:   | FileCheck %s --check-prefix=PIPE
// RUN: trident-compile --load-plugin=%plugins/libFmaPlugin.so --print-pipeline \
// RUN:   --target cpu | FileCheck %s --check-prefix=PIPE-CPU

// PIPE:      stage tir
// PIPE:        loop-invariant-code-motion
// PIPE-NEXT:   tir-flatten-loops
// PIPE-NEXT:   fma-fuse  [inserted by plugin 'fma']
// PIPE-NEXT:   symbol-dce
// PIPE-NEXT: stage gir
// PIPE-NEXT:   convert-tir-to-gir {compute-capability=90}
// PIPE-NEXT:   gir-coalesce
// PIPE-NEXT:   gir-dot-layouts
// PIPE-NEXT:   gir-split-columns
// PIPE-NEXT:   gir-remove-layout-conversions
// PIPE-NEXT:   canonicalize
// PIPE-NEXT:   cse
// PIPE-NEXT:   gir-split-ctas
// PIPE-NEXT:   gir-pipeline {num-stages=3 async-dot=true}
// PIPE-NEXT:   canonicalize#pipelined
// PIPE-NEXT:   cse#pipelined
// PIPE-NEXT:   fma-lower  [inserted by plugin 'fma']
// PIPE-NEXT: stage llir
// PIPE-CPU:      stage cir
// PIPE-CPU-NEXT:   tir-lower-descriptors {expand-arguments=true}
// PIPE-CPU-NEXT:   convert-tir-to-cpu
// PIPE-CPU-NEXT:   canonicalize
// PIPE-CPU-NEXT:   cse
// PIPE-CPU-NEXT:   loop-invariant-code-motion
// PIPE-CPU-NEXT:   cpu-approximate-math
// PIPE-CPU-NEXT:   fma-lower  [inserted by plugin 'fma']

// CHECK-LABEL: IR after stage 'tir'
// CHECK-LABEL: func.func @scalar
// CHECK-NEXT:    %[[R:.*]] = fma.mul_add %arg0, %arg1, %arg2 : f32
// CHECK-NEXT:    return %[[R]]
// CHECK-LABEL: func.func @commuted
// CHECK-NEXT:    fma.mul_add %arg0, %arg1, %arg2 : f32
// CHECK-LABEL: func.func @tile
// CHECK-NEXT:    fma.mul_add %arg0, %arg1, %arg2 : tensor<128xf32>
// A product with two uses is not fused.
// CHECK-LABEL: func.func @shared
// CHECK-NEXT:    %[[M:.*]] = arith.mulf %arg0, %arg1
// CHECK-NEXT:    arith.addf %[[M]], %arg2
// CHECK-NEXT:    arith.addf %[[M]], %arg3
// Integers are not floats.
// CHECK-LABEL: func.func @integer
// CHECK-NEXT:    arith.muli
// CHECK-NEXT:    arith.addi

// GPU-LABEL:   IR after stage 'gir'
// CPU-LABEL:   IR after stage 'cir'
// CHECK-NOT:   fma.mul_add
// CHECK-LABEL: func.func @scalar
// CHECK-NEXT:    %[[R:.*]] = math.fma %arg0, %arg1, %arg2 : f32
// CHECK-NEXT:    return %[[R]]
// CHECK-LABEL: func.func @tile
// CHECK-NEXT:    math.fma %arg0, %arg1, %arg2 : tensor<128xf32{{.*}}>
// CHECK-NOT:   fma.mul_add

// NONE-NOT: fma.mul_add
// NONE-NOT: math.fma

func.func @scalar(%a: f32, %b: f32, %c: f32) -> f32 {
  %m = arith.mulf %a, %b : f32
  %r = arith.addf %m, %c : f32
  return %r : f32
}

func.func @commuted(%a: f32, %b: f32, %c: f32) -> f32 {
  %m = arith.mulf %a, %b : f32
  %r = arith.addf %c, %m : f32
  return %r : f32
}

func.func @tile(%a: tensor<128xf32>, %b: tensor<128xf32>, %c: tensor<128xf32>) -> tensor<128xf32> {
  %m = arith.mulf %a, %b : tensor<128xf32>
  %r = arith.addf %m, %c : tensor<128xf32>
  return %r : tensor<128xf32>
}

func.func @shared(%a: f32, %b: f32, %c: f32, %d: f32) -> (f32, f32) {
  %m = arith.mulf %a, %b : f32
  %r0 = arith.addf %m, %c : f32
  %r1 = arith.addf %m, %d : f32
  return %r0, %r1 : f32, f32
}

func.func @integer(%a: i32, %b: i32, %c: i32) -> i32 {
  %m = arith.muli %a, %b : i32
  %r = arith.addi %m, %c : i32
  return %r : i32
}
