"""Control flow in kernels: if/elif/else on run-time scalars and on
constexprs, while and for loops (range, tl.range with its hints,
tl.static_range, negative steps, int64 bounds), calls of @jit functions
(inlined or noinline), augmented assignment, conditional expressions and
assertions.

Each test runs its kernel on the CPU target against a numpy reference and
builds the same kernel for sm_90a through ptxas (`compile_sm90`).
"""
import inspect
import os

import numpy as np
import pytest

import trident
import trident.language as tl


def line_of(fn, text):
    """The line number of the first line of @jit function `fn` holding
    `text`."""
    src, first = inspect.getsourcelines(fn.fn)
    for i, line in enumerate(src):
        if text in line:
            return first + i
    raise AssertionError("%r not in %s" % (text, fn.__name__))


# ---------------------------------------------------------------------------
# if / elif / else
# ---------------------------------------------------------------------------


@trident.jit
def if_scalar_kernel(x_ptr, out_ptr, tile_ptr, BLOCK: tl.constexpr):
    pid = tl.program_id(0)
    x = tl.load(x_ptr + pid)
    offs = tl.arange(0, BLOCK)
    if x > 10:
        y = x * 2
        t = tl.full([BLOCK], 1, tl.int32) * x
    elif x > 0:
        y = x + 100
        t = offs
    elif x == 0:
        y = 7               # a Python int in one branch, a tensor in others
        t = offs * 0 - 1
    else:
        y = -x
        t = offs + x
    tl.store(out_ptr + pid, y)
    tl.store(tile_ptr + pid * BLOCK + offs, t)


def test_if_elif_else_on_scalars(check):
    x = np.array([20, 11, 10, 5, 1, 0, -1, -30], np.int32)
    n, B = len(x), 16
    out = np.zeros(n, np.int32)
    tile = np.zeros(n * B, np.int32)
    check(if_scalar_kernel, grid=(n,), x_ptr=x, out_ptr=out, tile_ptr=tile,
          BLOCK=B)
    ref = np.where(x > 10, x * 2, np.where(x > 0, x + 100,
                                           np.where(x == 0, 7, -x)))
    np.testing.assert_array_equal(out, ref)
    offs = np.arange(B)
    for i, v in enumerate(x):
        want = (np.full(B, v) if v > 10 else offs if v > 0 else
                np.full(B, -1) if v == 0 else offs + v)
        np.testing.assert_array_equal(tile[i * B:(i + 1) * B], want)


@trident.jit
def if_constexpr_kernel(x_ptr, out_ptr, MODE: tl.constexpr,
                        BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offs)
    if MODE == "double":
        y = x * 2
    elif MODE == "square":
        y = x * x
    elif MODE is None:
        y = x
    else:
        # never compiled for the modes above
        tl.static_assert(False, "unknown mode")
        y = x
    if not (MODE == "square"):
        y = y + 1
    tl.store(out_ptr + offs, y)


@pytest.mark.parametrize("mode", ["double", "square", None])
def test_if_on_constexprs(mode, check):
    x = np.arange(16, dtype=np.float32)
    out = np.zeros(16, np.float32)
    k = check(if_constexpr_kernel, x_ptr=x, out_ptr=out, MODE=mode, BLOCK=16)
    ref = {"double": x * 2 + 1, "square": x * x, None: x + 1}[mode]
    np.testing.assert_array_equal(out, ref)
    # only the branch taken is compiled: no scf.if in the IR
    assert "scf.if" not in k.asm["tir"]


def test_untaken_constexpr_branch_is_not_compiled():
    with pytest.raises(trident.CompilationError, match="unknown mode"):
        trident.compile(if_constexpr_kernel,
                        signature={"x_ptr": "*fp32", "out_ptr": "*fp32"},
                        constexprs={"MODE": "cube", "BLOCK": 16},
                        target="cpu")


