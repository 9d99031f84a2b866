// CHECK-LABEL: func.func @not_contiguous
// CHECK-NOT: nvgir.async_copy
// CHECK: tir.dot
module {
  func.func @not_contiguous(%pa: tensor<128x64x!tir.ptr<bf16>>, %pb: tensor<64x128x!tir.ptr<bf16>>,
                            %n: index) -> tensor<128x128xf32> {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %z = arith.constant dense<0.0> : tensor<128x128xf32>
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %z) -> (tensor<128x128xf32>) {
      %a = tir.load %pa : tensor<128x64x!tir.ptr<bf16>>
      %b = tir.load %pb : tensor<64x128x!tir.ptr<bf16>>
      %d = tir.dot %a, %b, %acc : tensor<128x64xbf16> * tensor<64x128xbf16> -> tensor<128x128xf32>
      scf.yield %d : tensor<128x128xf32>
    }
    return %r : tensor<128x128xf32>
  }
}
