"""`for i in range(a, b, s)` / `tl.range(a, b, s)` against Python's own
range: steps of either sign and any size, known at compile time or only at
run time, bounds next to the int32 and int64 limits (where adding the step
to the last value would overflow), and a zero step (a compile-time error
when it is a constexpr, a device-side assertion the launch reports when it
is known only at run time; never a hang).

Each kernel records the values its loop variable takes (up to CAP of them)
and the number of trips; the CPU target runs it.
"""
import os
import subprocess
import sys
import textwrap

import numpy as np
import pytest

import trident
import trident.language as tl

CAP = 16
I32_MAX, I32_MIN = 2 ** 31 - 1, -2 ** 31
I64_MAX, I64_MIN = 2 ** 63 - 1, -2 ** 63


# Run-time start, end and step (never specialized: a 1 stays run-time).
@trident.jit(do_not_specialize=["a", "b", "s"])
def loop_runtime(out_ptr, trips_ptr, a, b, s, CAP: tl.constexpr):
    n = 0
    for i in range(a, b, s):
        tl.store(out_ptr + n, i.to(tl.int64), mask=n < CAP)
        n += 1
    tl.store(trips_ptr, n.to(tl.int64))


# The same through tl.range with a scheduling hint.
@trident.jit(do_not_specialize=["a", "b", "s"])
def loop_tl_range(out_ptr, trips_ptr, a, b, s, CAP: tl.constexpr):
    n = 0
    for i in tl.range(a, b, s, num_stages=2):
        tl.store(out_ptr + n, i.to(tl.int64), mask=n < CAP)
        n += 1
    tl.store(trips_ptr, n.to(tl.int64))


# Run-time bounds, constexpr step.
@trident.jit(do_not_specialize=["a", "b"])
def loop_const_step(out_ptr, trips_ptr, a, b, S: tl.constexpr,
                    CAP: tl.constexpr):
    n = 0
    for i in range(a, b, S):
        tl.store(out_ptr + n, i.to(tl.int64), mask=n < CAP)
        n += 1
    tl.store(trips_ptr, n.to(tl.int64))


# Everything constexpr, but a loop all the same (tl.range keeps it one).
@trident.jit
def loop_all_const(out_ptr, trips_ptr, A: tl.constexpr, B: tl.constexpr,
                   S: tl.constexpr, CAP: tl.constexpr):
    n = 0
    for i in tl.range(A, B, S):
        tl.store(out_ptr + n, i.to(tl.int64), mask=n < CAP)
        n += 1
    tl.store(trips_ptr, n.to(tl.int64))


def run_loop(kind, a, b, s):
    out = np.full(CAP, -12345, np.int64)
    trips = np.full(1, -1, np.int64)
    if kind == "runtime":
        loop_runtime[(1,)](out, trips, a, b, s, CAP=CAP)
    elif kind == "tl.range":
        loop_tl_range[(1,)](out, trips, a, b, s, CAP=CAP)
    elif kind == "const_step":
        loop_const_step[(1,)](out, trips, a, b, S=s, CAP=CAP)
    else:
        loop_all_const[(1,)](out, trips, A=a, B=b, S=s, CAP=CAP)
    return out, int(trips[0])


def expect(a, b, s):
    want = list(range(a, b, s))
    return want[:CAP], len(want)


KINDS = ["runtime", "tl.range", "const_step", "all_const"]

SMALL = [
    (10, 0, -3),    # the report: 10, 7, 4, 1
    (0, 10, 3), (0, 10, 1), (10, 0, -1), (9, -1, -1), (8, 0, -3),
    (-7, 7, 2), (7, -7, -2), (-3, 12, 5), (12, -3, -5),
    (0, 10, 100), (10, 0, -100),              # one trip
    (0, 10, -1), (10, 0, 1), (0, 10, -3),     # empty: wrong direction
    (5, 5, 2), (5, 5, -2),                    # empty: no room
    (0, 7, 7), (0, 8, 7), (7, 0, -7), (8, 0, -7),
]

NEAR_INT32_LIMITS = [
    # the last value plus the step is past INT32_MAX / INT32_MIN
    (I32_MAX - 10, I32_MAX, 4),
    (I32_MAX - 10, I32_MAX, 3),
    (I32_MAX - 2, I32_MAX, 2),
    (I32_MAX - 1, I32_MAX, 1000),
    (I32_MAX - 5, I32_MAX, I32_MAX),
    (I32_MIN + 10, I32_MIN, -4),
    (I32_MIN + 1, I32_MIN, -2),
    (I32_MIN + 5, I32_MIN, -1000),
    (I32_MIN + 5, I32_MIN, I32_MIN),
    # the whole int32 range in a few big steps
    (I32_MIN, I32_MAX, 2 ** 30),
    (I32_MIN, I32_MAX, I32_MAX),
    (I32_MAX, I32_MIN, -(2 ** 30)),
    (I32_MAX, I32_MIN, I32_MIN),
    (I32_MAX, I32_MIN + 1, -I32_MAX),
    (I32_MIN, I32_MAX, 2 ** 29 + 7),
    (I32_MAX, I32_MIN, -(2 ** 29 + 7)),
]


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("a,b,s", SMALL)
def test_small_ranges(kind, a, b, s):
    out, trips = run_loop(kind, a, b, s)
    want, n = expect(a, b, s)
    assert trips == n, (a, b, s, kind)
    assert out[:len(want)].tolist() == want, (a, b, s, kind)


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("a,b,s", NEAR_INT32_LIMITS)
def test_int32_limits_do_not_wrap(kind, a, b, s):
    out, trips = run_loop(kind, a, b, s)
    want, n = expect(a, b, s)
    assert trips == n, (a, b, s, kind)
    assert out[:len(want)].tolist() == want, (a, b, s, kind)


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("a,b,s", [
    (I64_MAX - 10, I64_MAX, 4),
    (I64_MIN + 10, I64_MIN, -4),
    (I64_MIN, I64_MAX, 2 ** 62),
    (I64_MAX, I64_MIN, -(2 ** 62)),
    (I64_MAX, I64_MIN, I64_MIN),
    (2 ** 40, 2 ** 40 + 10, 3),
    (2 ** 40 + 10, 2 ** 40, -3),
    (0, 2 ** 40, 2 ** 38),
])
def test_int64_bounds(kind, a, b, s):
    out, trips = run_loop(kind, a, b, s)
    want, n = expect(a, b, s)
    assert trips == n, (a, b, s, kind)
    assert out[:len(want)].tolist() == want, (a, b, s, kind)


