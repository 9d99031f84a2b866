// RUN: not trident-opt %s -split-input-file --convert-tir-to-gir=compute-capability=90 --convert-gir-to-llvm 2>&1 | FileCheck %s

// A block TMA cannot move (rows of 8 bytes) is an error naming the kernel,
// the argument and why.
// CHECK: gir-to-llvm-tma-errors.mlir:[[@LINE+1]]:{{[0-9]+}}: error: kernel 'narrow' argument #0: cannot move '!tir.tensordesc<tensor<8x4xf16>>' with TMA: TMA moves rows of a multiple of 16 bytes; the block's last dimension has 8
func.func @narrow(%src: !tir.tensordesc<tensor<8x4xf16>>, %i: i32) attributes {tir.kernel} {
  return
}

// -----

// A descriptor made in the kernel that reaches the GPU lowering becomes a
// tensor map only if TMA can move its block (tir-lower-descriptors=tma=true
// leaves only those); otherwise an error naming the op and why.
// CHECK: gir-to-llvm-tma-errors.mlir:[[@LINE+3]]:{{[0-9]+}}: error: 'tir.make_tensor_descriptor' op cannot be served by TMA: TMA moves rows of a multiple of 16 bytes
func.func @in_kernel(%p: !tir.ptr<f32>, %n: i32, %s: i64, %i: i32) attributes {tir.kernel} {
  %c1 = arith.constant 1 : i64
  %d = tir.make_tensor_descriptor %p, [%n, %n], [%s, %c1] : !tir.ptr<f32>, i32 -> !tir.tensordesc<tensor<16x2xf32>>
  %x = tir.descriptor_load %d[%i, %i] : !tir.tensordesc<tensor<16x2xf32>>
  return
}
