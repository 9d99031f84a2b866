// C = A @ B in bf16 with fp32 accumulation, every matrix passed as a TMA
// descriptor (`!tir.tensordesc` arguments: the host encodes them, as
// Triton's host-side TensorDescriptor does; trident-launch --kernel
// matmul_tma). Each program computes a 128x128 tile of C. On cuda:90a the
// A and B blocks come by cp.async.bulk.tensor into gir-pipeline's
// swizzled ring, one mbarrier per stage whose phase completes when the
// block's bytes have landed, and feed wgmma directly; the C tile leaves
// through shared memory by a TMA store, which clips the edges. Rows must be
// 16-byte aligned (K and N multiples of 8); any M, N, K otherwise: TMA
// zero-fills what lies outside A and B.
module {
  func.func @matmul_bf16_tma(%A: !tir.tensordesc<tensor<128x64xbf16>>,
                             %B: !tir.tensordesc<tensor<64x128xbf16>>,
                             %C: !tir.tensordesc<tensor<128x128xbf16>>,
                             %M: i32, %N: i32, %K: i32)
      attributes {tir.kernel} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %cBK = arith.constant 64 : i32
    %cBK1 = arith.constant 63 : i32
    %cBM = arith.constant 128 : i32
    %pid_n = tir.get_program_id 0 : i32
    %pid_m = tir.get_program_id 1 : i32
    %m0 = arith.muli %pid_m, %cBM : i32
    %n0 = arith.muli %pid_n, %cBM : i32
    %Kp = arith.addi %K, %cBK1 : i32
    %ktiles = arith.divsi %Kp, %cBK : i32
    %kt = arith.index_cast %ktiles : i32 to index
    %zero = arith.constant dense<0.0> : tensor<128x128xf32>
    %acc = scf.for %i = %c0 to %kt step %c1 iter_args(%acc_i = %zero) -> (tensor<128x128xf32>) {
      %ii = arith.index_cast %i : index to i32
      %k0 = arith.muli %ii, %cBK : i32
      %a = tir.descriptor_load %A[%m0, %k0] : !tir.tensordesc<tensor<128x64xbf16>>
      %b = tir.descriptor_load %B[%k0, %n0] : !tir.tensordesc<tensor<64x128xbf16>>
      %d = tir.dot %a, %b, %acc_i : tensor<128x64xbf16> * tensor<64x128xbf16> -> tensor<128x128xf32>
      scf.yield %d : tensor<128x128xf32>
    }
    %out = arith.truncf %acc : tensor<128x128xf32> to tensor<128x128xbf16>
    tir.descriptor_store %C[%m0, %n0], %out : !tir.tensordesc<tensor<128x128xbf16>>
    return
  }
}
