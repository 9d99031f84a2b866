"""Grouped GEMM in the idiom of Triton's tutorial 08 (written here): one
program walks the tiles of several problems whose A/B/C addresses, sizes
and leading dimensions it loads from device arrays; the K loop advances
loop-carried pointer tiles and promises their alignment with
`tl.multiple_of` (the hint's result not assigned, as the tutorial writes
it). Compiled for sm_90a with no GPU (issue 23, bench/NOTES.md, session
15):

- the hint on the carried pointers also holds for their initial value,
  which the software pipeliner's prologue copies from: every copy is a
  16-byte cp.async, prologue included (was: the prologue's tiles in 2-byte
  scalar loads, 64 `ld.global.b16` per thread at 128x128x32, 255
  registers and 300 bytes spilled);
- three stages with cp.async copy two iterations ahead (after the wait
  for the previous MMAs, Triton's order), not one;
- the epilogue's store (2-byte scalars, a column per thread: `sc` has no
  known divisibility) gets the tile from the wgmma accumulator through a
  column-major buffer that the accumulator's blocks enter with
  `stmatrix.trans` and each thread reads 8 rows at a time (was: 64
  `st.shared.b32` + 128 `ld.shared.b16`, each its own address register,
  and 284-320 bytes spilled at 128x128).
"""
import re

import numpy as np
import pytest

import trident
import trident.language as tl

DIV16 = {"tir.divisibility": 16}


