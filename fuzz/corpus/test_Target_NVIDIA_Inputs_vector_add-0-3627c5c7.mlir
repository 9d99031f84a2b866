// Vector add, one element per thread, 4 warps per program:
//   vector_add(x: f32*, y: f32*, out: f32*, n: i32); grid = ceil(n / 128).
module attributes {trident.num_warps = 4 : i32} {
  llvm.func @vector_add(%x: !llvm.ptr<1>, %y: !llvm.ptr<1>, %out: !llvm.ptr<1>, %n: i32)
      attributes {nvvm.kernel, nvvm.maxntid = array<i32: 128, 1, 1>} {
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
    llvm.store %s, %po : f32, !llvm.ptr<1>
    llvm.br ^exit
  ^exit:
    llvm.return
  }
}
