// The fma plugin's passes and dialect in trident-opt: the passes are usable
// by name in --pass-pipeline and the dialect parses and prints.
// RUN: trident-opt --load-plugin=%plugins/libFmaPlugin.so %s -split-input-file \
// RUN:   --pass-pipeline='builtin.module(fma-fuse)' | FileCheck %s --check-prefix=FUSE
// RUN: trident-opt --load-plugin=%plugins/libFmaPlugin.so %s -split-input-file \
// RUN:   --pass-pipeline='builtin.module(fma-fuse,fma-lower)' | FileCheck %s --check-prefix=LOWER
// Round trip: what is printed parses back to the same thing.
// RUN: trident-opt --load-plugin=%plugins/libFmaPlugin.so %s -split-input-file \
// RUN:   --pass-pipeline='builtin.module(fma-fuse)' \
// RUN:   | trident-opt --load-plugin=%plugins/libFmaPlugin.so -split-input-file \
// RUN:   | FileCheck %s --check-prefix=FUSE
// Without the plugin, the pass is unknown.
// RUN: echo 'module {}' | not trident-opt --pass-pipeline='builtin.module(fma-fuse)' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=NO-PLUGIN
// NO-PLUGIN: 'fma-fuse' does not refer to a registered pass or pass pipeline

// FUSE-LABEL:  func.func @vector
// FUSE-NEXT:     %[[R:.*]] = fma.mul_add %arg0, %arg1, %arg2 : vector<4xf16>
// FUSE-NEXT:     return %[[R]]
// LOWER-LABEL: func.func @vector
// LOWER-NEXT:    %[[R:.*]] = math.fma %arg0, %arg1, %arg2 : vector<4xf16>
// LOWER-NEXT:    return %[[R]]
func.func @vector(%a: vector<4xf16>, %b: vector<4xf16>, %c: vector<4xf16>) -> vector<4xf16> {
  %m = arith.mulf %a, %b : vector<4xf16>
  %r = arith.addf %m, %c : vector<4xf16>
  return %r : vector<4xf16>
}

// -----

// A chain: the sum feeds the next product's addend, so both fuse.
// FUSE-LABEL:  func.func @chain
// FUSE-NEXT:     %[[X:.*]] = fma.mul_add %arg0, %arg1, %arg2 : bf16
// FUSE-NEXT:     %[[Y:.*]] = fma.mul_add %arg0, %arg1, %[[X]] : bf16
// FUSE-NEXT:     return %[[Y]]
// LOWER-LABEL: func.func @chain
// LOWER-NEXT:    %[[X:.*]] = math.fma %arg0, %arg1, %arg2 : bf16
// LOWER-NEXT:    math.fma %arg0, %arg1, %[[X]] : bf16
func.func @chain(%a: bf16, %b: bf16, %c: bf16) -> bf16 {
  %m0 = arith.mulf %a, %b : bf16
  %s0 = arith.addf %m0, %c : bf16
  %m1 = arith.mulf %a, %b : bf16
  %s1 = arith.addf %m1, %s0 : bf16
  return %s1 : bf16
}

// -----

// Written directly in the input, the op parses, prints and lowers.
// FUSE-LABEL:  func.func @written
// FUSE-NEXT:     fma.mul_add %arg0, %arg1, %arg2 : tensor<16x16xf32>
// LOWER-LABEL: func.func @written
// LOWER-NEXT:    math.fma %arg0, %arg1, %arg2 : tensor<16x16xf32>
func.func @written(%a: tensor<16x16xf32>, %b: tensor<16x16xf32>, %c: tensor<16x16xf32>) -> tensor<16x16xf32> {
  %r = fma.mul_add %a, %b, %c : tensor<16x16xf32>
  return %r : tensor<16x16xf32>
}
