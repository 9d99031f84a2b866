// RUN: trident-opt %s -split-input-file -canonicalize --tir-print-axis-info -verify-diagnostics -o /dev/null

// Axis hints on loop arguments (tir.region_arg_hints) and MLIR's scf.for
// canonicalization, which drops an unused iteration argument and copies the
// loop's attributes to the new loop: the list of hints no longer has one
// dictionary per argument, and the analysis ignores it rather than give
// the hints of the dropped %d (#1) to %x, which is #1 after the drop.
func.func @dropped_argument(%p: !tir.ptr<f16>, %n: index, %k: i32) -> tensor<64x!tir.ptr<f16>> {
  %c0 = arith.constant 0 : index // expected-remark {{contiguity = [1], divisibility = [1073741824], constancy = [1]}}
  %c1 = arith.constant 1 : index // expected-remark {{contiguity = [1], divisibility = [1], constancy = [1]}}
  %ps = tir.splat %p : !tir.ptr<f16> -> tensor<64x!tir.ptr<f16>> // expected-remark {{contiguity = [1], divisibility = [1], constancy = [64]}}
  %s = arith.constant dense<1> : tensor<64xi32> // expected-remark {{contiguity = [1], divisibility = [1], constancy = [64]}}
  %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%d = %k, %x = %ps) -> (i32, tensor<64x!tir.ptr<f16>>) {
    %xn = tir.addptr %x, %s : tensor<64x!tir.ptr<f16>>, tensor<64xi32> // expected-remark {{contiguity = [1], divisibility = [1], constancy = [64]}}
    scf.yield %d, %xn : i32, tensor<64x!tir.ptr<f16>>
  } {tir.region_arg_hints = [[{}, {tir.divisibility = array<i32: 16>}, {}]]}
  // expected-remark @-4 {{region #0 argument #0: contiguity = [1], divisibility = [1], constancy = [1]}}
  // expected-remark @-5 {{region #0 argument #1: contiguity = [1], divisibility = [1], constancy = [64]}}
  // expected-remark @-6 {{contiguity = [1], divisibility = [1], constancy = [64]}}
  return %r#1 : tensor<64x!tir.ptr<f16>>
}

// -----

// Without a dropped argument the hints stay with their arguments.
func.func @kept_arguments(%p: !tir.ptr<f16>, %n: index, %k: i32) -> (i32, tensor<64x!tir.ptr<f16>>) {
  %c0 = arith.constant 0 : index // expected-remark {{contiguity = [1], divisibility = [1073741824], constancy = [1]}}
  %c1 = arith.constant 1 : index // expected-remark {{contiguity = [1], divisibility = [1], constancy = [1]}}
  %ps = tir.splat %p : !tir.ptr<f16> -> tensor<64x!tir.ptr<f16>> // expected-remark {{contiguity = [1], divisibility = [1], constancy = [64]}}
  %s = arith.constant dense<1> : tensor<64xi32> // expected-remark {{contiguity = [1], divisibility = [1], constancy = [64]}}
  %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%d = %k, %x = %ps) -> (i32, tensor<64x!tir.ptr<f16>>) {
    %d2 = arith.addi %d, %d : i32 // expected-remark {{contiguity = [1], divisibility = [16], constancy = [1]}}
    %xn = tir.addptr %x, %s : tensor<64x!tir.ptr<f16>>, tensor<64xi32> // expected-remark {{contiguity = [1], divisibility = [2], constancy = [64]}}
    scf.yield %d2, %xn : i32, tensor<64x!tir.ptr<f16>>
  } {tir.region_arg_hints = [[{}, {tir.divisibility = array<i32: 16>}, {tir.divisibility = array<i32: 16>}]]}
  // expected-remark @-5 {{region #0 argument #0: contiguity = [1], divisibility = [1], constancy = [1]}}
  // expected-remark @-6 {{region #0 argument #1: contiguity = [1], divisibility = [16], constancy = [1]}}
  // expected-remark @-7 {{region #0 argument #2: contiguity = [1], divisibility = [16], constancy = [64]}}
  // expected-remark @-8 {{result #0: contiguity = [1], divisibility = [1], constancy = [1]}}
  // expected-remark @-9 {{result #1: contiguity = [1], divisibility = [1], constancy = [64]}}
  return %r#0, %r#1 : i32, tensor<64x!tir.ptr<f16>>
}
