// Tiled matmul, c = a @ b, bf16 in, fp32 accumulate, bf16 out:
//   matmul(a: bf16*, b: bf16*, c: bf16*, M: i32, N: i32, K: i32,
//          stride_am: i32, stride_ak: i32, stride_bk: i32, stride_bn: i32,
//          stride_cm: i32, stride_cn: i32);
//   grid = (ceil(N / 16), ceil(M / 16)), 8 warps (256 threads).
// Tiles are staged in shared memory as fp32.
// Each program computes a 16x16 tile of c, one element per thread, staging
// 16x16 tiles of a and b in shared memory between barriers. Loads outside
// the matrices read element 0 and are replaced by zero.
module attributes {trident.num_warps = 8 : i32} {
  llvm.mlir.global internal @a_tile() {addr_space = 3 : i32} : !llvm.array<256 x f32>
  llvm.mlir.global internal @b_tile() {addr_space = 3 : i32} : !llvm.array<256 x f32>

  llvm.func @matmul_bf16(%a: !llvm.ptr<1>, %b: !llvm.ptr<1>, %c: !llvm.ptr<1>,
                    %M: i32, %N: i32, %K: i32, %sam: i32, %sak: i32,
                    %sbk: i32, %sbn: i32, %scm: i32, %scn: i32)
      attributes {nvvm.kernel, nvvm.maxntid = array<i32: 256, 1, 1>} {
    %c0 = llvm.mlir.constant(0 : i32) : i32
    %c1 = llvm.mlir.constant(1 : i32) : i32
    %c4 = llvm.mlir.constant(4 : i32) : i32
    %c15 = llvm.mlir.constant(15 : i32) : i32
    %c16 = llvm.mlir.constant(16 : i32) : i32
    %zero = llvm.mlir.constant(0.0 : f32) : f32
    %as = llvm.mlir.addressof @a_tile : !llvm.ptr<3>
    %bs = llvm.mlir.addressof @b_tile : !llvm.ptr<3>
    %tid = nvvm.read.ptx.sreg.tid.x : i32
    %pidn = nvvm.read.ptx.sreg.ctaid.x : i32
    %pidm = nvvm.read.ptx.sreg.ctaid.y : i32
    %tx = llvm.and %tid, %c15 : i32
    %ty = llvm.lshr %tid, %c4 : i32
    %rowb = llvm.mul %pidm, %c16 : i32
    %row = llvm.add %rowb, %ty : i32
    %colb = llvm.mul %pidn, %c16 : i32
    %col = llvm.add %colb, %tx : i32
    %rowok = llvm.icmp "slt" %row, %M : i32
    %colok = llvm.icmp "slt" %col, %N : i32
    // This thread's slot in the tiles, [ty][tx], is tid.
    %aslot = llvm.getelementptr %as[0, %tid] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, !llvm.array<256 x f32>
    %bslot = llvm.getelementptr %bs[0, %tid] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, !llvm.array<256 x f32>
    %arow = llvm.mul %row, %sam : i32
    %bcol = llvm.mul %col, %sbn : i32
    llvm.br ^outer(%c0, %zero : i32, f32)
  ^outer(%k0: i32, %acc: f32):
    %more = llvm.icmp "slt" %k0, %K : i32
    llvm.cond_br %more, ^load, ^done
  ^load:
    // a[row, k0 + tx] -> a_tile[ty][tx]
    %ak = llvm.add %k0, %tx : i32
    %akok = llvm.icmp "slt" %ak, %K : i32
    %aok = llvm.and %rowok, %akok : i1
    %akoff = llvm.mul %ak, %sak : i32
    %aoff = llvm.add %arow, %akoff : i32
    %aoffs = llvm.select %aok, %aoff, %c0 : i1, i32
    %ap = llvm.getelementptr %a[%aoffs] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, bf16
    %av16 = llvm.load %ap : !llvm.ptr<1> -> bf16
    %av = llvm.fpext %av16 : bf16 to f32
    %avs = llvm.select %aok, %av, %zero : i1, f32
    llvm.store %avs, %aslot : f32, !llvm.ptr<3>
    // b[k0 + ty, col] -> b_tile[ty][tx]
    %bk = llvm.add %k0, %ty : i32
    %bkok = llvm.icmp "slt" %bk, %K : i32
    %bok = llvm.and %colok, %bkok : i1
    %bkoff = llvm.mul %bk, %sbk : i32
    %boff = llvm.add %bkoff, %bcol : i32
    %boffs = llvm.select %bok, %boff, %c0 : i1, i32
    %bp = llvm.getelementptr %b[%boffs] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, bf16
    %bv16 = llvm.load %bp : !llvm.ptr<1> -> bf16
    %bv = llvm.fpext %bv16 : bf16 to f32
    %bvs = llvm.select %bok, %bv, %zero : i1, f32
    llvm.store %bvs, %bslot : f32, !llvm.ptr<3>
    nvvm.barrier0
    llvm.br ^inner(%c0, %acc : i32, f32)
  ^inner(%kk: i32, %acc2: f32):
    %imore = llvm.icmp "slt" %kk, %c16 : i32
    llvm.cond_br %imore, ^fma, ^next
  ^fma:
    // acc += a_tile[ty][kk] * b_tile[kk][tx]
    %ai0 = llvm.mul %ty, %c16 : i32
    %ai = llvm.add %ai0, %kk : i32
    %bi0 = llvm.mul %kk, %c16 : i32
    %bi = llvm.add %bi0, %tx : i32
    %aep = llvm.getelementptr %as[0, %ai] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, !llvm.array<256 x f32>
    %bep = llvm.getelementptr %bs[0, %bi] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, !llvm.array<256 x f32>
    %ae = llvm.load %aep : !llvm.ptr<3> -> f32
    %be = llvm.load %bep : !llvm.ptr<3> -> f32
    %acc3 = llvm.intr.fma(%ae, %be, %acc2) : (f32, f32, f32) -> f32
    %kkn = llvm.add %kk, %c1 : i32
    llvm.br ^inner(%kkn, %acc3 : i32, f32)
  ^next:
    nvvm.barrier0
    %k0n = llvm.add %k0, %c16 : i32
    llvm.br ^outer(%k0n, %acc2 : i32, f32)
  ^done:
    %ok = llvm.and %rowok, %colok : i1
    llvm.cond_br %ok, ^store, ^exit
  ^store:
    %crow = llvm.mul %row, %scm : i32
    %ccol = llvm.mul %col, %scn : i32
    %coff = llvm.add %crow, %ccol : i32
    %cp = llvm.getelementptr %c[%coff] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, bf16
    %acc16 = llvm.fptrunc %acc : f32 to bf16
    llvm.store %acc16, %cp : bf16, !llvm.ptr<1>
    llvm.br ^exit
  ^exit:
    llvm.return
  }
}
