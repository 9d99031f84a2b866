// 192 KiB fits on sm_90 but not on sm_80 (163 KiB).
module attributes {gir.compute_capability = 80 : i32} {
  func.func @too_big_sm80(%a: tensor<256x128xf32>, %b: tensor<128x128xf32>, %c: tensor<256x128xf32>) -> tensor<256x128xf32> {
    // expected-error @+1 {{'tir.dot' needs 196608 bytes of shared memory; the kernel needs 196608 bytes in all, over the 166912-byte limit of shared memory per program on sm_80 (use smaller tiles)}}
    %d = tir.dot %a, %b, %c : tensor<256x128xf32> * tensor<128x128xf32> -> tensor<256x128xf32>
    return %d : tensor<256x128xf32>
  }
}
