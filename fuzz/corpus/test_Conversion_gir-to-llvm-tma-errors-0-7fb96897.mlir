// A block TMA cannot move (rows of 8 bytes) is an error naming the kernel,
// the argument and why.
// CHECK: gir-to-llvm-tma-errors.mlir:[[@LINE+1]]:{{[0-9]+}}: error: kernel 'narrow' argument #0: cannot move '!tir.tensordesc<tensor<8x4xf16>>' with TMA: TMA moves rows of a multiple of 16 bytes; the block's last dimension has 8
func.func @narrow(%src: !tir.tensordesc<tensor<8x4xf16>>, %i: i32) attributes {tir.kernel} {
  return
}
