// RUN: not trident-opt %s -split-input-file --convert-tir-to-gir=compute-capability=90 --convert-gir-to-llvm 2>&1 | FileCheck %s

// A block TMA cannot move (rows of 8 bytes) is an error naming the kernel,
// the argument and why.
// CHECK: gir-to-llvm-tma-errors.mlir:[[@LINE+1]]:{{[0-9]+}}: error: kernel 'narrow' argument #0: cannot move '!tir.tensordesc<tensor<8x4xf16>>' with TMA: TMA moves rows of a multiple of 16 bytes; the block's last dimension has 8
func.func @narrow(%src: !tir.tensordesc<tensor<8x4xf16>>, %i: i32) attributes {tir.kernel} {
  return
}

// -----

// A descriptor made in the kernel must have been rewritten into pointer
// accesses (tir-lower-descriptors) before the GPU lowering.
// CHECK: gir-to-llvm-tma-errors.mlir:[[@LINE+3]]:{{[0-9]+}}: error: 'tir.make_tensor_descriptor' op is left for the GPU lowering
func.func @in_kernel(%p: !tir.ptr<f32>, %n: i32, %s: i64, %i: i32) attributes {tir.kernel} {
  %c1 = arith.constant 1 : i64
  %d = tir.make_tensor_descriptor %p, [%n, %n], [%s, %c1] : !tir.ptr<f32>, i32 -> !tir.tensordesc<tensor<16x16xf32>>
  %x = tir.descriptor_load %d[%i, %i] : !tir.tensordesc<tensor<16x16xf32>>
  return
}
