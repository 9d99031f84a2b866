"""tl.debug_barrier, the axis hints (tl.multiple_of, tl.max_contiguous,
tl.max_constancy) and tl.inline_asm_elementwise through the front end.

Kernels run on the CPU target and are checked against numpy; the same
sources (with PTX instead of x86 assembly) are built for sm_90a through
ptxas, and their PTX shows what the op became there.
"""
import re

import numpy as np
import pytest

import trident
import trident.language as tl

ALIGNED = {"tir.divisibility": 16}


# ---------------------------------------------------------------------------
# tl.debug_barrier
# ---------------------------------------------------------------------------

@trident.jit
def reverse_through_memory(x_ptr, tmp_ptr, out_ptr, n, BLOCK: tl.constexpr):
    # Each program writes its block, waits for all its threads, then reads
    # the block back reversed: on a GPU other threads wrote those elements.
    pid = tl.program_id(0)
    r = tl.arange(0, BLOCK)
    offs = pid * BLOCK + r
    x = tl.load(x_ptr + offs, mask=offs < n)
    tl.store(tmp_ptr + offs, x * 2, mask=offs < n)
    tl.debug_barrier()
    rev = pid * BLOCK + (BLOCK - 1 - r)
    y = tl.load(tmp_ptr + rev, mask=rev < n, other=-1)
    tl.store(out_ptr + offs, y + 1, mask=offs < n)


def test_debug_barrier_cpu(rng):
    n, block = 1000, 128
    x = rng.integers(-1000, 1000, n, dtype=np.int32)
    tmp = np.zeros(n, np.int32)
    out = np.zeros(n, np.int32)
    reverse_through_memory[(trident.cdiv(n, block),)](x, tmp, out, n,
                                                      BLOCK=block)
    want = np.empty(n, np.int32)
    for start in range(0, n, block):
        for i in range(start, min(start + block, n)):
            j = start + block - 1 - (i - start)
            want[i] = (2 * x[j] if j < n else -1) + 1
    np.testing.assert_array_equal(tmp, 2 * x)
    np.testing.assert_array_equal(out, want)


def test_debug_barrier_sm90(compile_sm90):
    k = compile_sm90(reverse_through_memory,
                     {"x_ptr": "*i32", "tmp_ptr": "*i32", "out_ptr": "*i32",
                      "n": "i32"}, {"BLOCK": 128})
    assert "tir.barrier" in k.asm["tir"]
    assert "gir.barrier" in k.asm["gir"]
    assert re.search(r"bar\.sync\s+0;", k.asm["ptx"])
    # On the CPU a program instance is one thread: nothing is left of it.
    c = trident.compile(reverse_through_memory,
                        signature={"x_ptr": "*i32", "tmp_ptr": "*i32",
                                   "out_ptr": "*i32", "n": "i32"},
                        constexprs={"BLOCK": 128}, target="cpu")
    assert "barrier" not in c.asm["llir"]


# ---------------------------------------------------------------------------
# Axis hints
# ---------------------------------------------------------------------------

@trident.jit
def gather(x_ptr, idx_ptr, out_ptr, BLOCK: tl.constexpr, HINT: tl.constexpr):
    r = tl.arange(0, BLOCK)
    idx = tl.load(idx_ptr + r)
    if HINT:
        # The caller promises aligned runs of four consecutive indices.
        idx = tl.max_contiguous(tl.multiple_of(idx, 4), 4)
    tl.store(out_ptr + r, tl.load(x_ptr + idx))


@trident.jit
def masked_copy(x_ptr, out_ptr, n, BLOCK: tl.constexpr, HINT: tl.constexpr):
    if HINT:
        n = tl.multiple_of(n, 16)
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    offs = tl.max_constancy(offs, 1)
    mask = offs < n
    tl.store(out_ptr + offs, tl.load(x_ptr + offs, mask=mask), mask=mask)


