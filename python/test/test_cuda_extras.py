"""tl.extra.cuda's special registers (Triton's globaltimer and smid):
inline PTX reads that are never merged, and a clear error on the CPU
target."""
import pytest

import trident
import trident.language as tl


@trident.jit
def timed(Out):
    start = tl.extra.cuda.globaltimer()
    tl.store(Out + 2, tl.extra.cuda.smid().to(tl.int64))
    end = tl.extra.cuda.globaltimer()
    tl.store(Out, start)
    tl.store(Out + 1, end)


def test_special_registers_ptx():
    k = trident.compile(timed, signature={"Out": "*i64"}, target="cuda:90a")
    gir, ptx = k.asm["gir"], k.asm["ptx"]
    # Two reads of the timer stay two (not pure: never merged into one).
    assert gir.count("%globaltimer") == 2
    assert gir.count("%smid") == 1
    assert "mov.u64" in ptx and "%globaltimer;" in ptx
    assert "mov.u32" in ptx and "%smid;" in ptx


def test_special_registers_need_cuda():
    with pytest.raises(trident.CompilationError,
                       match=r"globaltimer\(\) reads a CUDA special register; "
                             r"the kernel is compiled for cpu"):
        trident.compile(timed, signature={"Out": "*i64"}, target="cpu")
