// C = A @ B (fp32, 64x64 tiles, BLOCK_K = 32) through in-kernel tensor
// descriptors, argument list of `trident-launch --kernel matmul`, grid
// (ceil(N/64), ceil(M/64)). A's K stride is taken at run time (the multiply
// path), B's and C's unit strides are the constant 1.
module {
  func.func @matmul_desc(%A: !tir.ptr<f32> {tir.divisibility = 16 : i32},
                         %B: !tir.ptr<f32> {tir.divisibility = 16 : i32},
                         %C: !tir.ptr<f32> {tir.divisibility = 16 : i32},
                         %M: i32, %N: i32, %K: i32, %sam: i32, %sak: i32,
                         %sbk: i32, %sbn: i32, %scm: i32, %scn: i32)
      attributes {tir.kernel} {
    %c0 = arith.constant 0 : i32
    %c32 = arith.constant 32 : i32
    %c64 = arith.constant 64 : i32
    %one = arith.constant 1 : i64
    %pid_n = tir.get_program_id 0 : i32
    %pid_m = tir.get_program_id 1 : i32
    %m0 = arith.muli %pid_m, %c64 : i32
    %n0 = arith.muli %pid_n, %c64 : i32
    %sam64 = arith.extsi %sam : i32 to i64
    %sak64 = arith.extsi %sak : i32 to i64
    %sbk64 = arith.extsi %sbk : i32 to i64
    %scm64 = arith.extsi %scm : i32 to i64
    %da = tir.make_tensor_descriptor %A, [%M, %K], [%sam64, %sak64] : !tir.ptr<f32>, i32 -> !tir.tensordesc<tensor<64x32xf32>>
    %db = tir.make_tensor_descriptor %B, [%K, %N], [%sbk64, %one] : !tir.ptr<f32>, i32 -> !tir.tensordesc<tensor<32x64xf32>>
    %dc = tir.make_tensor_descriptor %C, [%M, %N], [%scm64, %one] : !tir.ptr<f32>, i32 -> !tir.tensordesc<tensor<64x64xf32>>
    %zero = arith.constant dense<0.0> : tensor<64x64xf32>
    %acc = scf.for %k0 = %c0 to %K step %c32 iter_args(%acc_i = %zero) -> (tensor<64x64xf32>) : i32 {
      %a = tir.descriptor_load %da[%m0, %k0] : !tir.tensordesc<tensor<64x32xf32>>
      %b = tir.descriptor_load %db[%k0, %n0] : !tir.tensordesc<tensor<32x64xf32>>
      %d = tir.dot %a, %b, %acc_i : tensor<64x32xf32> * tensor<32x64xf32> -> tensor<64x64xf32>
      scf.yield %d : tensor<64x64xf32>
    }
    tir.descriptor_store %dc[%m0, %n0], %acc : !tir.tensordesc<tensor<64x64xf32>>
    return
  }
}
