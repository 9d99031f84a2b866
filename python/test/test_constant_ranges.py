"""A Python number that meets a typed value must fit its type.

`tl.full([2], 300, tl.int8)` once gave 44 (300 wrapped to 8 bits). A
constant is now checked against the dtype it becomes, wherever a Python
number meets a typed value: tl.full (and zeros/full_like), the scalar
operand of an arithmetic, bitwise or comparison op (Triton's rule: the
scalar takes the tile's type, so it must fit it, and a negative scalar
cannot meet an unsigned type), tl.where, and the values written by
tl.store, tl.atomic_*, and tl.load's `other`. The error is a
CompilationError at the user's line that names the value, the dtype and its
range, e.g. "300 does not fit in int8 (-128 to 127)".

Values that fit still work, at both ends of each range (run on the CPU
target). A bool dtype takes a number's truth value, as Triton's does.
"""
import inspect
import os
import re

import numpy as np
import pytest

import trident
import trident.language as tl

THIS_FILE = os.path.abspath(__file__)


def marked_line(fn):
    """The line number of the line of `fn` marked `# <- here`."""
    lines, start = inspect.getsourcelines(getattr(fn, "fn", fn))
    hits = [i for i, line in enumerate(lines) if "# <- here" in line]
    assert len(hits) == 1, "mark exactly one line of %s" % fn
    return start + hits[0]


def compile_error(fn, signature, constexprs=None):
    with pytest.raises(trident.CompilationError) as info:
        trident.compile(fn, signature=signature, constexprs=constexprs,
                        target="cpu")
    return str(info.value)


def check_error(msg, fn, *words):
    """`msg` points at `fn`'s marked line in this file and says `words`."""
    head = re.search(re.escape(THIS_FILE) + r":(\d+):\d+: ", msg)
    assert head, "no %s:line:col in:\n%s" % (THIS_FILE, msg)
    assert int(head.group(1)) == marked_line(fn), msg
    for w in words:
        assert w in msg, "%r not in:\n%s" % (w, msg)
    assert "Traceback" not in msg and "internal error" not in msg, msg


# ---------------------------------------------------------------------------
# tl.full and its relatives
# ---------------------------------------------------------------------------


@trident.jit
def k_full(out_ptr, V: tl.constexpr, DT: tl.constexpr):
    offs = tl.arange(0, 4)
    tl.store(out_ptr + offs, tl.full([4], V, DT))  # <- here


SIG_OUT = {"out_ptr": "*i64"}


@pytest.mark.parametrize("value, dtype, text", [
    (300, tl.int8, "300 does not fit in int8 (-128 to 127)"),
    (128, tl.int8, "128 does not fit in int8 (-128 to 127)"),
    (-129, tl.int8, "-129 does not fit in int8 (-128 to 127)"),
    (256, tl.uint8, "256 does not fit in uint8 (0 to 255)"),
    (-1, tl.uint8, "-1 does not fit in uint8 (0 to 255)"),
    (-1, tl.uint32, "-1 does not fit in uint32 (0 to 4294967295)"),
    (40000, tl.int16, "40000 does not fit in int16 (-32768 to 32767)"),
    (2 ** 31, tl.int32,
     "2147483648 does not fit in int32 (-2147483648 to 2147483647)"),
    (2 ** 63, tl.int64, "9223372036854775808 does not fit in int64"),
    (-1, tl.uint64, "-1 does not fit in uint64 (0 to 18446744073709551615)"),
])
def test_full_refuses_a_value_its_dtype_cannot_hold(value, dtype, text):
    msg = compile_error(k_full, SIG_OUT, {"V": value, "DT": dtype})
    check_error(msg, k_full, "tl.full", text)


@pytest.mark.parametrize("value", [2.5, -0.5, float("inf"), float("nan")])
def test_full_refuses_a_non_integral_float_for_an_integer_dtype(value):
    # int(2.5) would silently give 2, int(inf) an internal OverflowError.
    msg = compile_error(k_full, SIG_OUT, {"V": value, "DT": tl.int32})
    check_error(msg, k_full, "tl.full", repr(value), "not an integer",
                "int32")