def _runs_of_four(rng, n):
    """Indices into n elements in shuffled aligned runs of four."""
    starts = rng.permutation(n // 4) * 4
    return (starts[:, None] + np.arange(4)).reshape(-1).astype(np.int32)


@pytest.mark.parametrize("hint", [False, True])
def test_gather_hint_cpu(rng, hint):
    n = 512
    x = rng.random(n, dtype=np.float32)
    idx = _runs_of_four(rng, n)
    out = np.zeros(n, np.float32)
    gather[(1,)](x, idx, out, BLOCK=n, HINT=hint)
    np.testing.assert_array_equal(out, x[idx])


def _vector_loads(ptx):
    return ptx.count("ld.global.v4.b32")


def test_gather_hint_sm90(compile_sm90):
    sig = {"x_ptr": "*fp32", "idx_ptr": "*i32", "out_ptr": "*fp32"}
    attrs = {name: ALIGNED for name in sig}
    plain = compile_sm90(gather, sig, {"BLOCK": 512, "HINT": False},
                         attrs=attrs)
    hinted = compile_sm90(gather, sig, {"BLOCK": 512, "HINT": True},
                          attrs=attrs)
    assert "tir.contiguity = array<i32: 4>" in hinted.asm["tir"]
    assert "tir.divisibility = array<i32: 4>" in hinted.asm["tir"]
    # 4 elements per thread: without the hints, a vector load of the four
    # indices and four scalar loads through them; with them, one vector
    # load from the first index (all that is left of the index load).
    assert _vector_loads(plain.asm["ptx"]) == 1
    assert plain.asm["ptx"].count("ld.global.b32") == 4
    assert _vector_loads(hinted.asm["ptx"]) == 1
    assert hinted.asm["ptx"].count("ld.global.b32") == 1


@pytest.mark.parametrize("hint", [False, True])
def test_multiple_of_argument_cpu(rng, hint):
    n, block = 992, 256  # a multiple of 16, not of the block
    x = rng.random(n, dtype=np.float32)
    out = np.zeros(n, np.float32)
    masked_copy[(trident.cdiv(n, block),)](x, out, n, BLOCK=block, HINT=hint)
    np.testing.assert_array_equal(out, x)


def test_multiple_of_argument_sm90(compile_sm90):
    sig = {"x_ptr": "*fp32", "out_ptr": "*fp32", "n": "i32"}
    attrs = {"x_ptr": ALIGNED, "out_ptr": ALIGNED}
    plain = compile_sm90(masked_copy, sig, {"BLOCK": 512, "HINT": False},
                         attrs=attrs)
    hinted = compile_sm90(masked_copy, sig, {"BLOCK": 512, "HINT": True},
                          attrs=attrs)
    # The hint on the argument n makes the mask constant over runs of 16,
    # so each thread's 4 elements move as one vector.
    assert "tir.divisibility = 16 : i32" in hinted.asm["tir"]
    assert _vector_loads(plain.asm["ptx"]) == 0
    assert _vector_loads(hinted.asm["ptx"]) == 1
    assert "st.global.v4.b32" in hinted.asm["ptx"]


def test_bad_hint_is_reported_at_its_line():
    @trident.jit
    def bad(x_ptr, BLOCK: tl.constexpr):
        r = tl.arange(0, BLOCK)
        r = tl.max_contiguous(r, 12)
        tl.store(x_ptr + r, r)

    with pytest.raises(trident.CompilationError,
                       match="'tir.contiguity' entries must be positive "
                             "powers of two, got 12"):
        trident.compile(bad, signature={"x_ptr": "*i32"},
                        constexprs={"BLOCK": 64}, target="cpu")


# ---------------------------------------------------------------------------
# tl.inline_asm_elementwise
# ---------------------------------------------------------------------------

@trident.jit
def asm_x86(a_ptr, b_ptr, f_ptr, g_ptr, lea_ptr, sum_ptr, diff_ptr, pair_ptr,
            mul_ptr, scalar_ptr, BLOCK: tl.constexpr):
    r = tl.arange(0, BLOCK)
    a = tl.load(a_ptr + r)
    b = tl.load(b_ptr + r)
    # a + 4 * b + 7 in one lea.
    lea = tl.inline_asm_elementwise("leal 7($1,$2,4), $0", "=r,r,r", [a, b],
                                    dtype=tl.int32, is_pure=True, pack=1)
    tl.store(lea_ptr + r, lea)
    # Two results: a + b and a - b.
    s, d = tl.inline_asm_elementwise(
        "leal ($2,$3), $0\n\tmovl $2, $1\n\tsubl $3, $1", "=&r,=&r,r,r",
        [a, b], dtype=(tl.int32, tl.int32), is_pure=True, pack=1)
    tl.store(sum_ptr + r, s)
    tl.store(diff_ptr + r, d)
    # pack=2: each invocation takes two consecutive elements.
    p = tl.inline_asm_elementwise("leal 1($2), $0\n\tleal 2($3), $1",
                                  "=r,=r,r,r", [a], dtype=tl.int32,
                                  is_pure=False, pack=2)
    tl.store(pair_ptr + r, p)
    # SSE on floats, the input tied to the output.
    f = tl.load(f_ptr + r)
    g = tl.load(g_ptr + r)
    m = tl.inline_asm_elementwise("mulss $2, $0", "=x,0,x", [f, g],
                                  dtype=tl.float32, is_pure=True, pack=1)
    tl.store(mul_ptr + r, m)
    # Scalars: once per program.
    pid = tl.program_id(0)
    c = tl.inline_asm_elementwise("leal 100($1), $0", "=r,r", [pid],
                                  dtype=tl.int32, is_pure=True, pack=1)
    tl.store(scalar_ptr, c)


def test_inline_asm_x86_cpu(rng):
    n = 64
    a = rng.integers(-10_000, 10_000, n, dtype=np.int32)
    b = rng.integers(-10_000, 10_000, n, dtype=np.int32)
    f = rng.standard_normal(n).astype(np.float32)
    g = rng.standard_normal(n).astype(np.float32)
    outs = {k: np.zeros(n, np.int32) for k in ("lea", "sum", "diff", "pair")}
    mul = np.zeros(n, np.float32)
    scalar = np.zeros(1, np.int32)
    asm_x86[(1,)](a, b, f, g, outs["lea"], outs["sum"], outs["diff"],
                  outs["pair"], mul, scalar, BLOCK=n)
    np.testing.assert_array_equal(outs["lea"], a + 4 * b + 7)
    np.testing.assert_array_equal(outs["sum"], a + b)
    np.testing.assert_array_equal(outs["diff"], a - b)
    np.testing.assert_array_equal(outs["pair"], a + np.tile([1, 2], n // 2))
    np.testing.assert_array_equal(mul, f * g)
    assert scalar[0] == 100


def test_inline_asm_bad_constraints():
    @trident.jit
    def bad(x_ptr, BLOCK: tl.constexpr):
        r = tl.arange(0, BLOCK)
        y = tl.inline_asm_elementwise("movl $1, $0", "=r,r,r", [r],
                                      dtype=tl.int32, is_pure=True, pack=1)
        tl.store(x_ptr + r, y)

    with pytest.raises(Exception, match="constraints \"=r,r,r\" give 1 "
                                        "outputs and 2 inputs"):
        trident.compile(bad, signature={"x_ptr": "*i32"},
                        constexprs={"BLOCK": 64}, target="cpu")


@trident.jit
def asm_ptx(x_ptr, y_ptr, z_ptr, BLOCK: tl.constexpr):
    r = tl.arange(0, BLOCK)
    x = tl.load(x_ptr + r)
    y = tl.inline_asm_elementwise("mov.b32 $0, $1;", "=r,r", [x],
                                  dtype=tl.int32, is_pure=True, pack=1)
    tl.store(y_ptr + r, y)
    # Triton's example: four int8 in one 32-bit register per invocation,
    # (x & 31) << 3 in each byte.
    z = tl.inline_asm_elementwise(
        "and.b32 $0, $1, 0x1F1F1F1F;\n\tshl.b32 $0, $0, 3;", "=r,r",
        [x.to(tl.int8)], dtype=tl.int8, is_pure=True, pack=4)
    tl.store(z_ptr + r, z)


def test_inline_asm_sm90(compile_sm90):
    k = compile_sm90(asm_ptx, {"x_ptr": "*i32", "y_ptr": "*i32",
                               "z_ptr": "*i8"}, {"BLOCK": 512})
    assert "tir.inline_asm_elementwise" in k.asm["tir"]
    ptx = k.asm["ptx"]
    # 4 elements per thread: the move once per element, the byte-wise
    # and/shift once for all four.
    assert ptx.count("mov.b32 %r") == 4
    assert ptx.count("0x1F1F1F1F") == 1
