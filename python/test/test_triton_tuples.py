"""Tuples as Triton handles them: kernel arguments that are tuples (and
namedtuples) holding tensors, `tl.tuple`, list comprehensions over tuples,
namedtuples made and returned in jit functions, and the run-time hooks
(`knobs.runtime.jit_cache_hook`, `preload`, `device_caches`) that Triton's
test_tuple.py uses."""
from typing import NamedTuple

import pytest

import trident
import trident.language as tl

torch = pytest.importorskip("torch")


@trident.jit
def nested_tuple_sum(out_ptr, t, n):
    a = tl.load(t[0])
    b = tl.load(t[1][0])
    tl.static_assert(t[1][1] == 5)
    tl.static_assert(t[1][2] is None)
    tl.store(out_ptr, a * 100 + b * 10 + t[1][1] + n)


def test_tuple_of_tensors_as_an_argument():
    x = torch.tensor([3], dtype=torch.int32)
    y = torch.tensor([4], dtype=torch.int32)
    out = torch.zeros(1, dtype=torch.int32)
    nested_tuple_sum[(1,)](out, (x, (y, 5, None)), 7)
    assert out.item() == 300 + 40 + 5 + 7
    # other tensors, same specialization: their own addresses are passed
    x2 = torch.tensor([1], dtype=torch.int32)
    y2 = torch.tensor([2], dtype=torch.int32)
    nested_tuple_sum[(1,)](out, (x2, (y2, 5, None)), 0)
    assert out.item() == 100 + 20 + 5
    # an element type of its own is a specialization of its own
    x3 = torch.tensor([1], dtype=torch.int64)
    nested_tuple_sum[(1,)](out, (x3, (y2, 5, None)), 1)
    assert out.item() == 100 + 20 + 5 + 1


def test_tuple_holding_an_unknown_object_names_the_element():
    out = torch.zeros(1, dtype=torch.int32)
    x = torch.tensor([3], dtype=torch.int32)
    with pytest.raises(trident.LaunchError,
                       match=r"argument 't\[1\]\[0\]': cannot pass a object"):
        nested_tuple_sum[(1,)](out, (x, (object(), 5, None)), 7)


class Closure(NamedTuple):
    fn: object
    captured: tuple


class Ptr(NamedTuple):
    ptr: object
    shape: tuple


@trident.jit
def scale(x, a_ptr):
    return x * tl.load(a_ptr)


@trident.jit
def make_ptr(ptr, shape):
    p = Ptr(shape=shape, ptr=ptr)  # (kept a Ptr by the assignment)
    return p


