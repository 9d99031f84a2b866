// The keep-loops example plugin: it disables tir:loop-invariant-code-motion
// and replaces tir:cse with its own keep-loops-cse, so loop bodies stay as written.
// RUN: trident-compile --load-plugin=%plugins/libKeepLoopsPlugin.so --print-stages \
// RUN:   --emit tir %s | FileCheck %s
// RUN: env TRIDENT_PLUGIN_PATHS=%plugins/libKeepLoopsPlugin.so trident-compile \
// RUN:   --print-stages --emit tir %s | FileCheck %s
// RUN: trident-compile --print-stages --emit tir %s | FileCheck %s --check-prefix=CORE
// RUN: trident-compile --load-plugin=%plugins/libKeepLoopsPlugin.so --print-pipeline \
// RUN:   | FileCheck %s --check-prefix=PIPE
// keep-loops-cse on its own, in trident-opt.
// RUN: trident-opt --load-plugin=%plugins/libKeepLoopsPlugin.so %s \
// RUN:   --pass-pipeline='builtin.module(keep-loops-cse)' | FileCheck %s --check-prefix=OPT

// PIPE:      stage tir
// PIPE-NEXT:   inline
// PIPE-NEXT:   tir-rank0-to-scalars
// PIPE-NEXT:   tir-lower-block-pointers
// PIPE-NEXT:   tir-lower-descriptors
// PIPE-NEXT:   tir-combine
// PIPE-NEXT:   canonicalize
// PIPE-NEXT:   keep-loops-cse  [replaces 'cse', by plugin 'keep-loops']
// PIPE-NEXT:   - loop-invariant-code-motion  [disabled by plugin 'keep-loops']
// PIPE-NEXT:   tir-flatten-loops
// PIPE-NEXT:   symbol-dce
// PIPE-NEXT: stage gir
// PIPE-NEXT:   convert-tir-to-gir
// PIPE-NEXT:   gir-coalesce
// PIPE-NEXT:   gir-dot-layouts
// PIPE-NEXT:   gir-split-columns
// PIPE-NEXT:   gir-remove-layout-conversions
// PIPE-NEXT:   canonicalize
// PIPE-NEXT:   cse{{$}}

// With the plugin: the duplicate product before the loop is merged (same
// block), but the loop body keeps its own product (no reuse across the
// region boundary) and its invariant sum (no hoisting).
// CHECK-LABEL: func.func @kernel
// CHECK:         %[[M:.*]] = arith.mulf %arg0, %arg1
// CHECK-NOT:     arith.mulf
// CHECK:         scf.for
// CHECK-NEXT:      %[[Y:.*]] = arith.mulf %arg0, %arg1
// CHECK-NEXT:      %[[Z:.*]] = arith.addf %arg0, %arg1
// CHECK-NEXT:      %[[T:.*]] = arith.addf %{{.*}}, %[[Y]]
// CHECK-NEXT:      %[[U:.*]] = arith.addf %[[T]], %[[Z]]
// CHECK-NEXT:      scf.yield %[[U]]
// CHECK:         arith.addf %{{.*}}, %[[M]]

// The core pipeline: cse reuses the outer product inside the loop, and LICM
// hoists the invariant sum out of it.
// CORE-LABEL: func.func @kernel
// CORE:         %[[M:.*]] = arith.mulf %arg0, %arg1
// CORE-NOT:     arith.mulf
// CORE:         %[[Z:.*]] = arith.addf %arg0, %arg1
// CORE-NEXT:    scf.for
// CORE-NEXT:      %[[T:.*]] = arith.addf %{{.*}}, %[[M]]
// CORE-NEXT:      arith.addf %[[T]], %[[Z]]
// CORE-NEXT:      scf.yield

// OPT-LABEL: func.func @kernel
// OPT:         arith.mulf %arg0, %arg1
// OPT-NOT:     arith.mulf
// OPT:         scf.for
// OPT-NEXT:      arith.mulf %arg0, %arg1
// OPT-NEXT:      arith.addf %arg0, %arg1

func.func @kernel(%a: f32, %b: f32, %n: index) -> (f32, f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %m0 = arith.mulf %a, %b : f32
  %m1 = arith.mulf %a, %b : f32
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %m0) -> f32 {
    %y = arith.mulf %a, %b : f32
    %z = arith.addf %a, %b : f32
    %t = arith.addf %acc, %y : f32
    %u = arith.addf %t, %z : f32
    scf.yield %u : f32
  }
  %f = arith.addf %r, %m1 : f32
  return %f, %m0 : f32, f32
}
