"""Front-end names Triton's test_frontend.py and test_compile_errors.py
load: `tl.core._aggregate` (user-defined aggregate values) and
`trident.must_use_result`."""
import numpy as np
import pytest

import trident
import trident.language as tl
from trident._errors import TridentUserError


@tl.core._aggregate
class Pair:
    first: tl.tensor
    second: tl.tensor

    def __init__(self, first, second):
        self.first = first
        self.second = second

    @trident.jit
    def total(self):
        return self.first + self.second

    def get_second(self, _semantic=None):
        return self.second

    @trident.jit
    def __getitem__(self, i):
        return self.first * 100 + i

    @staticmethod
    @trident.jit
    def create(a):
        return Pair(a, a * 2)


@tl.core._aggregate
class Sized:
    x: tl.tensor
    n: tl.constexpr

    def __init__(self, x, n):
        self.x = x
        self.n = n


@trident.jit
def pair_sum(p):
    return p.first + p.second


@trident.jit
def aggregate_kernel(out):
    offs = tl.arange(0, 4)
    p = Pair.create(offs)
    tl.store(out + offs, p.total())
    tl.store(out + 4 + offs, p.get_second())
    tl.store(out + 8 + offs, p[3])
    for i in range(3):
        p = Pair(p.first + 1, p.second)
    tl.store(out + 12 + offs, pair_sum(p))
    s = Sized(offs, 7)
    tl.static_assert(s.n == 7)
    tl.store(out + 16 + offs, s.x + s.n)


def test_aggregate_methods_fields_and_loops():
    out = np.zeros(20, np.int32)
    aggregate_kernel[(1,)](out)
    x = np.arange(4)
    assert out[0:4].tolist() == (3 * x).tolist()
    assert out[4:8].tolist() == (2 * x).tolist()
    assert out[8:12].tolist() == (100 * x + 3).tolist()
    assert out[12:16].tolist() == (x + 3 + 2 * x).tolist()
    assert out[16:20].tolist() == (x + 7).tolist()


def test_aggregate_fields_cannot_be_assigned_in_a_kernel():
    @trident.jit
    def assign_field():
        p = Pair(tl.arange(0, 4), 11)
        p.second = 42

    with pytest.raises(trident.CompilationError,
                       match="assigning to an attribute"):
        assign_field[(1,)]()


def test_constexpr_fields_and_jit_methods_outside_a_kernel():
    assert isinstance(Sized(1, 7).n, tl.constexpr)
    with pytest.raises(TridentUserError,
                       match="total can only be called inside a "
                             "@trident.jit function"):
        Pair(1, 2).total()


extra = "Use the cube."


@trident.must_use_result(extra)
@trident.jit
def cube(x):
    return x * x * x


def test_must_use_result():
    @trident.jit
    def dropped(out):
        a = tl.full((4,), 2.0, tl.float32)
        cube(a)  # <- its result is dropped

    @trident.jit
    def used(out):
        a = tl.full((4,), 2.0, tl.float32)
        a = cube(a)
        tl.store(out + tl.arange(0, 4), a)

    out = np.zeros(4, np.float32)
    used[(1,)](out)
    assert out.tolist() == [8.0] * 4
    with pytest.raises(trident.CompilationError,
                       match="The result of cube is not being used. "
                             "Use the cube."):
        dropped[(1,)](out)
    with pytest.raises(TypeError, match="above @trident.jit"):
        trident.must_use_result(lambda x: x)


@trident.constexpr_function
def plus_one(x):
    return x + 1


@trident.constexpr_function
def make_shape(m, n):
    return (m, n)


@tl.core._aggregate
class Squared:
    val: tl.constexpr
    val_squared: tl.constexpr

    def __init__(self, val):
        self.val = tl.constexpr(val)
        self.val_squared = tl.constexpr(self.square())

    @trident.constexpr_function
    def square(self):
        return self.val * self.val


@trident.jit
def constexpr_function_kernel(out):
    n: tl.constexpr = plus_one(7)
    tl.store(out + tl.arange(0, n), tl.arange(0, n))
    shape: tl.constexpr = make_shape(2, 3)
    tl.store(out + 8, shape[0] * 10 + shape[1])
    sq = Squared(4)
    tl.store(out + 9, sq.val_squared + sq.square())


def test_constexpr_function():
    assert plus_one(7) == 8 and plus_one(tl.constexpr(1)) == 2
    out = np.zeros(10, np.int32)
    constexpr_function_kernel[(1,)](out)
    assert out.tolist() == list(range(8)) + [23, 32]