@trident.jit
def nested_if_kernel(a_ptr, b_ptr, out_ptr, acc_ptr, BLOCK: tl.constexpr):
    pid = tl.program_id(0)
    a = tl.load(a_ptr + pid)
    b = tl.load(b_ptr + pid)
    offs = tl.arange(0, BLOCK)
    acc = tl.zeros([BLOCK], tl.float32)
    r = 0
    if a > 0:
        if b > 0:
            r = 1
            acc = acc + 1.0
        else:
            r = 2
            if b < -5:
                r = 20
                acc = acc - offs.to(tl.float32)
    else:
        if b > 0:
            r = 3
        else:
            r = a * b   # tensor
        acc = acc + b.to(tl.float32)
    tl.store(out_ptr + pid, r)
    tl.store(acc_ptr + pid * BLOCK + offs, acc)


def test_nested_ifs_assigning_values(check):
    a = np.array([1, 1, 1, -1, -1, 2], np.int32)
    b = np.array([1, -1, -9, 4, -4, 0], np.int32)
    n, B = len(a), 8
    out = np.zeros(n, np.int32)
    acc = np.full(n * B, np.nan, np.float32)
    check(nested_if_kernel, grid=(n,), a_ptr=a, b_ptr=b, out_ptr=out,
          acc_ptr=acc, BLOCK=B)
    offs = np.arange(B, dtype=np.float32)
    for i in range(n):
        if a[i] > 0:
            if b[i] > 0:
                r, t = 1, np.ones(B)
            elif b[i] < -5:
                r, t = 20, -offs
            else:
                r, t = 2, np.zeros(B)
        else:
            r = 3 if b[i] > 0 else a[i] * b[i]
            t = np.full(B, b[i])
        assert out[i] == r, i
        np.testing.assert_array_equal(acc[i * B:(i + 1) * B], t)


@trident.jit
def ternary_kernel(x_ptr, out_ptr, s_ptr, n, FLAG: tl.constexpr,
                   BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offs)
    # constexpr condition: chosen at compile time (the other side may not
    # even be valid for this type)
    scale = 3 if FLAG else 5
    y = x * scale
    # a tile condition: element-wise select
    z = y if x > 2 else -y
    tl.store(out_ptr + offs, z)
    # a run-time scalar condition
    s = n * 2 if n > 4 else n - 1
    tl.store(s_ptr, s)


@pytest.mark.parametrize("flag", [True, False])
def test_conditional_expressions(flag, check):
    x = np.arange(8, dtype=np.int32)
    out = np.zeros(8, np.int32)
    s = np.zeros(2, np.int32)
    for n, want in ((7, 14), (3, 2)):
        check(ternary_kernel, x_ptr=x, out_ptr=out, s_ptr=s, n=n, FLAG=flag,
              BLOCK=8)
        y = x * (3 if flag else 5)
        np.testing.assert_array_equal(out, np.where(x > 2, y, -y))
        assert s[0] == want


# ---------------------------------------------------------------------------
# while
# ---------------------------------------------------------------------------


@trident.jit
def gcd_kernel(a_ptr, b_ptr, g_ptr, steps_ptr):
    pid = tl.program_id(0)
    a = tl.load(a_ptr + pid)
    b = tl.load(b_ptr + pid)
    steps = 0
    while b != 0:
        a, b = b, a % b
        steps += 1
    tl.store(g_ptr + pid, a)
    tl.store(steps_ptr + pid, steps)


def test_while_loop_carried_scalars(check):
    a = np.array([12, 17, 100, 0, 81, 1071], np.int64)
    b = np.array([18, 5, 75, 9, 0, 462], np.int64)
    g = np.zeros(6, np.int64)
    steps = np.zeros(6, np.int32)
    check(gcd_kernel, grid=(6,), a_ptr=a, b_ptr=b, g_ptr=g, steps_ptr=steps)
    np.testing.assert_array_equal(g, np.gcd(a, b))
    ref_steps = []
    for x, y in zip(a.tolist(), b.tolist()):
        k = 0
        while y:
            x, y = y, x % y
            k += 1
        ref_steps.append(k)
    np.testing.assert_array_equal(steps, ref_steps)


