"""The element types atomics take, as Triton 3.6's rules: read-modify-write
atomics refuse every type of 16 bits or fewer but fp16 / bf16, and those
only for atomic_add; atomic_cas takes 16-, 32- and 64-bit elements. Checked
on the CPU target (the refusal is the front end's, on every target)."""
import numpy as np
import pytest

import trident
import trident.language as tl


@trident.jit
def _rmw(P, V, OP: tl.constexpr):
    v = tl.load(V)
    if OP == "add":
        tl.atomic_add(P, v)
    elif OP == "max":
        tl.atomic_max(P, v)
    else:
        tl.atomic_xchg(P, v)


@trident.jit
def _cas(P, C, V):
    tl.atomic_cas(P, tl.load(C), tl.load(V))


def _refused(kernel, *args, **kw):
    with pytest.raises(trident.CompilationError) as e:
        kernel[(1,)](*args, **kw)
    return str(e.value)


@pytest.mark.parametrize("dtype", [np.int8, np.uint8, np.int16, np.uint16])
@pytest.mark.parametrize("op", ["add", "max", "xchg"])
def test_narrow_integer_rmw_is_refused(dtype, op):
    x = np.zeros(1, dtype)
    msg = _refused(_rmw, x, x.copy(), OP=op)
    assert "atomic_%s does not support" % op in msg, msg
    assert np.dtype(dtype).name in msg, msg


def test_fp8_and_bool_rmw_are_refused():
    with pytest.raises(trident.CompilationError) as e:
        trident.compile(_rmw, signature={"P": "*fp8e4nv", "V": "*fp8e4nv"},
                        constexprs={"OP": "add"}, target="cpu")
    assert "atomic_add does not support fp8e4nv" in str(e.value)
    b = np.zeros(1, np.bool_)
    assert "atomic_add does not support" in _refused(_rmw, b, b.copy(),
                                                     OP="add")


@pytest.mark.parametrize("dtype", [np.float16])
def test_16_bit_floats_only_add(dtype):
    x = np.zeros(1, dtype)
    msg = _refused(_rmw, x, x.copy(), OP="max")
    assert "atomic_max does not support fp16" in msg, msg
    out = np.array([1.5], dtype)
    _rmw[(1,)](out, np.array([2.0], dtype), OP="add")
    assert out[0] == 3.5


@pytest.mark.parametrize("dtype", [np.int32, np.uint32, np.int64,
                                   np.float32, np.float64])
def test_32_and_64_bit_rmw_run(dtype):
    out = np.array([5], dtype)
    _rmw[(1,)](out, np.array([3], dtype), OP="add")
    assert out[0] == 8


def test_cas_widths():
    x = np.zeros(1, np.int8)
    msg = _refused(_cas, x, x.copy(), x.copy())
    assert "atomic_cas only supports elements with width {16, 32, 64}" in msg
    for dtype in (np.int16, np.int32, np.int64):
        p = np.array([7], dtype)
        _cas[(1,)](p, np.array([7], dtype), np.array([9], dtype))
        assert p[0] == 9, dtype