@trident.jit
def namedtuple_kernel(closure, src, dst, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    s = make_ptr(src.ptr, src.shape)
    x = tl.load(s.ptr + offs, mask=offs < s.shape[0], other=0.0)
    y = closure.fn(x, *closure.captured)
    tl.store(dst.ptr + offs, y, mask=offs < dst.shape[0])


def test_namedtuples_with_tensors_and_a_jit_function():
    x = torch.arange(10, dtype=torch.float32)
    y = torch.zeros(10)
    a = torch.tensor([2.5])
    namedtuple_kernel[(1,)](Closure(scale, (a,)), Ptr(x, x.shape),
                            Ptr(y, y.shape), 16)
    assert torch.equal(y, x * 2.5)


@trident.jit
def increment(values):
    return tl.tuple([v + 1 for v in values])


@trident.jit
def tuple_ops(out_ptr, ptrs, values):
    values = increment(values)
    for i in tl.static_range(len(values)):
        tl.store(ptrs[i], values[i])
    t = tl.tuple((4, 5)) + (6, 7)
    tl.static_assert(len(t) == 4)
    tl.store(out_ptr + 0, t[3])
    tl.store(out_ptr + 1, tl.tuple((1, 2)) == (1, 2))
    tl.store(out_ptr + 2, tl.tuple((1, 2)) == (1, 3))
    evens = [2 * i for i in tl.static_range(6) if i % 2 == 0]
    tl.store(out_ptr + 3, evens[0] + evens[1] * 10 + evens[2] * 100)
    pairs = [a * b for a in (1, 2) for b in (10, 100)]
    tl.store(out_ptr + 4, pairs[0] + pairs[1] + pairs[2] + pairs[3])


def test_tl_tuple_and_list_comprehensions():
    out = torch.zeros(5, dtype=torch.int32)
    rets = tuple(torch.zeros(1) for _ in range(3))
    tuple_ops[(1,)](out, rets, (1.0, 2.0, 3.0))
    assert [r.item() for r in rets] == [2.0, 3.0, 4.0]
    assert out.tolist() == [7, 1, 0, 0 + 40 + 800, 10 + 100 + 20 + 200]


def test_tl_tuple_in_python():
    t = tl.tuple([1, 2]) + (3,)
    assert isinstance(t, tl.tuple) and t == (1, 2, 3)
    assert isinstance(t[0:2], tl.tuple) and t[tl.constexpr(1)] == 2
    assert [ty.value for ty in t.type.types] == [1, 2, 3]


def test_tl_tuple_cannot_be_changed_in_place():
    @trident.jit
    def change():
        t = tl.tuple([5, 6, 7])
        t[0] = 0

    with pytest.raises(trident.CompilationError):
        change[(1,)]()


def test_comprehension_over_a_tensor_is_refused():
    @trident.jit
    def over_tensor(p):
        x = [v for v in tl.load(p)]  # noqa: F841

    with pytest.raises(trident.CompilationError,
                       match="comprehension in a kernel iterates over a "
                             "tuple or tl.static_range"):
        over_tensor[(1,)](torch.zeros(1))


@trident.jit
def nested_constexpr_tuple(x):
    for _ in range(1):
        tl.static_assert(x[1][0] == 2)


def test_cache_hook_preload_and_device_caches():
    seen = []

    def hook(*args, **kwargs):
        seen.append(kwargs)

    trident.knobs.runtime.jit_cache_hook = hook
    try:
        nested_constexpr_tuple.device_caches["cpu"][0].clear()
        warm = nested_constexpr_tuple.warmup(((1,), (tl.constexpr(2),)),
                                             grid=(1,))
        assert len(seen) == 1
        info = seen[0]
        assert info["fn"].jit_function is nested_constexpr_tuple
        assert info["is_manual_warmup"] and not info["already_compiled"]
        data = info["compile"]["specialization_data"]
        # cached now: no hook
        nested_constexpr_tuple.warmup(((1,), (tl.constexpr(2),)), grid=(1,))
        assert len(seen) == 1
        nested_constexpr_tuple.device_caches["cpu"][0].clear()
        pre = nested_constexpr_tuple.preload(data)
        assert len(seen) == 2
        assert pre.hash == warm.hash
    finally:
        trident.knobs.runtime.jit_cache_hook = None


def test_preload_of_a_tuple_of_tensors():
    data = []
    trident.knobs.runtime.jit_cache_hook = \
        lambda **kw: data.append(kw["compile"]["specialization_data"])
    try:
        nested_tuple_sum.device_caches["cpu"][0].clear()
        x = torch.tensor([3], dtype=torch.int32)
        out = torch.zeros(1, dtype=torch.int32)
        k = nested_tuple_sum.warmup(out, (x, (x, 5, None)), 7, grid=(1,))
        nested_tuple_sum.device_caches["cpu"][0].clear()
        assert nested_tuple_sum.preload(data[0]).hash == k.hash
    finally:
        trident.knobs.runtime.jit_cache_hook = None


def test_runtime_knobs_refuse_unknown_settings():
    with pytest.raises(AttributeError, match="jit_cache_hook"):
        trident.knobs.runtime.no_such_hook = print
    with pytest.raises(TypeError, match="must be a function"):
        trident.knobs.runtime.jit_cache_hook = 3