@pytest.mark.parametrize("kind", ["runtime", "const_step", "all_const"])
@pytest.mark.parametrize("a,b,s", [
    # a bound above INT32_MAX (a uint32 argument) is not read as negative
    (2 ** 31 + 5, 2 ** 31 + 20, 4),
    (2 ** 32 - 2, 2 ** 31, -(2 ** 29)),
    (0, 2 ** 32 - 1, 2 ** 30),
])
def test_bounds_above_int32(kind, a, b, s):
    out, trips = run_loop(kind, a, b, s)
    want, n = expect(a, b, s)
    assert trips == n, (a, b, s, kind)
    assert out[:len(want)].tolist() == want, (a, b, s, kind)


@trident.jit(do_not_specialize=["s"])
def nested_kernel(out_ptr, n, s):
    # a run-time negative step inside a loop, its trip count depending on
    # the outer variable; and the outer variable's type.
    total = 0
    for i in range(n, -1, -2):
        tl.static_assert(i.dtype == tl.int32)
        for j in range(i, 0, s):
            total += j * 10 + 1
    tl.store(out_ptr, total)


def test_nested_runtime_negative_steps():
    out = np.zeros(1, np.int32)
    for n, s in ((9, -3), (10, -1), (4, -7)):
        nested_kernel[(1,)](out, n, s)
        assert out[0] == sum(j * 10 + 1 for i in range(n, -1, -2)
                             for j in range(i, 0, s)), (n, s)


def test_runtime_step_kernel_builds_for_gpu(compile_sm90):
    # Each form of loop (and the zero-step assertion) through ptxas.
    compile_sm90(loop_runtime, {"out_ptr": "*i64", "trips_ptr": "*i64",
                                "a": "i32", "b": "i32", "s": "i32"},
                 {"CAP": CAP})
    compile_sm90(loop_runtime, {"out_ptr": "*i64", "trips_ptr": "*i64",
                                "a": "i64", "b": "i32", "s": "i32"},
                 {"CAP": CAP})
    for step in (-3, 2, -1):
        compile_sm90(loop_const_step, {"out_ptr": "*i64", "trips_ptr": "*i64",
                                       "a": "i32", "b": "i32"},
                     {"S": step, "CAP": CAP})


def test_constexpr_zero_step_is_a_compile_error():
    with pytest.raises(trident.CompilationError) as e:
        run_loop("const_step", 0, 10, 0)
    assert "step must not be zero" in str(e.value)
    assert "internal error" not in str(e.value)


@trident.jit
def static_zero_step_kernel(out_ptr):
    for i in tl.static_range(0, 4, 0):
        tl.store(out_ptr + i, i)


def test_static_range_zero_step_is_a_user_error():
    with pytest.raises(trident.CompilationError) as e:
        static_zero_step_kernel[(1,)](np.zeros(4, np.int32))
    msg = str(e.value)
    assert "step must not be zero" in msg and "internal error" not in msg
    assert "test_range_steps.py" in msg


ZERO_STEP_SCRIPT = textwrap.dedent("""
    import numpy as np
    import trident
    import trident.language as tl

    @trident.jit
    def k(out_ptr, a, b, s):
        n = 0
        for i in range(a, b, s):   # the zero-step loop
            n += 1
        tl.store(out_ptr, n)

    out = np.full(1, -1, np.int32)
    # int32 bounds, then int64 bounds (another form of loop)
    for a, b in ((0, 10), (2 ** 40, 2 ** 40 + 10)):
        try:
            k[(1,)](out, a, b, 0)
        except trident.KernelError as e:
            print("KernelError:", e)
        else:
            print("no error, trips:", out[0])
    # a good launch after it still works
    k[(1,)](out, 10, 0, -3)
    print("after:", out[0])
""")


def test_runtime_zero_step_is_reported_not_a_hang(tmp_path):
    script = tmp_path / "zero_step.py"
    script.write_text(ZERO_STEP_SCRIPT)
    env = dict(os.environ, TRIDENT_TARGET="cpu")
    try:
        res = subprocess.run([sys.executable, str(script)], env=env,
                             capture_output=True, text=True, timeout=120)
    except subprocess.TimeoutExpired:
        pytest.fail("a loop with a run-time zero step hung")
    out = res.stdout + res.stderr
    assert res.returncode == 0, out
    lines = res.stdout.splitlines()
    assert len(lines) == 3, out
    for line in lines[:2]:
        assert line.startswith("KernelError:"), out
        assert "range() step must not be zero" in line, out
        # the error names the loop's line in the kernel's file
        assert "zero_step.py:9" in line, out
    assert lines[2] == "after: 4", out
