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
# Axis hints on loop-carried values
# ---------------------------------------------------------------------------

@trident.jit
def grouped_mm(a_addrs, b_addrs, c_addrs, sizes, n_groups, NUM_PROGRAMS,
               BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr,
               HINT: tl.constexpr):
    # The idiom of Triton's grouped GEMM tutorial: each group's matrices are
    # found through pointers loaded from memory (of unknown alignment), and
    # the K loop states that its loop-carried pointer tiles stay 16-aligned
    # by hinting them in place, discarding the result.
    tile = tl.program_id(0)
    done = 0
    for g in range(n_groups):
        m = tl.load(sizes + g * 3)
        n = tl.load(sizes + g * 3 + 1)
        k = tl.load(sizes + g * 3 + 2)
        n_tiles_n = tl.cdiv(n, BN)
        tiles = tl.cdiv(m, BM) * n_tiles_n
        while tile >= done and tile < done + tiles:
            a_ptr = tl.load(a_addrs + g).to(tl.pointer_type(tl.float16))
            b_ptr = tl.load(b_addrs + g).to(tl.pointer_type(tl.float16))
            c_ptr = tl.load(c_addrs + g).to(tl.pointer_type(tl.float32))
            t = tile - done
            offs_m = (t // n_tiles_n) * BM + tl.arange(0, BM)
            offs_n = (t % n_tiles_n) * BN + tl.arange(0, BN)
            offs_k = tl.arange(0, BK)
            a_ptrs = a_ptr + offs_m[:, None] * k + offs_k[None, :]
            b_ptrs = b_ptr + offs_k[:, None] * n + offs_n[None, :]
            acc = tl.zeros((BM, BN), dtype=tl.float32)
            for kk in range(0, tl.cdiv(k, BK)):
                if HINT:
                    tl.multiple_of(a_ptrs, [16, 16])
                    tl.max_contiguous(b_ptrs, [1, BN])
                    tl.multiple_of(b_ptrs, [16, 16])
                acc += tl.dot(tl.load(a_ptrs), tl.load(b_ptrs))
                a_ptrs += BK
                b_ptrs += BK * n
            tl.store(c_ptr + offs_m[:, None] * n + offs_n[None, :], acc)
            tile += NUM_PROGRAMS
        done = done + tiles


GROUPED_SIG = {"a_addrs": "*i64", "b_addrs": "*i64", "c_addrs": "*i64",
               "sizes": "*i32", "n_groups": "i32", "NUM_PROGRAMS": "i32"}


@pytest.mark.parametrize("hint", [False, True])
def test_loop_carried_hint_grouped_cpu(rng, hint):
    shapes = [(64, 32, 64), (32, 64, 96), (96, 64, 32)]
    As = [rng.standard_normal((m, k)).astype(np.float16) for m, n, k in shapes]
    Bs = [rng.standard_normal((k, n)).astype(np.float16) for m, n, k in shapes]
    Cs = [np.full((m, n), np.nan, np.float32) for m, n, k in shapes]
    addrs = [np.array([x.ctypes.data for x in xs], np.int64)
             for xs in (As, Bs, Cs)]
    sizes = np.array(shapes, np.int32).reshape(-1)
    programs = 3
    grouped_mm[(programs,)](*addrs, sizes, len(shapes), programs,
                            BM=32, BN=32, BK=32, HINT=hint)
    for a, b, c in zip(As, Bs, Cs):
        ref = a.astype(np.float32) @ b.astype(np.float32)
        np.testing.assert_allclose(c, ref, rtol=1e-3, atol=1e-3)


def test_loop_carried_hint_grouped_sm90(compile_sm90):
    cx = {"BM": 64, "BN": 64, "BK": 32}
    plain = compile_sm90(grouped_mm, GROUPED_SIG, dict(cx, HINT=False))
    hinted = compile_sm90(grouped_mm, GROUPED_SIG, dict(cx, HINT=True))
    # The front end records the hints on the K loop, per argument
    # (tir.region_arg_hints); tir-combine turns each pointer tile stepped
    # by BK into an offset and puts its hints on the tir.addptr that
    # replaces it.
    assert "tir.divisibility = array<i32: 16, 16>" in hinted.asm["tir"]
    assert "tir.divisibility" not in plain.asm["tir"]
    # Pointers loaded from memory: without the hints the tiles are copied
    # 2 bytes at a time; with them in 16-byte vectors (cp.async, pipelined).
    def copies(ptx, width):
        return len(re.findall(r"cp\.async\.c[ag]\.shared\.global "
                              r"\[[^]]*\], \[[^]]*\], %d\b" % width, ptx))
    assert copies(hinted.asm["ptx"], 16) > 0, hinted.asm["ptx"]
    assert copies(plain.asm["ptx"], 16) == 0


@trident.jit
def while_hint(x_ptr, out_ptr, n, BLOCK: tl.constexpr, HINT: tl.constexpr):
    # A pointer tile carried by a while loop, hinted in its body.
    p = x_ptr + tl.arange(0, BLOCK)
    q = out_ptr + tl.arange(0, BLOCK)
    i = 0
    while i < n:
        if HINT:
            p = tl.multiple_of(p, [16])
            tl.multiple_of(q, [16])
        tl.store(q, tl.load(p) * 2)
        p += BLOCK
        q += BLOCK
        i += 1


def test_while_carried_hint(rng, compile_sm90):
    x = rng.random(4 * 512, dtype=np.float32)
    out = np.zeros_like(x)
    while_hint[(1,)](x, out, 4, BLOCK=512, HINT=True)
    np.testing.assert_array_equal(out, 2 * x)
    sig = {"x_ptr": "*fp32", "out_ptr": "*fp32", "n": "i32"}
    k = compile_sm90(while_hint, sig, {"BLOCK": 512, "HINT": True})
    # Recorded on the scf.while for the arguments of its body (region #1).
    # (Tiles a while loop carries keep the default layout for now, hinted
    # or not, so the PTX is not where this shows: test/Analysis.)
    assert re.search(r"tir\.region_arg_hints = \[\[\{\}, \{\}, \{\}\], "
                     r"\[\{tir\.divisibility = array<i32: 16>\}, "
                     r"\{tir\.divisibility = array<i32: 16>\}, \{\}\]\]",
                     k.asm["tir"]), k.asm["tir"]


def test_hint_on_reduce_argument_is_refused():
    @trident.jit
    def bad(x_ptr, BLOCK: tl.constexpr):
        r = tl.arange(0, BLOCK)
        tl.store(x_ptr, tl.reduce(r, 0, _hinted_add))

    with pytest.raises(trident.CompilationError,
                       match="on an argument of a 'tir.reduce' region is "
                             "not supported"):
        trident.compile(bad, signature={"x_ptr": "*i32"},
                        constexprs={"BLOCK": 64}, target="cpu")


@trident.jit
def _hinted_add(a, b):
    a = tl.multiple_of(a, 4)
    return a + b


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
