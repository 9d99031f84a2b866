// A dot whose operands do not fit in the shared memory of a program (sm_90
// when the module names no compute capability: 227 KiB).
func.func @too_big(%a: tensor<256x128xf32>, %b: tensor<128x256xf32>, %c: tensor<256x256xf32>) -> tensor<256x256xf32> {
  // expected-error @+1 {{'tir.dot' needs 262144 bytes of shared memory; the kernel needs 262144 bytes in all, over the 232448-byte limit of shared memory per program on sm_90 (use smaller tiles)}}
  %d = tir.dot %a, %b, %c : tensor<256x128xf32> * tensor<128x256xf32> -> tensor<256x256xf32>
  return %d : tensor<256x256xf32>
}
