// Row softmax, one warp per row, 4 warps (rows) per program:
//   softmax(x: f32*, out: f32*, rows: i32, cols: i32, stride_x: i32,
//           stride_out: i32); grid = ceil(rows / 4).
// Each lane walks the row with stride 32; the row max and sum are reduced
// across the warp with butterfly shuffles. exp(x) is exp2(x * log2(e)):
// NVPTX has no lowering for llvm.exp.f32.
module attributes {trident.num_warps = 4 : i32} {
  llvm.func @softmax(%x: !llvm.ptr<1>, %out: !llvm.ptr<1>, %rows: i32,
                     %cols: i32, %sx: i32, %so: i32)
      attributes {nvvm.kernel, nvvm.maxntid = array<i32: 128, 1, 1>} {
    %c0 = llvm.mlir.constant(0 : i32) : i32
    %c1 = llvm.mlir.constant(1 : i32) : i32
    %c2 = llvm.mlir.constant(2 : i32) : i32
    %c4 = llvm.mlir.constant(4 : i32) : i32
    %c5 = llvm.mlir.constant(5 : i32) : i32
    %c8 = llvm.mlir.constant(8 : i32) : i32
    %c16 = llvm.mlir.constant(16 : i32) : i32
    %c31 = llvm.mlir.constant(31 : i32) : i32
    %c32 = llvm.mlir.constant(32 : i32) : i32
    %all = llvm.mlir.constant(-1 : i32) : i32
    %ninf = llvm.mlir.constant(0xFF800000 : f32) : f32
    %zero = llvm.mlir.constant(0.0 : f32) : f32
    %log2e = llvm.mlir.constant(1.44269504 : f32) : f32
    %tid = nvvm.read.ptx.sreg.tid.x : i32
    %pid = nvvm.read.ptx.sreg.ctaid.x : i32
    %lane = llvm.and %tid, %c31 : i32
    %warp = llvm.lshr %tid, %c5 : i32
    %row0 = llvm.mul %pid, %c4 : i32
    %row = llvm.add %row0, %warp : i32
    %live = llvm.icmp "slt" %row, %rows : i32
    llvm.cond_br %live, ^start, ^exit
  ^start:
    %xo = llvm.mul %row, %sx : i32
    %xrow = llvm.getelementptr %x[%xo] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
    %oo = llvm.mul %row, %so : i32
    %orow = llvm.getelementptr %out[%oo] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
    llvm.br ^max(%lane, %ninf : i32, f32)
  ^max(%j1: i32, %m: f32):
    %more1 = llvm.icmp "slt" %j1, %cols : i32
    llvm.cond_br %more1, ^maxbody, ^maxdone
  ^maxbody:
    %p1 = llvm.getelementptr %xrow[%j1] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
    %v1 = llvm.load %p1 : !llvm.ptr<1> -> f32
    %m1 = llvm.intr.maxnum(%m, %v1) : (f32, f32) -> f32
    %j1n = llvm.add %j1, %c32 : i32
    llvm.br ^max(%j1n, %m1 : i32, f32)
  ^maxdone:
    %s16 = nvvm.shfl.sync bfly %all, %m, %c16, %c31 : f32 -> f32
    %r16 = llvm.intr.maxnum(%m, %s16) : (f32, f32) -> f32
    %s8 = nvvm.shfl.sync bfly %all, %r16, %c8, %c31 : f32 -> f32
    %r8 = llvm.intr.maxnum(%r16, %s8) : (f32, f32) -> f32
    %s4 = nvvm.shfl.sync bfly %all, %r8, %c4, %c31 : f32 -> f32
    %r4 = llvm.intr.maxnum(%r8, %s4) : (f32, f32) -> f32
    %s2 = nvvm.shfl.sync bfly %all, %r4, %c2, %c31 : f32 -> f32
    %r2 = llvm.intr.maxnum(%r4, %s2) : (f32, f32) -> f32
    %s1 = nvvm.shfl.sync bfly %all, %r2, %c1, %c31 : f32 -> f32
    %rowmax = llvm.intr.maxnum(%r2, %s1) : (f32, f32) -> f32
    llvm.br ^sum(%lane, %zero : i32, f32)
  ^sum(%j2: i32, %acc: f32):
    %more2 = llvm.icmp "slt" %j2, %cols : i32
    llvm.cond_br %more2, ^sumbody, ^sumdone
  ^sumbody:
    %p2 = llvm.getelementptr %xrow[%j2] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
    %v2 = llvm.load %p2 : !llvm.ptr<1> -> f32
    %d2 = llvm.fsub %v2, %rowmax : f32
    %l2 = llvm.fmul %d2, %log2e : f32
    %e2 = llvm.intr.exp2(%l2) : (f32) -> f32
    %acc2 = llvm.fadd %acc, %e2 : f32
    %j2n = llvm.add %j2, %c32 : i32
    llvm.br ^sum(%j2n, %acc2 : i32, f32)
  ^sumdone:
    %t16 = nvvm.shfl.sync bfly %all, %acc, %c16, %c31 : f32 -> f32
    %u16 = llvm.fadd %acc, %t16 : f32
    %t8 = nvvm.shfl.sync bfly %all, %u16, %c8, %c31 : f32 -> f32
    %u8 = llvm.fadd %u16, %t8 : f32
    %t4 = nvvm.shfl.sync bfly %all, %u8, %c4, %c31 : f32 -> f32
    %u4 = llvm.fadd %u8, %t4 : f32
    %t2 = nvvm.shfl.sync bfly %all, %u4, %c2, %c31 : f32 -> f32
    %u2 = llvm.fadd %u4, %t2 : f32
    %t1 = nvvm.shfl.sync bfly %all, %u2, %c1, %c31 : f32 -> f32
    %rowsum = llvm.fadd %u2, %t1 : f32
    llvm.br ^write(%lane : i32)
  ^write(%j3: i32):
    %more3 = llvm.icmp "slt" %j3, %cols : i32
    llvm.cond_br %more3, ^writebody, ^exit
  ^writebody:
    %p3 = llvm.getelementptr %xrow[%j3] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
    %v3 = llvm.load %p3 : !llvm.ptr<1> -> f32
    %d3 = llvm.fsub %v3, %rowmax : f32
    %l3 = llvm.fmul %d3, %log2e : f32
    %e3 = llvm.intr.exp2(%l3) : (f32) -> f32
    %y3 = llvm.fdiv %e3, %rowsum : f32
    %q3 = llvm.getelementptr %orow[%j3] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
    llvm.store %y3, %q3 : f32, !llvm.ptr<1>
    %j3n = llvm.add %j3, %c32 : i32
    llvm.br ^write(%j3n : i32)
  ^exit:
    llvm.return
  }
}
