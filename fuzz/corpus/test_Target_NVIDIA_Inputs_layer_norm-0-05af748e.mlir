// Layer norm over rows, one warp per row, 4 warps (rows) per program:
//   layer_norm(x: f32*, weight: f32*, bias: f32*, out: f32*, rows: i32,
//              cols: i32, stride_x: i32, stride_out: i32, eps: f32);
//   grid = ceil(rows / 4).
// Two passes for the mean and the (biased) variance, reduced across the
// warp with butterfly shuffles, then one pass writing the output.
module attributes {trident.num_warps = 4 : i32} {
  // Sum of `v` over the warp.
  llvm.func internal @warp_sum(%v: f32) -> f32 attributes {always_inline} {
    %all = llvm.mlir.constant(-1 : i32) : i32
    %c31 = llvm.mlir.constant(31 : i32) : i32
    %c16 = llvm.mlir.constant(16 : i32) : i32
    %c8 = llvm.mlir.constant(8 : i32) : i32
    %c4 = llvm.mlir.constant(4 : i32) : i32
    %c2 = llvm.mlir.constant(2 : i32) : i32
    %c1 = llvm.mlir.constant(1 : i32) : i32
    %t16 = nvvm.shfl.sync bfly %all, %v, %c16, %c31 : f32 -> f32
    %u16 = llvm.fadd %v, %t16 : f32
    %t8 = nvvm.shfl.sync bfly %all, %u16, %c8, %c31 : f32 -> f32
    %u8 = llvm.fadd %u16, %t8 : f32
    %t4 = nvvm.shfl.sync bfly %all, %u8, %c4, %c31 : f32 -> f32
    %u4 = llvm.fadd %u8, %t4 : f32
    %t2 = nvvm.shfl.sync bfly %all, %u4, %c2, %c31 : f32 -> f32
    %u2 = llvm.fadd %u4, %t2 : f32
    %t1 = nvvm.shfl.sync bfly %all, %u2, %c1, %c31 : f32 -> f32
    %u1 = llvm.fadd %u2, %t1 : f32
    llvm.return %u1 : f32
  }

  llvm.func @layer_norm(%x: !llvm.ptr<1>, %w: !llvm.ptr<1>, %b: !llvm.ptr<1>,
                        %out: !llvm.ptr<1>, %rows: i32, %cols: i32,
                        %sx: i32, %so: i32, %eps: f32)
      attributes {nvvm.kernel, nvvm.maxntid = array<i32: 128, 1, 1>} {
    %c4 = llvm.mlir.constant(4 : i32) : i32
    %c5 = llvm.mlir.constant(5 : i32) : i32
    %c31 = llvm.mlir.constant(31 : i32) : i32
    %c32 = llvm.mlir.constant(32 : i32) : i32
    %zero = llvm.mlir.constant(0.0 : f32) : f32
    %one = llvm.mlir.constant(1.0 : f32) : f32
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
    %n = llvm.sitofp %cols : i32 to f32
    llvm.br ^sum(%lane, %zero : i32, f32)
  ^sum(%j1: i32, %s: f32):
    %more1 = llvm.icmp "slt" %j1, %cols : i32
    llvm.cond_br %more1, ^sumbody, ^sumdone
  ^sumbody:
    %p1 = llvm.getelementptr %xrow[%j1] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
    %v1 = llvm.load %p1 : !llvm.ptr<1> -> f32
    %s1 = llvm.fadd %s, %v1 : f32
    %j1n = llvm.add %j1, %c32 : i32
    llvm.br ^sum(%j1n, %s1 : i32, f32)
  ^sumdone:
    %total = llvm.call @warp_sum(%s) : (f32) -> f32
    %mean = llvm.fdiv %total, %n : f32
    llvm.br ^var(%lane, %zero : i32, f32)
  ^var(%j2: i32, %q: f32):
    %more2 = llvm.icmp "slt" %j2, %cols : i32
    llvm.cond_br %more2, ^varbody, ^vardone
  ^varbody:
    %p2 = llvm.getelementptr %xrow[%j2] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
    %v2 = llvm.load %p2 : !llvm.ptr<1> -> f32
    %d2 = llvm.fsub %v2, %mean : f32
    %sq = llvm.fmul %d2, %d2 : f32
    %q2 = llvm.fadd %q, %sq : f32
    %j2n = llvm.add %j2, %c32 : i32
    llvm.br ^var(%j2n, %q2 : i32, f32)
  ^vardone:
    %qtotal = llvm.call @warp_sum(%q) : (f32) -> f32
    %var = llvm.fdiv %qtotal, %n : f32
    %vare = llvm.fadd %var, %eps : f32
    %std = llvm.intr.sqrt(%vare) : (f32) -> f32
    %rstd = llvm.fdiv %one, %std : f32
    llvm.br ^write(%lane : i32)
  ^write(%j3: i32):
    %more3 = llvm.icmp "slt" %j3, %cols : i32
    llvm.cond_br %more3, ^writebody, ^exit
  ^writebody:
    %p3 = llvm.getelementptr %xrow[%j3] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
    %v3 = llvm.load %p3 : !llvm.ptr<1> -> f32
    %pw = llvm.getelementptr %w[%j3] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
    %wv = llvm.load %pw : !llvm.ptr<1> -> f32
    %pb = llvm.getelementptr %b[%j3] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
    %bv = llvm.load %pb : !llvm.ptr<1> -> f32
    %d3 = llvm.fsub %v3, %mean : f32
    %n3 = llvm.fmul %d3, %rstd : f32
    %y3 = llvm.fmul %n3, %wv : f32
    %z3 = llvm.fadd %y3, %bv : f32
    %q3 = llvm.getelementptr %orow[%j3] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
    llvm.store %z3, %q3 : f32, !llvm.ptr<1>
    %j3n = llvm.add %j3, %c32 : i32
    llvm.br ^write(%j3n : i32)
  ^exit:
    llvm.return
  }
}
