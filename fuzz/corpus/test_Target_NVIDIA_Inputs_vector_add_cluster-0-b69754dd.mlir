// Vector add launched in clusters of 2 with 64 KB of dynamic shared memory,
// to exercise cuLaunchKernelEx and the opt-in above 48 KB:
//   vector_add(x: f32*, y: f32*, out: f32*, n: i32); grid = ceil(n / 128)
//   rounded up to a multiple of 2.
// Each sum goes through dynamic shared memory at byte 65024 + 4 * tid, past
// the 48 KB a launch gets without the opt-in.
module attributes {trident.num_warps = 4 : i32, trident.shared_bytes = 65536 : i32} {
  llvm.mlir.global external @dyn_smem() {addr_space = 3 : i32, alignment = 16 : i64} : !llvm.array<0 x i8>

  llvm.func @vector_add(%x: !llvm.ptr<1>, %y: !llvm.ptr<1>, %out: !llvm.ptr<1>, %n: i32)
      attributes {nvvm.kernel, nvvm.maxntid = array<i32: 128, 1, 1>,
                  nvvm.cluster_dim = array<i32: 2, 1, 1>} {
    %c16256 = llvm.mlir.constant(16256 : i32) : i32
    %tid = nvvm.read.ptx.sreg.tid.x : i32
    %bid = nvvm.read.ptx.sreg.ctaid.x : i32
    %bdim = nvvm.read.ptx.sreg.ntid.x : i32
    %base = llvm.mul %bid, %bdim : i32
    %i = llvm.add %base, %tid : i32
    %inb = llvm.icmp "slt" %i, %n : i32
    llvm.cond_br %inb, ^body, ^exit
  ^body:
    %px = llvm.getelementptr %x[%i] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
    %py = llvm.getelementptr %y[%i] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
    %po = llvm.getelementptr %out[%i] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
    %a = llvm.load %px : !llvm.ptr<1> -> f32
    %b = llvm.load %py : !llvm.ptr<1> -> f32
    %s = llvm.fadd %a, %b : f32
    // 16256 floats = 65024 bytes.
    %smem = llvm.mlir.addressof @dyn_smem : !llvm.ptr<3>
    %slot = llvm.add %tid, %c16256 : i32
    %ps = llvm.getelementptr %smem[%slot] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, f32
    llvm.store volatile %s, %ps : f32, !llvm.ptr<3>
    %t = llvm.load volatile %ps : !llvm.ptr<3> -> f32
    llvm.store %t, %po : f32, !llvm.ptr<1>
    llvm.br ^exit
  ^exit:
    llvm.return
  }
}
