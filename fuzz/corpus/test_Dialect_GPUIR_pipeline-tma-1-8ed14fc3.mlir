// A kernel that asks for one stage (tir.num_stages = 1) is not pipelined:
// its descriptor loads stay (and get a layout, printed after `->`).
// CHECK-LABEL: func.func @one_stage
// CHECK-NOT: nvgir.tma_load
// CHECK: tir.descriptor_load %arg0[%arg2, %{{.*}}] : !tir.tensordesc<tensor<128x64xbf16>> -> tensor<128x64xbf16, #
// CHECK-NOT: nvgir.tma_load
module attributes {tir.num_stages = 1 : i32} {
func.func @one_stage(%A: !tir.tensordesc<tensor<128x64xbf16>>,
                     %B: !tir.tensordesc<tensor<64x128xbf16>>,
                     %m0: i32, %n0: i32, %kt: index) -> tensor<128x128xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %cBK = arith.constant 64 : i32
  %zero = arith.constant dense<0.0> : tensor<128x128xf32>
  %acc = scf.for %i = %c0 to %kt step %c1 iter_args(%acc_i = %zero) -> (tensor<128x128xf32>) {
    %ii = arith.index_cast %i : index to i32
    %k0 = arith.muli %ii, %cBK : i32
    %a = tir.descriptor_load %A[%m0, %k0] : !tir.tensordesc<tensor<128x64xbf16>>
    %b = tir.descriptor_load %B[%k0, %n0] : !tir.tensordesc<tensor<64x128xbf16>>
    %d = tir.dot %a, %b, %acc_i : tensor<128x64xbf16> * tensor<64x128xbf16> -> tensor<128x128xf32>
    scf.yield %d : tensor<128x128xf32>
  }
  return %acc : tensor<128x128xf32>
}
}