@trident.jit
def while_tile_kernel(x_ptr, out_ptr, n, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    acc = tl.zeros([BLOCK], tl.float32)
    i = 0
    while i < n:
        acc += tl.load(x_ptr + i * BLOCK + offs)
        i += 1
    # a condition on a reduction of the carried tile
    while tl.max(acc, axis=0) > 100.0:
        acc = acc * 0.5
    tl.store(out_ptr + offs, acc)


def test_while_loop_carried_tile(rng, check):
    B, n = 16, 5
    x = rng.uniform(0, 50, n * B).astype(np.float32)
    out = np.zeros(B, np.float32)
    check(while_tile_kernel, x_ptr=x, out_ptr=out, n=n, BLOCK=B)
    acc = x.reshape(n, B).astype(np.float32).sum(0, dtype=np.float32)
    acc = np.zeros(B, np.float32)
    for i in range(n):
        acc += x[i * B:(i + 1) * B]
    while acc.max() > 100:
        acc = acc * np.float32(0.5)
    np.testing.assert_allclose(out, acc, rtol=1e-6)


# ---------------------------------------------------------------------------
# for
# ---------------------------------------------------------------------------


@trident.jit
def for_range_kernel(x_ptr, out_ptr, start, end, ITER: tl.constexpr,
                     BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    acc = tl.zeros([BLOCK], tl.float32)
    count = 0
    if ITER == "range":
        for i in range(start, end):
            acc += tl.load(x_ptr + i * BLOCK + offs)
            count += 1
    elif ITER == "range_step":
        for i in range(start, end, 2):
            acc += tl.load(x_ptr + i * BLOCK + offs)
            count += 1
    elif ITER == "tl.range":
        for i in tl.range(start, end, 1, num_stages=2):
            acc += tl.load(x_ptr + i * BLOCK + offs)
            count += 1
    elif ITER == "unroll":
        for i in tl.range(start, end, loop_unroll_factor=2):
            acc += tl.load(x_ptr + i * BLOCK + offs)
            count += 1
    elif ITER == "flatten":
        for i in tl.range(start, end, flatten=True, num_stages=1):
            acc += tl.load(x_ptr + i * BLOCK + offs)
            count += 1
    elif ITER == "warp_specialize":
        for i in tl.range(start, end, warp_specialize=True,
                          disallow_acc_multi_buffer=True):
            acc += tl.load(x_ptr + i * BLOCK + offs)
            count += 1
    tl.store(out_ptr + offs, acc)
    tl.store(out_ptr + BLOCK, count.to(tl.float32))


@pytest.mark.parametrize("it", ["range", "range_step", "tl.range", "unroll",
                                "flatten", "warp_specialize"])
def test_for_loops(it, rng, check):
    B, rows = 16, 9
    x = rng.uniform(-1, 1, rows * B).astype(np.float32)
    out = np.zeros(B + 1, np.float32)
    k = check(for_range_kernel, x_ptr=x, out_ptr=out, start=2, end=9,
              ITER=it, BLOCK=B)
    idx = list(range(2, 9, 2 if it == "range_step" else 1))
    acc = np.zeros(B, np.float32)
    for i in idx:
        acc += x[i * B:(i + 1) * B]
    np.testing.assert_allclose(out[:B], acc, rtol=1e-6, atol=1e-6)
    assert out[B] == len(idx)
    if it == "tl.range":
        assert "tir.num_stages = 2" in k.asm["tir"]
    if it == "unroll":
        assert "tir.loop_unroll_factor = 2" in k.asm["tir"]
    # an empty range runs no iteration
    for_range_kernel[(1,)](x, out, 5, 5, ITER=it, BLOCK=B)
    assert out[B] == 0 and not out[:B].any()


@trident.jit
def flatten_nest_kernel(x_ptr, out_ptr, count_ptr, tiles, nk,
                        NPROG: tl.constexpr, BLOCK: tl.constexpr,
                        FLATTEN: tl.constexpr):
    # A persistent loop over tiles holding a loop over k (tir-flatten-loops
    # fuses them): a prologue, an inner accumulator, an epilogue with a
    # store, and a value the tile loop carries.
    offs = tl.arange(0, BLOCK)
    done = 0
    for t in tl.range(tl.program_id(0), tiles, NPROG, flatten=FLATTEN):
        base = t * nk * BLOCK
        acc = tl.zeros([BLOCK], tl.float32) + 1.0
        for k in range(0, nk):
            acc += tl.load(x_ptr + base + k * BLOCK + offs)
        tl.store(out_ptr + t * BLOCK + offs, acc * 2.0)
        done += t
    tl.store(count_ptr + tl.program_id(0), done)


@pytest.mark.parametrize("flatten", [True, False])
def test_flattened_loop_nest(flatten, rng, check):
    B, tiles, nprog = 16, 7, 3
    for nk in (4, 1, 0):
        x = rng.uniform(-1, 1, tiles * max(nk, 1) * B).astype(np.float32)
        out = np.full(tiles * B, np.nan, np.float32)
        count = np.full(nprog, -1, np.int32)
        k = check(flatten_nest_kernel, grid=(nprog,), x_ptr=x, out_ptr=out,
                  count_ptr=count, tiles=tiles, nk=nk, NPROG=nprog, BLOCK=B,
                  FLATTEN=flatten)
        ref = 2.0 * (1.0 + x[:tiles * nk * B].reshape(tiles, nk, B).sum(1)) \
            if nk else np.full((tiles, B), 2.0, np.float32)
        np.testing.assert_allclose(out.reshape(tiles, B), ref, rtol=1e-5,
                                   atol=1e-5)
        assert count.tolist() == [sum(range(p, tiles, nprog))
                                  for p in range(nprog)]
    # Fused: no loop inside another (the fused loop, and the tile loop
    # alone for nk == 0, side by side); not fused: the nest.
    fors = [line for line in k.asm["tir"].splitlines() if "scf.for" in line]
    depths = {len(line) - len(line.lstrip()) for line in fors}
    assert len(fors) == 2 and (len(depths) == 1) == flatten, k.asm["tir"]
    assert "tir.flatten" not in k.asm["tir"]


@trident.jit
def static_range_kernel(x_ptr, out_ptr, WEIGHTS: tl.constexpr,
                        BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    acc = tl.zeros([BLOCK], tl.float32)
    for i in tl.static_range(len(WEIGHTS)):
        # i is a constexpr: it indexes a constexpr tuple
        w: tl.constexpr = WEIGHTS[i]
        if w != 0:
            acc += tl.load(x_ptr + i * BLOCK + offs) * w
    for j in tl.static_range(4, 0, -2):
        tl.static_assert(j == 4 or j == 2)
        acc += j
    tl.store(out_ptr + offs, acc)


def test_static_range(rng, check):
    B = 8
    weights = (2.0, 0, -1.0, 0.5)
    x = rng.uniform(-1, 1, 4 * B).astype(np.float32)
    out = np.zeros(B, np.float32)
    k = check(static_range_kernel, x_ptr=x, out_ptr=out, WEIGHTS=weights,
              BLOCK=B)
    ref = sum(x[i * B:(i + 1) * B] * w for i, w in enumerate(weights)) + 6
    np.testing.assert_allclose(out, ref, rtol=1e-6)
    assert "scf.for" not in k.asm["tir"]  # unrolled


@trident.jit
def negative_step_kernel(x_ptr, out_ptr, trips_ptr, start, end,
                         STEP: tl.constexpr):
    acc = tl.zeros([1], tl.int64).sum(0)
    trips = 0
    for i in range(start, end, STEP):
        acc = acc * 3 + tl.load(x_ptr + i)   # order matters
        trips += 1
    tl.store(out_ptr, acc)
    tl.store(trips_ptr, trips)


@pytest.mark.parametrize("start,end,step", [(9, -1, -1), (9, 0, -3),
                                            (8, 0, -3), (3, 5, -1),
                                            (2, 2, -2)])
def test_negative_constexpr_step(start, end, step, check):
    x = np.arange(1, 11, dtype=np.int64) % 5
    out = np.zeros(1, np.int64)
    trips = np.zeros(1, np.int32)
    check(negative_step_kernel, x_ptr=x, out_ptr=out, trips_ptr=trips,
          start=start, end=end, STEP=step)
    acc = 0
    for i in range(start, end, step):
        acc = acc * 3 + int(x[i])
    assert trips[0] == len(range(start, end, step))
    assert out[0] == acc


@trident.jit
def int64_bounds_kernel(out_ptr, start, end):
    total = 0
    first = start * 0
    n = 0
    for i in range(start, end):
        tl.static_assert(i.dtype == tl.int64)
        total += (i - start).to(tl.int32)
        first = i if n == 0 else first
        n += 1
    tl.store(out_ptr, first)
    tl.store(out_ptr + 1, total.to(tl.int64))
    tl.store(out_ptr + 2, n.to(tl.int64))


def test_loops_with_int64_bounds(check):
    out = np.zeros(3, np.int64)
    start = 2 ** 33 + 7
    check(int64_bounds_kernel, out_ptr=out, start=start, end=start + 6)
    np.testing.assert_array_equal(out, [start, 15, 6])


@trident.jit
def nested_loops_kernel(out_ptr, n, m):
    total = 0
    for i in range(n):
        j = 0
        while j < m:
            for k in tl.static_range(2):
                total += i * 100 + j * 10 + k
            j += 1
    tl.store(out_ptr, total)


def test_nested_loops(check):
    out = np.zeros(1, np.int32)
    check(nested_loops_kernel, out_ptr=out, n=4, m=3)
    assert out[0] == sum(i * 100 + j * 10 + k for i in range(4)
                         for j in range(3) for k in range(2))


# ---------------------------------------------------------------------------
# Calls of @jit functions
# ---------------------------------------------------------------------------


@trident.jit
def _axpy(a, x, y):
    return a * x + y


@trident.jit
def _stats(x, AXIS: tl.constexpr = 0):
    lo = tl.min(x, axis=AXIS)
    hi = tl.max(x, axis=AXIS)
    return lo, hi, hi - lo


@trident.jit
def _nested(x, k):
    lo, hi, _ = _stats(x)
    return _axpy(k, lo, hi), (lo, hi)


@trident.jit
def _noop(x):
    pass


@trident.jit
def calls_kernel(x_ptr, out_ptr, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offs)
    y = _axpy(2.0, x, 1.0)
    tl.store(out_ptr + offs, y)
    lo, hi, rng = _stats(x)            # several values, unpacked
    st = _stats(x, AXIS=0)             # a tuple, indexed
    v, (lo2, hi2) = _nested(x, k=3.0)  # nested calls, nested unpacking
    _noop(x)
    tl.store(out_ptr + BLOCK, lo)
    tl.store(out_ptr + BLOCK + 1, hi)
    tl.store(out_ptr + BLOCK + 2, rng)
    tl.store(out_ptr + BLOCK + 3, st[2] + st[0])
    tl.store(out_ptr + BLOCK + 4, v)
    tl.store(out_ptr + BLOCK + 5, lo2 + hi2)


def test_inlined_calls(rng, check):
    B = 16
    x = rng.uniform(-5, 5, B).astype(np.float32)
    out = np.zeros(B + 6, np.float32)
    k = check(calls_kernel, x_ptr=x, out_ptr=out, BLOCK=B)
    np.testing.assert_allclose(out[:B], 2 * x + 1, rtol=1e-6)
    lo, hi = x.min(), x.max()
    np.testing.assert_allclose(out[B:], [lo, hi, hi - lo, hi - lo + lo,
                                         3 * lo + hi, lo + hi], rtol=1e-6)
    assert "func.call" not in k.asm["tir"]  # everything inlined


@trident.jit(noinline=True)
def _clamp_scale(x, lo, hi):
    return tl.minimum(tl.maximum(x, lo), hi) * 2


@trident.jit(noinline=True)
def _sum_and_max(x):
    return tl.sum(x, axis=0), tl.max(x, axis=0)


@trident.jit(noinline=True)
def _store_twice(ptr, v):
    tl.store(ptr, v)
    tl.store(ptr + 1, v + 1)


@trident.jit
def noinline_kernel(x_ptr, i_ptr, out_ptr, iout_ptr, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offs)
    xi = tl.load(i_ptr + offs)
    y = _clamp_scale(x, -1.0, 1.0)
    y2 = _clamp_scale(x * 2, -1.0, 1.0)   # the same function again
    yi = _clamp_scale(xi, -3, 3)          # other types: another function
    s, m = _sum_and_max(y + y2)
    tl.store(out_ptr + offs, y)
    tl.store(iout_ptr + offs, yi)
    _store_twice(out_ptr + BLOCK, s)
    tl.store(out_ptr + BLOCK + 2, m)


def test_noinline_functions(rng, check):
    B = 16
    x = rng.uniform(-2, 2, B).astype(np.float32)
    xi = rng.integers(-6, 6, B).astype(np.int32)
    out = np.zeros(B + 3, np.float32)
    iout = np.zeros(B, np.int32)
    k = check(noinline_kernel, x_ptr=x, i_ptr=xi, out_ptr=out, iout_ptr=iout,
              BLOCK=B)
    y = np.clip(x, -1, 1) * 2
    y2 = np.clip(2 * x, -1, 1) * 2
    np.testing.assert_allclose(out[:B], y, rtol=1e-6)
    np.testing.assert_array_equal(iout, np.clip(xi, -3, 3) * 2)
    s = (y + y2).sum()
    np.testing.assert_allclose(out[B:], [s, s + 1, (y + y2).max()],
                               rtol=1e-5)
    tir = k.asm["tir"]
    # calls kept through the inliner: _clamp_scale in two specializations
    # (f32 and i32), one of them called twice; _sum_and_max; _store_twice
    assert tir.count("call @_clamp_scale__") == 3
    assert tir.count("func.func private @_clamp_scale__") == 2
    assert tir.count("call @_sum_and_max__") == 1
    assert tir.count("call @_store_twice__") == 1
    # and they stay calls in the PTX (LLVM's noinline)
    ptx_calls = [l for l in k.asm["ptx"].splitlines()
                 if l.strip().startswith("call") or "_clamp_scale__0," in l]
    assert sum("_clamp_scale__0" in l for l in ptx_calls) == 2, ptx_calls


@trident.jit
def _band_mask(x, offs_m: tl.constexpr, offs_n: tl.constexpr,
               STAGE: tl.constexpr):
    # offs_m and offs_n are annotated tl.constexpr but given tensors, as
    # in Triton's tutorial 06 (_attn_fwd_inner): ordinary values then
    if STAGE == 2:
        mask = offs_m[:, None] >= offs_n[None, :]
    else:
        mask = offs_m[:, None] < offs_n[None, :]
    return tl.where(mask, x, 0.0)


@trident.jit(noinline=True)
def _shift(x, by: tl.constexpr):
    return x + by


@trident.jit
def constexpr_param_tensor_kernel(x_ptr, out_ptr, s, BLOCK: tl.constexpr):
    start_m = tl.program_id(0)
    offs_m = start_m * BLOCK + tl.arange(0, BLOCK)
    offs_n = tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offs_m[:, None] * BLOCK + offs_n[None, :])
    y = _band_mask(x, offs_m, offs_n, 2) + _band_mask(x, offs_m, offs_n, 1)
    y = _band_mask(y, offs_m=offs_m, offs_n=offs_n, STAGE=2)
    c = _shift(s, s)        # a run-time scalar, noinline
    y = y + _shift(c, 0.5)  # a constant: still a constexpr there
    tl.store(out_ptr + offs_m[:, None] * BLOCK + offs_n[None, :], y)


def test_constexpr_parameter_given_a_tensor(rng, check):
    """A called @jit function's parameter annotated tl.constexpr takes a
    tensor as an ordinary value, inlined or noinline (Triton does too)."""
    B = 16
    x = rng.uniform(-2, 2, (2 * B, B)).astype(np.float32)
    out = np.zeros_like(x)
    k = check(constexpr_param_tensor_kernel, grid=(2,), x_ptr=x, out_ptr=out,
              s=3, BLOCK=B)
    m = np.arange(2 * B)[:, None]
    n = np.arange(B)[None, :]
    ref = np.where(m >= n, x, 0) + np.where(m < n, x, 0)
    ref = np.where(m >= n, ref, 0) + 6 + 0.5
    np.testing.assert_allclose(out, ref, rtol=1e-6)
    assert k.asm["tir"].count("func.func private @_shift__") == 2


@trident.jit
def augassign_int_kernel(x_ptr, out_ptr, n, BLOCK: tl.constexpr):
    pid = tl.program_id(0)
    x_ptr += pid * BLOCK
    out_ptr += pid * BLOCK
    n -= pid * BLOCK
    offs = tl.arange(0, BLOCK)
    m = offs < n
    v = tl.load(x_ptr + offs, mask=m)
    v += 3
    v *= 5
    v //= 2
    v %= 7
    v <<= 2
    v >>= 1
    v |= 1
    v &= 0x3F
    v ^= 0x10
    tl.store(out_ptr + offs, v, mask=m)


def test_augmented_assignment(rng, check):
    n, B = 50, 16
    x = rng.integers(-100, 100, n).astype(np.int32)
    out = np.zeros(n, np.int32)
    check(augassign_int_kernel, grid=(4,), x_ptr=x, out_ptr=out, n=n,
          BLOCK=B)
    v = (x.astype(np.int64) + 3) * 5
    q = np.trunc(v / 2).astype(np.int64)
    r = q - 7 * np.trunc(q / 7).astype(np.int64)   # C remainder
    v = ((((r << 2) >> 1) | 1) & 0x3F) ^ 0x10
    np.testing.assert_array_equal(out, v)


@trident.jit
def augassign_ptr_kernel(x_ptr, out_ptr, n, scale, BLOCK: tl.constexpr):
    pid = tl.program_id(0)
    x_ptr += pid * BLOCK
    out_ptr += pid * BLOCK
    n -= pid * BLOCK
    scale *= 2.0
    offs = tl.arange(0, BLOCK)
    m = offs < n
    v = tl.load(x_ptr + offs, mask=m)
    v *= scale
    v -= 1.0
    tl.store(out_ptr + offs, v, mask=m)


def test_augmented_assignment_to_arguments(rng, check):
    n, B = 50, 16
    x = rng.uniform(-1, 1, n).astype(np.float32)
    out = np.zeros(n, np.float32)
    check(augassign_ptr_kernel, grid=(4,), x_ptr=x, out_ptr=out, n=n,
          scale=1.5, BLOCK=B)
    np.testing.assert_allclose(out, x * 3.0 - 1.0, rtol=1e-6)


# ---------------------------------------------------------------------------
# Assertions and compile-time printing
# ---------------------------------------------------------------------------


@trident.jit
def static_assert_kernel(x_ptr, BLOCK: tl.constexpr):
    tl.static_assert(BLOCK % 16 == 0, "BLOCK must be a multiple of 16")
    offs = tl.arange(0, BLOCK)
    tl.store(x_ptr + offs, tl.load(x_ptr + offs) + 1)


def test_static_assert():
    trident.compile(static_assert_kernel, signature={"x_ptr": "*fp32"},
                    constexprs={"BLOCK": 32}, target="cpu")
    with pytest.raises(trident.CompilationError) as e:
        trident.compile(static_assert_kernel, signature={"x_ptr": "*fp32"},
                        constexprs={"BLOCK": 8}, target="cpu")
    assert "BLOCK must be a multiple of 16" in str(e.value)
    assert e.value.lineno == line_of(static_assert_kernel, "tl.static_assert(")
    assert os.path.basename(e.value.filename) == "test_control_flow.py"


@trident.jit
def python_assert_kernel(x_ptr, BLOCK: tl.constexpr):
    assert BLOCK > 4, "BLOCK too small"
    offs = tl.arange(0, BLOCK)
    tl.store(x_ptr + offs, tl.load(x_ptr + offs) + 1)


def test_assert_on_constexpr(check):
    x = np.zeros(8, np.float32)
    check(python_assert_kernel, x_ptr=x, BLOCK=8)
    np.testing.assert_array_equal(x, 1)
    with pytest.raises(trident.CompilationError, match="BLOCK too small"):
        trident.compile(python_assert_kernel, signature={"x_ptr": "*fp32"},
                        constexprs={"BLOCK": 4}, target="cpu")


@trident.jit
def static_print_kernel(x_ptr, BLOCK: tl.constexpr):
    tl.static_print("compiling with BLOCK =", BLOCK, BLOCK * 2)
    offs = tl.arange(0, BLOCK)
    tl.store(x_ptr + offs, tl.load(x_ptr + offs))


def test_static_print(capsys):
    trident.compile(static_print_kernel, signature={"x_ptr": "*fp32"},
                    constexprs={"BLOCK": 16}, target="cpu")
    assert "compiling with BLOCK = 16 32" in capsys.readouterr().out


@trident.jit
def device_assert_kernel(x_ptr, n, LIMIT: tl.constexpr, BLOCK: tl.constexpr):
    pid = tl.program_id(0)
    offs = pid * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    x = tl.load(x_ptr + offs, mask=m, other=0)
    tl.device_assert(x < LIMIT, "value over the limit", mask=m)
    assert x >= 0, "negative value"
    tl.store(x_ptr + offs, x + 1, mask=m)


def test_device_assert_passing(check):
    x = np.arange(40, dtype=np.int32)
    check(device_assert_kernel, grid=(3,), x_ptr=x, n=40, LIMIT=100,
          BLOCK=16)
    np.testing.assert_array_equal(x, np.arange(40) + 1)


def test_device_assert_failing_names_file_and_line():
    x = np.arange(40, dtype=np.int32)
    x[37] = 500    # in program 2
    # trident.KernelError, a RuntimeError as Triton's device-side assert
    with pytest.raises(trident.KernelError) as e:
        device_assert_kernel[(3,)](x, 40, LIMIT=100, BLOCK=16)
    msg = str(e.value)
    line = line_of(device_assert_kernel, "tl.device_assert")
    assert "test_control_flow.py:%d" % line in msg, msg
    assert "value over the limit" in msg
    assert "(2, 0, 0)" in msg          # the failing program
    # masked-off lanes do not assert: the same data with n = 37 passes
    x[37] = 500
    device_assert_kernel[(3,)](x, 37, LIMIT=100, BLOCK=16)


def test_python_assert_on_tensor_is_a_device_assert():
    x = np.arange(40, dtype=np.int32) - 3
    # trident.KernelError, a RuntimeError as Triton's device-side assert
    with pytest.raises(trident.KernelError) as e:
        device_assert_kernel[(3,)](x, 40, LIMIT=100, BLOCK=16)
    msg = str(e.value)
    assert "negative value" in msg
    assert "test_control_flow.py:%d" % line_of(
        device_assert_kernel, "assert x >= 0") in msg, msg


@trident.jit
def scalar_pointer_loop_kernel(x_ptr, n_rows, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    p = x_ptr
    for i in range(n_rows):
        v = tl.load(p + offs)
        tl.store(p + offs, v * 2 + i)
        p += BLOCK
    if n_rows > 2:
        q = x_ptr
    else:
        q = x_ptr + BLOCK
    tl.store(q + offs, tl.load(q + offs) + 100)


def test_scalar_pointer_carried_by_loop_and_if(compile_sm90):
    # A scalar pointer advanced in a loop and chosen by a run-time if (the
    # CPU back end rebuilds such loops with LLVM pointers).
    x = np.arange(64, dtype=np.float32)
    scalar_pointer_loop_kernel[(1,)](x, 4, BLOCK=16)
    ref = np.arange(64, dtype=np.float64) * 2 + np.repeat(np.arange(4), 16)
    ref[:16] += 100
    np.testing.assert_array_equal(x, ref)
    compile_sm90(scalar_pointer_loop_kernel, {"x_ptr": "*fp32",
                                              "n_rows": "i32"},
                 {"BLOCK": 16})


@trident.jit
def tuple_carried_kernel(x_ptr, out_ptr, n, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    acc = (tl.zeros([BLOCK], tl.float32), 0)
    i = 0
    while i < n:
        s, c = acc
        acc = (s + tl.load(x_ptr + i * BLOCK + offs), c + 1)
        i += 1
    for j in range(n):
        acc = (acc[0] + 1.0, acc[1])
    tl.store(out_ptr + offs, acc[0] / acc[1])


def test_tuple_carried_by_loops(rng, check):
    x = rng.standard_normal(64).astype(np.float32)
    out = np.full(16, np.nan, np.float32)
    check(tuple_carried_kernel, (1,), x_ptr=x, out_ptr=out, n=4, BLOCK=16)
    ref = (x.reshape(4, 16).astype(np.float64).sum(0) + 4) / 4
    np.testing.assert_allclose(out, ref, rtol=1e-6)