@pytest.mark.parametrize("value, dtype, np_dtype", [
    (-128, tl.int8, np.int8), (127, tl.int8, np.int8),
    (0, tl.uint8, np.uint8), (255, tl.uint8, np.uint8),
    (-32768, tl.int16, np.int16), (65535, tl.uint16, np.uint16),
    (-2 ** 31, tl.int32, np.int32), (2 ** 32 - 1, tl.uint32, np.uint32),
    (-2 ** 63, tl.int64, np.int64), (2 ** 64 - 1, tl.uint64, np.uint64),
    (7.0, tl.int8, np.int8),  # a float with an integral value is fine
])
def test_full_keeps_every_value_in_range(value, dtype, np_dtype):
    @trident.jit
    def k(out_ptr, V: tl.constexpr, DT: tl.constexpr):
        offs = tl.arange(0, 4)
        tl.store(out_ptr + offs, tl.full([4], V, DT))

    out = np.zeros(4, np_dtype)
    k[(1,)](out, V=value, DT=dtype)
    assert out.tolist() == [int(value)] * 4


@pytest.mark.parametrize("value, expected", [(2, 1), (0, 0), (1, 1),
                                             (-3, 1), (0.5, 1)])
def test_full_of_a_bool_takes_the_truth_value(value, expected):
    # Truncated to one bit, 2 would have become False.
    @trident.jit
    def k(out_ptr, V: tl.constexpr):
        offs = tl.arange(0, 4)
        tl.store(out_ptr + offs, tl.full([4], V, tl.int1).to(tl.int8))

    out = np.full(4, 7, np.int8)
    k[(1,)](out, V=value)
    assert out.tolist() == [expected] * 4


@trident.jit
def k_full_like(out_ptr):
    offs = tl.arange(0, 4)
    x = tl.zeros([4], tl.uint16)
    tl.store(out_ptr + offs, tl.full_like(x, 70000))  # <- here


def test_full_like_checks_the_tile_dtype():
    msg = compile_error(k_full_like, {"out_ptr": "*u16"})
    check_error(msg, k_full_like, "70000 does not fit in uint16 (0 to 65535)")


@trident.jit
def k_full_not_a_number(out_ptr):
    offs = tl.arange(0, 4)
    tl.store(out_ptr + offs, tl.full([4], "7", tl.int32))  # <- here


def test_full_refuses_a_value_that_is_not_a_number():
    msg = compile_error(k_full_not_a_number, {"out_ptr": "*i32"})
    check_error(msg, k_full_not_a_number, "tl.full's value", "'7'")


# ---------------------------------------------------------------------------
# A Python scalar meeting a tile (Triton 3.6's rules)
# ---------------------------------------------------------------------------


@trident.jit
def k_add(out_ptr):
    offs = tl.arange(0, 4)
    x = tl.load(out_ptr + offs)
    tl.store(out_ptr + offs, x + 300)  # <- here


@trident.jit
def k_compare(out_ptr):
    offs = tl.arange(0, 4)
    x = tl.load(out_ptr + offs)
    tl.store(out_ptr + offs, tl.where(x < -129, 1, 0))  # <- here


@trident.jit
def k_bitwise(out_ptr):
    offs = tl.arange(0, 4)
    x = tl.load(out_ptr + offs)
    tl.store(out_ptr + offs, x & 0x1FF)  # <- here


@trident.jit
def k_where(out_ptr):
    offs = tl.arange(0, 4)
    x = tl.load(out_ptr + offs)
    tl.store(out_ptr + offs, tl.where(offs < 2, x, 300))  # <- here


@trident.jit
def k_negative_unsigned(out_ptr):
    offs = tl.arange(0, 4)
    x = tl.load(out_ptr + offs)
    tl.store(out_ptr + offs, x + -1)  # <- here


@pytest.mark.parametrize("fn, ptr, words", [
    (k_add, "*i8", ["'+'", "300 does not fit in int8 (-128 to 127)"]),
    (k_compare, "*i8", ["'<'", "-129 does not fit in int8 (-128 to 127)"]),
    (k_bitwise, "*i8", ["'&'", "511 does not fit in int8 (-128 to 127)"]),
    (k_where, "*i8", ["tl.where", "300 does not fit in int8"]),
    # uint32 with an int32 scalar computes in uint32 (same width: the
    # unsigned type wins), which cannot hold -1.
    (k_negative_unsigned, "*u32",
     ["'+'", "negative", "-1 does not fit in uint32 (0 to 4294967295)"]),
])
def test_a_scalar_must_fit_the_tile_it_meets(fn, ptr, words):
    msg = compile_error(fn, {"out_ptr": ptr})
    check_error(msg, fn, *words)


