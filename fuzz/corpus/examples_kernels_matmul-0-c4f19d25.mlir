// C = A @ B with bf16 inputs and fp32 accumulation, BLOCK_M = BLOCK_N = 128,
// BLOCK_K = 64; A is MxK and B is KxN, both row-major (their unit strides
// specialised away, as the front end does for strides equal to 1); C is
// bf16. As `triton.language` writes it:
//
//   @trident.jit
//   def matmul_kernel(a_ptr, b_ptr, c_ptr, M, N, K, stride_am, stride_bk,
//                     stride_cm, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr,
//                     BLOCK_K: tl.constexpr):
//       pid = tl.program_id(0)
//       num_pid_n = tl.cdiv(N, BLOCK_N)
//       pid_m = pid // num_pid_n
//       pid_n = pid % num_pid_n
//       offs_m = (pid_m * BLOCK_M + tl.arange(0, BLOCK_M)) % M
//       offs_n = (pid_n * BLOCK_N + tl.arange(0, BLOCK_N)) % N
//       offs_k = tl.arange(0, BLOCK_K)
//       a_ptrs = a_ptr + offs_m[:, None] * stride_am + offs_k[None, :]
//       b_ptrs = b_ptr + offs_k[:, None] * stride_bk + offs_n[None, :]
//       acc = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.float32)
//       for k in range(0, tl.cdiv(K, BLOCK_K)):
//           a = tl.load(a_ptrs, mask=offs_k[None, :] < K - k * BLOCK_K, other=0.0)
//           b = tl.load(b_ptrs, mask=offs_k[:, None] < K - k * BLOCK_K, other=0.0)
//           acc = tl.dot(a, b, acc)
//           a_ptrs += BLOCK_K
//           b_ptrs += BLOCK_K * stride_bk
//       c = acc.to(tl.bfloat16)
//       offs_cm = pid_m * BLOCK_M + tl.arange(0, BLOCK_M)
//       offs_cn = pid_n * BLOCK_N + tl.arange(0, BLOCK_N)
//       c_ptrs = c_ptr + offs_cm[:, None] * stride_cm + offs_cn[None, :]
//       c_mask = (offs_cm[:, None] < M) & (offs_cn[None, :] < N)
//       tl.store(c_ptrs, c, mask=c_mask)
module {
  func.func @matmul_kernel(%a_ptr: !tir.ptr<bf16> {tir.divisibility = 16 : i32},
                           %b_ptr: !tir.ptr<bf16> {tir.divisibility = 16 : i32},
                           %c_ptr: !tir.ptr<bf16> {tir.divisibility = 16 : i32},
                           %M: i32, %N: i32, %K: i32,
                           %stride_am: i32 {tir.divisibility = 16 : i32},
                           %stride_bk: i32 {tir.divisibility = 16 : i32},
                           %stride_cm: i32 {tir.divisibility = 16 : i32})
      attributes {tir.kernel} {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %c64 = arith.constant 64 : i32
    %c127 = arith.constant 127 : i32
    %c63 = arith.constant 63 : i32
    %c128 = arith.constant 128 : i32

    // Program id -> (pid_m, pid_n).
    %pid = tir.get_program_id 0 : i32
    %n_plus = arith.addi %N, %c127 : i32
    %num_pid_n = arith.divsi %n_plus, %c128 : i32
    %pid_m = arith.divsi %pid, %num_pid_n : i32
    %pid_n = arith.remsi %pid, %num_pid_n : i32

    // offs_m, offs_n (wrapped into range), offs_k.
    %r128 = tir.make_range 0 to 128 : tensor<128xi32>
    %m0 = arith.muli %pid_m, %c128 : i32
    %m0s = tir.splat %m0 : i32 -> tensor<128xi32>
    %offs_cm = arith.addi %m0s, %r128 : tensor<128xi32>
    %Ms = tir.splat %M : i32 -> tensor<128xi32>
    %offs_m = arith.remsi %offs_cm, %Ms : tensor<128xi32>
    %n0 = arith.muli %pid_n, %c128 : i32
    %n0s = tir.splat %n0 : i32 -> tensor<128xi32>
    %offs_cn = arith.addi %n0s, %r128 : tensor<128xi32>
    %Ns = tir.splat %N : i32 -> tensor<128xi32>
    %offs_n = arith.remsi %offs_cn, %Ns : tensor<128xi32>
    %offs_k = tir.make_range 0 to 64 : tensor<64xi32>

    // a_ptrs = a_ptr + offs_m[:, None] * stride_am + offs_k[None, :]
    %om = tir.expand_dims %offs_m, axis = 1 : tensor<128xi32> -> tensor<128x1xi32>
    %sam = tir.splat %stride_am : i32 -> tensor<128x1xi32>
    %a_rows = arith.muli %om, %sam : tensor<128x1xi32>
    %a_rows_b = tir.broadcast %a_rows : tensor<128x1xi32> -> tensor<128x64xi32>
    %ok_row = tir.expand_dims %offs_k, axis = 0 : tensor<64xi32> -> tensor<1x64xi32>
    %a_cols_b = tir.broadcast %ok_row : tensor<1x64xi32> -> tensor<128x64xi32>
    %a_offs = arith.addi %a_rows_b, %a_cols_b : tensor<128x64xi32>
    %a_base = tir.splat %a_ptr : !tir.ptr<bf16> -> tensor<128x64x!tir.ptr<bf16>>
    %a_ptrs0 = tir.addptr %a_base, %a_offs : tensor<128x64x!tir.ptr<bf16>>, tensor<128x64xi32>

    // b_ptrs = b_ptr + offs_k[:, None] * stride_bk + offs_n[None, :]
    %ok_col = tir.expand_dims %offs_k, axis = 1 : tensor<64xi32> -> tensor<64x1xi32>
    %sbk = tir.splat %stride_bk : i32 -> tensor<64x1xi32>
    %b_rows = arith.muli %ok_col, %sbk : tensor<64x1xi32>
    %b_rows_b = tir.broadcast %b_rows : tensor<64x1xi32> -> tensor<64x128xi32>
    %on = tir.expand_dims %offs_n, axis = 0 : tensor<128xi32> -> tensor<1x128xi32>
    %b_cols_b = tir.broadcast %on : tensor<1x128xi32> -> tensor<64x128xi32>
    %b_offs = arith.addi %b_rows_b, %b_cols_b : tensor<64x128xi32>
    %b_base = tir.splat %b_ptr : !tir.ptr<bf16> -> tensor<64x128x!tir.ptr<bf16>>
    %b_ptrs0 = tir.addptr %b_base, %b_offs : tensor<64x128x!tir.ptr<bf16>>, tensor<64x128xi32>

    // The K loop.
    %acc0 = arith.constant dense<0.0> : tensor<128x128xf32>
    %a_zero = arith.constant dense<0.0> : tensor<128x64xbf16>
    %b_zero = arith.constant dense<0.0> : tensor<64x128xbf16>
    %k_plus = arith.addi %K, %c63 : i32
    %k_tiles = arith.divsi %k_plus, %c64 : i32
    %a_step = tir.splat %c64 : i32 -> tensor<128x64xi32>
    %b_step_s = arith.muli %stride_bk, %c64 : i32
    %b_step = tir.splat %b_step_s : i32 -> tensor<64x128xi32>
    %acc, %a_end, %b_end = scf.for %k = %c0 to %k_tiles step %c1
        iter_args(%acc_i = %acc0, %a_ptrs = %a_ptrs0, %b_ptrs = %b_ptrs0)
        -> (tensor<128x128xf32>, tensor<128x64x!tir.ptr<bf16>>, tensor<64x128x!tir.ptr<bf16>>) : i32 {
      // k_remaining = K - k * BLOCK_K
      %k_done = arith.muli %k, %c64 : i32
      %k_rem = arith.subi %K, %k_done : i32
      %k_rem_row = tir.splat %k_rem : i32 -> tensor<1x64xi32>
      %a_k_ok = arith.cmpi slt, %ok_row, %k_rem_row : tensor<1x64xi32>
      %a_mask = tir.broadcast %a_k_ok : tensor<1x64xi1> -> tensor<128x64xi1>
      %a = tir.load %a_ptrs, %a_mask, %a_zero : tensor<128x64x!tir.ptr<bf16>>
      %k_rem_col = tir.splat %k_rem : i32 -> tensor<64x1xi32>
      %b_k_ok = arith.cmpi slt, %ok_col, %k_rem_col : tensor<64x1xi32>
      %b_mask = tir.broadcast %b_k_ok : tensor<64x1xi1> -> tensor<64x128xi1>
      %b = tir.load %b_ptrs, %b_mask, %b_zero : tensor<64x128x!tir.ptr<bf16>>
      %acc_next = tir.dot %a, %b, %acc_i : tensor<128x64xbf16> * tensor<64x128xbf16> -> tensor<128x128xf32>
      %a_next = tir.addptr %a_ptrs, %a_step : tensor<128x64x!tir.ptr<bf16>>, tensor<128x64xi32>
      %b_next = tir.addptr %b_ptrs, %b_step : tensor<64x128x!tir.ptr<bf16>>, tensor<64x128xi32>
      scf.yield %acc_next, %a_next, %b_next : tensor<128x128xf32>, tensor<128x64x!tir.ptr<bf16>>, tensor<64x128x!tir.ptr<bf16>>
    }

    // c = acc.to(bf16), stored under the (M, N) bounds mask.
    %c = arith.truncf %acc : tensor<128x128xf32> to tensor<128x128xbf16>
    %ocm = tir.expand_dims %offs_cm, axis = 1 : tensor<128xi32> -> tensor<128x1xi32>
    %scm = tir.splat %stride_cm : i32 -> tensor<128x1xi32>
    %c_rows = arith.muli %ocm, %scm : tensor<128x1xi32>
    %c_rows_b = tir.broadcast %c_rows : tensor<128x1xi32> -> tensor<128x128xi32>
    %ocn = tir.expand_dims %offs_cn, axis = 0 : tensor<128xi32> -> tensor<1x128xi32>
    %c_cols_b = tir.broadcast %ocn : tensor<1x128xi32> -> tensor<128x128xi32>
    %c_offs = arith.addi %c_rows_b, %c_cols_b : tensor<128x128xi32>
    %c_base = tir.splat %c_ptr : !tir.ptr<bf16> -> tensor<128x128x!tir.ptr<bf16>>
    %c_ptrs = tir.addptr %c_base, %c_offs : tensor<128x128x!tir.ptr<bf16>>, tensor<128x128xi32>
    %Mc = tir.splat %M : i32 -> tensor<128x1xi32>
    %m_ok = arith.cmpi slt, %ocm, %Mc : tensor<128x1xi32>
    %m_ok_b = tir.broadcast %m_ok : tensor<128x1xi1> -> tensor<128x128xi1>
    %Nc = tir.splat %N : i32 -> tensor<1x128xi32>
    %n_ok = arith.cmpi slt, %ocn, %Nc : tensor<1x128xi32>
    %n_ok_b = tir.broadcast %n_ok : tensor<1x128xi1> -> tensor<128x128xi1>
    %c_mask = arith.andi %m_ok_b, %n_ok_b : tensor<128x128xi1>
    tir.store %c_ptrs, %c, %c_mask : tensor<128x128x!tir.ptr<bf16>>
    return
  }
}
