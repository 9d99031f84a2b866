// C = A @ B on CUDA cores (fp32), 64x64 output tiles, BLOCK_K = 32,
// with the argument list of `trident-launch --kernel matmul` (grid:
// (ceil(N/64), ceil(M/64))). The tensor-core lowering of tir.dot replaces
// the CUDA-core one for bf16; this kernel checks the portable path.
//
//   pid_n, pid_m = tl.program_id(0), tl.program_id(1)
//   rm = pid_m * 64 + tl.arange(0, 64); rn = pid_n * 64 + tl.arange(0, 64)
//   rk = tl.arange(0, 32)
//   acc = tl.zeros((64, 64), tl.float32)
//   for k in range(0, tl.cdiv(K, 32)):
//       a = tl.load(A + rm[:, None] * sam + (k * 32 + rk)[None, :] * sak,
//                   mask=(rm[:, None] < M) & ((k * 32 + rk)[None, :] < K), other=0)
//       b = tl.load(B + (k * 32 + rk)[:, None] * sbk + rn[None, :] * sbn,
//                   mask=((k * 32 + rk)[:, None] < K) & (rn[None, :] < N), other=0)
//       acc = tl.dot(a, b, acc)
//   tl.store(C + rm[:, None] * scm + rn[None, :] * scn, acc,
//            mask=(rm[:, None] < M) & (rn[None, :] < N))
module {
  func.func @matmul_fma(%A: !tir.ptr<f32> {tir.divisibility = 16 : i32},
                        %B: !tir.ptr<f32> {tir.divisibility = 16 : i32},
                        %C: !tir.ptr<f32> {tir.divisibility = 16 : i32},
                        %M: i32, %N: i32, %K: i32, %sam: i32, %sak: i32,
                        %sbk: i32, %sbn: i32, %scm: i32, %scn: i32)
      attributes {tir.kernel} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c32 = arith.constant 32 : i32
    %c31 = arith.constant 31 : i32
    %c64 = arith.constant 64 : i32
    %pid_n = tir.get_program_id 0 : i32
    %pid_m = tir.get_program_id 1 : i32
    %r64 = tir.make_range 0 to 64 : tensor<64xi32>
    %rk = tir.make_range 0 to 32 : tensor<32xi32>
    %m0 = arith.muli %pid_m, %c64 : i32
    %n0 = arith.muli %pid_n, %c64 : i32
    %m0s = tir.splat %m0 : i32 -> tensor<64xi32>
    %n0s = tir.splat %n0 : i32 -> tensor<64xi32>
    %rm = arith.addi %m0s, %r64 : tensor<64xi32>
    %rn = arith.addi %n0s, %r64 : tensor<64xi32>
    %rm2 = tir.expand_dims %rm, axis = 1 : tensor<64xi32> -> tensor<64x1xi32>
    %rn2 = tir.expand_dims %rn, axis = 0 : tensor<64xi32> -> tensor<1x64xi32>
    %Ms = tir.splat %M : i32 -> tensor<64x1xi32>
    %Ns = tir.splat %N : i32 -> tensor<1x64xi32>
    %m_ok = arith.cmpi slt, %rm2, %Ms : tensor<64x1xi32>
    %n_ok = arith.cmpi slt, %rn2, %Ns : tensor<1x64xi32>
    %sams = tir.splat %sam : i32 -> tensor<64x1xi32>
    %a_row = arith.muli %rm2, %sams : tensor<64x1xi32>
    %sbns = tir.splat %sbn : i32 -> tensor<1x64xi32>
    %b_col = arith.muli %rn2, %sbns : tensor<1x64xi32>
    %Kp = arith.addi %K, %c31 : i32
    %ktiles = arith.divsi %Kp, %c32 : i32
    %kt = arith.index_cast %ktiles : i32 to index
    %zero = arith.constant dense<0.0> : tensor<64x64xf32>
    %zero_in = arith.constant dense<0.0> : tensor<64x32xf32>
    %zero_inb = arith.constant dense<0.0> : tensor<32x64xf32>
    %acc = scf.for %i = %c0 to %kt step %c1 iter_args(%acc_i = %zero) -> (tensor<64x64xf32>) {
      %ii = arith.index_cast %i : index to i32
      %k0 = arith.muli %ii, %c32 : i32
      %k0s = tir.splat %k0 : i32 -> tensor<32xi32>
      %kk = arith.addi %k0s, %rk : tensor<32xi32>
      // A tile: rm x kk
      %kk_r = tir.expand_dims %kk, axis = 0 : tensor<32xi32> -> tensor<1x32xi32>
      %saks = tir.splat %sak : i32 -> tensor<1x32xi32>
      %a_k = arith.muli %kk_r, %saks : tensor<1x32xi32>
      %a_row_b = tir.broadcast %a_row : tensor<64x1xi32> -> tensor<64x32xi32>
      %a_k_b = tir.broadcast %a_k : tensor<1x32xi32> -> tensor<64x32xi32>
      %a_off = arith.addi %a_row_b, %a_k_b : tensor<64x32xi32>
      %Ks_r = tir.splat %K : i32 -> tensor<1x32xi32>
      %k_ok_r = arith.cmpi slt, %kk_r, %Ks_r : tensor<1x32xi32>
      %m_ok_b = tir.broadcast %m_ok : tensor<64x1xi1> -> tensor<64x32xi1>
      %k_ok_rb = tir.broadcast %k_ok_r : tensor<1x32xi1> -> tensor<64x32xi1>
      %a_mask = arith.andi %m_ok_b, %k_ok_rb : tensor<64x32xi1>
      %As = tir.splat %A : !tir.ptr<f32> -> tensor<64x32x!tir.ptr<f32>>
      %a_ptrs = tir.addptr %As, %a_off : tensor<64x32x!tir.ptr<f32>>, tensor<64x32xi32>
      %a = tir.load %a_ptrs, %a_mask, %zero_in : tensor<64x32x!tir.ptr<f32>>
      // B tile: kk x rn
      %kk_c = tir.expand_dims %kk, axis = 1 : tensor<32xi32> -> tensor<32x1xi32>
      %sbks = tir.splat %sbk : i32 -> tensor<32x1xi32>
      %b_k = arith.muli %kk_c, %sbks : tensor<32x1xi32>
      %b_k_b = tir.broadcast %b_k : tensor<32x1xi32> -> tensor<32x64xi32>
      %b_col_b = tir.broadcast %b_col : tensor<1x64xi32> -> tensor<32x64xi32>
      %b_off = arith.addi %b_k_b, %b_col_b : tensor<32x64xi32>
      %Ks_c = tir.splat %K : i32 -> tensor<32x1xi32>
      %k_ok_c = arith.cmpi slt, %kk_c, %Ks_c : tensor<32x1xi32>
      %k_ok_cb = tir.broadcast %k_ok_c : tensor<32x1xi1> -> tensor<32x64xi1>
      %n_ok_b = tir.broadcast %n_ok : tensor<1x64xi1> -> tensor<32x64xi1>
      %b_mask = arith.andi %k_ok_cb, %n_ok_b : tensor<32x64xi1>
      %Bs = tir.splat %B : !tir.ptr<f32> -> tensor<32x64x!tir.ptr<f32>>
      %b_ptrs = tir.addptr %Bs, %b_off : tensor<32x64x!tir.ptr<f32>>, tensor<32x64xi32>
      %b = tir.load %b_ptrs, %b_mask, %zero_inb : tensor<32x64x!tir.ptr<f32>>
      %d = tir.dot %a, %b, %acc_i : tensor<64x32xf32> * tensor<32x64xf32> -> tensor<64x64xf32>
      scf.yield %d : tensor<64x64xf32>
    }
    %out = arith.addf %acc, %zero : tensor<64x64xf32>
    %scms = tir.splat %scm : i32 -> tensor<64x1xi32>
    %c_row = arith.muli %rm2, %scms : tensor<64x1xi32>
    %scns = tir.splat %scn : i32 -> tensor<1x64xi32>
    %c_col = arith.muli %rn2, %scns : tensor<1x64xi32>
    %c_row_b = tir.broadcast %c_row : tensor<64x1xi32> -> tensor<64x64xi32>
    %c_col_b = tir.broadcast %c_col : tensor<1x64xi32> -> tensor<64x64xi32>
    %c_off = arith.addi %c_row_b, %c_col_b : tensor<64x64xi32>
    %m_ok_c = tir.broadcast %m_ok : tensor<64x1xi1> -> tensor<64x64xi1>
    %n_ok_c = tir.broadcast %n_ok : tensor<1x64xi1> -> tensor<64x64xi1>
    %c_mask = arith.andi %m_ok_c, %n_ok_c : tensor<64x64xi1>
    %Cs = tir.splat %C : !tir.ptr<f32> -> tensor<64x64x!tir.ptr<f32>>
    %c_ptrs = tir.addptr %Cs, %c_off : tensor<64x64x!tir.ptr<f32>>, tensor<64x64xi32>
    tir.store %c_ptrs, %out, %c_mask : tensor<64x64x!tir.ptr<f32>>
    return
  }
}