def test_a_scalar_that_fits_is_exact_at_the_ends_of_the_range():
    @trident.jit
    def k(x_ptr, out_ptr):
        offs = tl.arange(0, 4)
        x = tl.load(x_ptr + offs)
        tl.store(out_ptr + offs, (x + 127) - (x - -128) + (x & 255))

    x = np.array([0, 1, -1, 5], np.int16)
    out = np.zeros(4, np.int16)
    k[(1,)](x, out)
    assert out.tolist() == ((x + 127) - (x + 128) + (x & 255)).tolist()


def test_a_narrow_unsigned_tile_meets_a_negative_scalar():
    # A Python int takes the unsigned tile's type (Triton 3.6: ints of
    # either sign are one kind), which cannot hold -1: an error, as in
    # Triton; a positive one computes in uint8.
    @trident.jit
    def k(x_ptr, out_ptr, NEG: tl.constexpr):
        offs = tl.arange(0, 4)
        if NEG:
            tl.store(out_ptr + offs, tl.load(x_ptr + offs) + -1)
        else:
            tl.store(out_ptr + offs, tl.load(x_ptr + offs) + 1)

    x = np.array([0, 1, 200, 255], np.uint8)
    out = np.zeros(4, np.uint8)
    with pytest.raises(trident.CompilationError,
                       match="unsigned tile .tl.uint8. and the negative "
                             "scalar -1"):
        k[(1,)](x, out, NEG=True)
    k[(1,)](x, out, NEG=False)
    assert out.tolist() == [1, 2, 201, 0]


# ---------------------------------------------------------------------------
# Values written to memory
# ---------------------------------------------------------------------------


@trident.jit
def k_store(out_ptr):
    offs = tl.arange(0, 4)
    tl.store(out_ptr + offs, 300)  # <- here


@trident.jit
def k_store_float(out_ptr):
    offs = tl.arange(0, 4)
    tl.store(out_ptr + offs, 2.5)  # <- here


@trident.jit
def k_atomic(out_ptr):
    offs = tl.arange(0, 4)
    tl.atomic_add(out_ptr + offs, 5000000000)  # <- here


@trident.jit
def k_atomic_cas(out_ptr):
    tl.atomic_cas(out_ptr, -1, 1)  # <- here


@trident.jit
def k_load_other(out_ptr):
    offs = tl.arange(0, 4)
    x = tl.load(out_ptr + offs, mask=offs < 2, other=-200)  # <- here
    tl.store(out_ptr + offs, x)


@pytest.mark.parametrize("fn, ptr, words", [
    (k_store, "*i8", ["tl.store", "300 does not fit in int8 (-128 to 127)"]),
    (k_store_float, "*i32", ["tl.store", "2.5", "not an integer", "int32"]),
    (k_atomic, "*i32",
     ["tl.atomic_add",
      "5000000000 does not fit in int32 (-2147483648 to 2147483647)"]),
    (k_atomic_cas, "*u32",
     ["tl.atomic_cas", "-1 does not fit in uint32 (0 to 4294967295)"]),
    (k_load_other, "*i8",
     ["tl.load", "other", "-200 does not fit in int8 (-128 to 127)"]),
])
def test_a_value_written_must_fit_the_pointer_type(fn, ptr, words):
    msg = compile_error(fn, {"out_ptr": ptr})
    check_error(msg, fn, *words)


def test_values_written_that_fit_are_exact():
    @trident.jit
    def k(a_ptr, b_ptr, c_ptr):
        offs = tl.arange(0, 4)
        tl.store(a_ptr + offs, -128)
        tl.atomic_add(b_ptr + offs, 4294967295)
        y = tl.load(c_ptr + offs, mask=offs < 2, other=127)
        tl.store(c_ptr + offs, y)

    a = np.zeros(4, np.int8)
    b = np.zeros(4, np.uint32)
    c = np.array([1, 2, 3, 4], np.int8)
    k[(1,)](a, b, c)
    assert a.tolist() == [-128] * 4
    assert b.tolist() == [4294967295] * 4
    assert c.tolist() == [1, 2, 127, 127]
