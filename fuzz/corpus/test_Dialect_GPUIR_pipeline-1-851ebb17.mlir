// Left alone: the load's address depends on the accumulator, so it cannot
// run ahead; a load whose masked-off elements are not zero; and (third
// function) loads of pointer tiles nothing proves contiguous, which
// cp.async cannot copy in runs of 4 bytes or more.
// CHECK-LABEL: func.func @not_pipelined
// CHECK-NOT: nvgir.async_copy
// CHECK: tir.load
// CHECK: tir.dot
// CHECK: tir.load
// CHECK: tir.dot
// CHECK-NOT: nvgir.async_copy
module {
  func.func @not_pipelined(%pa: tensor<128x64x!tir.ptr<bf16>>, %pb: tensor<64x128x!tir.ptr<bf16>>,
                           %pb64: tensor<64x64x!tir.ptr<bf16>>,
                           %m: tensor<128x64xi1>, %n: index) -> (tensor<128x64xf32>, tensor<128x128xf32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %z = arith.constant dense<0.0> : tensor<128x128xf32>
    %one = arith.constant dense<1.0> : tensor<128x64xbf16>
    %z2 = arith.constant dense<0.0> : tensor<128x64xf32>
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %z2) -> (tensor<128x64xf32>) {
      %offs = arith.fptosi %acc : tensor<128x64xf32> to tensor<128x64xi32>
      %pa2 = tir.addptr %pa, %offs : tensor<128x64x!tir.ptr<bf16>>, tensor<128x64xi32>
      %a = tir.load %pa2 : tensor<128x64x!tir.ptr<bf16>>
      %b = tir.load %pb64 : tensor<64x64x!tir.ptr<bf16>>
      %d = tir.dot %a, %b, %acc : tensor<128x64xbf16> * tensor<64x64xbf16> -> tensor<128x64xf32>
      scf.yield %d : tensor<128x64xf32>
    }
    %r2 = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %z) -> (tensor<128x128xf32>) {
      %a = tir.load %pa, %m, %one : tensor<128x64x!tir.ptr<bf16>>
      %b = tir.load %pb : tensor<64x128x!tir.ptr<bf16>>
      %d = tir.dot %a, %b, %acc : tensor<128x64xbf16> * tensor<64x128xbf16> -> tensor<128x128xf32>
      scf.yield %d : tensor<128x128xf32>
    }
    return %r, %r2 : tensor<128x64xf32>, tensor<128x128xf32>
  }
}