@trident.jit
def grouped_gemm(a_addrs, b_addrs, c_addrs, dims, strides, n_problems,
                 PROGRAMS: tl.constexpr, BM: tl.constexpr, BN: tl.constexpr,
                 BK: tl.constexpr):
    tile = tl.program_id(0)
    first = 0
    for p in range(n_problems):
        m = tl.load(dims + 3 * p)
        n = tl.load(dims + 3 * p + 1)
        kk = tl.load(dims + 3 * p + 2)
        tiles_n = tl.cdiv(n, BN)
        count = tl.cdiv(m, BM) * tiles_n
        while tile >= first and tile < first + count:
            sa = tl.load(strides + 3 * p)
            sb = tl.load(strides + 3 * p + 1)
            sc = tl.load(strides + 3 * p + 2)
            a_base = tl.load(a_addrs + p).to(tl.pointer_type(tl.float16))
            b_base = tl.load(b_addrs + p).to(tl.pointer_type(tl.float16))
            c_base = tl.load(c_addrs + p).to(tl.pointer_type(tl.float16))
            local = tile - first
            rows = (local // tiles_n) * BM + tl.arange(0, BM)
            cols = (local % tiles_n) * BN + tl.arange(0, BN)
            ks = tl.arange(0, BK)
            pa = a_base + rows[:, None] * sa + ks[None, :]
            pb = b_base + ks[:, None] * sb + cols[None, :]
            acc = tl.zeros((BM, BN), dtype=tl.float32)
            for _ in range(0, tl.cdiv(kk, BK)):
                # Promises only (results unused), on loop-carried tiles.
                tl.multiple_of(pa, [16, 16])
                tl.multiple_of(pb, [16, 16])
                acc += tl.dot(tl.load(pa), tl.load(pb))
                pa += BK
                pb += BK * sb
            pc = c_base + rows[:, None] * sc + cols[None, :]
            tl.store(pc, acc.to(tl.float16))
            tile += PROGRAMS
        first = first + count


SIGNATURE = {"a_addrs": "*i64", "b_addrs": "*i64", "c_addrs": "*i64",
             "dims": "*i32", "strides": "*i32", "n_problems": "i32"}


def compile_for(bm, bn, bk, warps, stages, **kw):
    return trident.compile(
        grouped_gemm, signature=SIGNATURE,
        constexprs={"PROGRAMS": 132, "BM": bm, "BN": bn, "BK": bk},
        attrs={n: DIV16 for n in SIGNATURE}, target="cuda:90a",
        num_warps=warps, num_stages=stages, **kw)


def count(pattern, text):
    return len(re.findall(pattern, text))


@pytest.mark.parametrize("tile", [(128, 128, 32, 4, 3), (64, 64, 32, 4, 3),
                                  (128, 128, 64, 4, 3), (64, 128, 64, 4, 4)])
def test_grouped_gemm_hinted_carried_pointers(tile):
    bm, bn, bk, warps, stages = tile
    k = compile_for(bm, bn, bk, warps, stages)
    ptx, meta = k.asm["ptx"], k.metadata
    # Every copy of A and B, the prologue's too, is a 16-byte cp.async:
    # `distance` stages ahead before the loop, one stage in it.
    per_stage = (bm * bk + bk * bn) * 2 // 16 // (32 * warps)
    distance = stages - 1 if stages == 3 else stages - 2
    assert count(r"cp\.async\.cg\.shared\.global \[[^]]+\], \[[^]]+\], 16",
                 ptx) == per_stage * (distance + 1)
    assert count(r"cp\.async\.c[ag]\.shared\.global \[[^]]+\], \[[^]]+\], (4|8)\b",
                 ptx) == 0
    # The only 16-bit global loads would be the operands' (the arrays are
    # 32- and 64-bit): none.
    assert count(r"ld\.global(\.[a-z]+)*\.b16", ptx) == 0
    assert meta["spill_stores"] == 0 and meta["spill_loads"] == 0
    # The epilogue: the accumulator's 8x8 blocks, four per stmatrix, and
    # 16-byte reads of a column's rows; nothing through 2-byte shared
    # accesses. (At 64x64 the store's layout puts 2 warps along M, its
    # rows 2 apart in a thread: stmatrix and 2-byte reads.)
    if bn >= 128:
        assert count(r"stmatrix\.sync\.aligned\.m8n8\.x4\.trans\.shared\.b16",
                     ptx) == bm * bn // (32 * warps) // 8
        assert count(r"ld\.shared(\.[a-z]+)*\.b16", ptx) == 0
        assert count(r"st\.shared", ptx) == 0
    assert count(r"st\.global(\.[a-z]+)*\.b16", ptx) == bm * bn // (32 * warps)


def test_hint_on_carried_value_marks_initial_value():
    # The front end records the promise on the loop (its argument) and on
    # the operation that makes the initial value.
    k = compile_for(128, 128, 32, 4, 3, until_stage="tir")
    tir = k.asm["tir"]
    hinted = [l for l in tir.splitlines()
              if "tir.addptr" in l and "tir.divisibility = array<i32: 16, 16>" in l]
    # Before the K loop (the initial tiles) and in it (base + offset).
    loop_at = tir.index("scf.for", tir.index("scf.while"))
    before = [l for l in hinted if tir.index(l) < loop_at]
    assert len(before) == 2, hinted


def test_grouped_gemm_cpu():
    # The same source on the CPU target, three problems of different shapes
    # (padded leading dimensions), against float64.
    rng = np.random.default_rng(3)
    shapes = [(64, 32, 48), (32, 64, 16), (96, 32, 32)]
    a = [rng.standard_normal((m, k + 8)).astype(np.float16) for m, n, k in shapes]
    b = [rng.standard_normal((k, n + 16)).astype(np.float16) for m, n, k in shapes]
    c = [np.full((m, n + 8), np.nan, dtype=np.float16) for m, n, k in shapes]
    addrs = [np.array([x.ctypes.data for x in xs], dtype=np.int64)
             for xs in (a, b, c)]
    dims = np.array([d for s in shapes for d in s], dtype=np.int32)
    strides = np.array([s for x, y, z in zip(a, b, c)
                        for s in (x.shape[1], y.shape[1], z.shape[1])],
                       dtype=np.int32)
    programs = 5
    grouped_gemm[(programs,)](addrs[0], addrs[1], addrs[2], dims, strides,
                              len(shapes), PROGRAMS=programs, BM=32, BN=32,
                              BK=16)
    for (m, n, k), x, y, z in zip(shapes, a, b, c):
        ref = x[:, :k].astype(np.float64) @ y[:, :n].astype(np.float64)
        got = z[:, :n].astype(np.float64)
        err = np.linalg.norm(got - ref) / np.linalg.norm(ref)
        assert err < 1e-2, (m, n, k, err)
        assert np.isnan(z[:, n:].astype(np.float32)).all()
