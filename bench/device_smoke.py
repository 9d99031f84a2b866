"""Trident next to torch and Triton 3.6 in one process (see device_smoke.sh)."""
import time, torch, triton, triton.language as tl

@triton.jit
def add(x, y, o, n, B: tl.constexpr):
    i = tl.program_id(0) * B + tl.arange(0, B)
    m = i < n
    tl.store(o + i, tl.load(x + i, mask=m) + tl.load(y + i, mask=m), mask=m)

def run_triton(tag):
    x = torch.randn(10000, device="cuda"); y = torch.randn_like(x)
    o = torch.full_like(x, float("nan"))
    add[(triton.cdiv(x.numel(), 1024),)](x, y, o, x.numel(), B=1024)
    torch.cuda.synchronize()
    print(tag, "triton vector add max err", (o - (x + y)).abs().max().item())

run_triton("before trident:")
t0 = time.perf_counter()
import trident
bid = trident.core_build_id()
t1 = time.perf_counter()
print("trident import + core load: %.1f ms" % ((t1 - t0) * 1e3), bid)
src = "func.func @k() -> i32 { %0 = tir.get_program_id 0 : i32\n return %0 : i32 }"
t0 = time.perf_counter()
ir = trident.compile_mlir(src, target="cuda:90a")
t1 = time.perf_counter()
print("trident compile through gir: %.1f ms" % ((t1 - t0) * 1e3))
print(ir)
run_triton("after trident:")
