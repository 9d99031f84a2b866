"""A bare `return` inside an `if` whose condition is known only at run time
(`if row_is_ignored: ...; return`, as Liger-Kernel's cross-entropy and JSD
kernels do): the rest of the function runs only on the other path. A
`return` with a value in such `if`s gives the function the value of the
branch taken (the `if` yields it), when every path returns one. A
`return` inside a loop stays an error naming its line."""
import numpy as np
import pytest

import trident
import trident.language as tl


@trident.jit
def early_exits(x, y, BLOCK: tl.constexpr):
    pid = tl.program_id(0)
    offs = pid * BLOCK + tl.arange(0, BLOCK)
    v = tl.load(x + offs)
    if tl.sum(v) < 0:
        tl.store(y + offs, v * 0 - 1.0)
        return
    elif pid == 3:
        tl.store(y + offs, v * 0 - 3.0)
        return
    w = v + 100
    if pid == 1:
        w = v * 10
        if pid > 0:  # nested, still known only at run time
            tl.store(y + offs, w)
            return
        w = v * 1000  # not reached
    tl.store(y + offs, w)


def test_bare_return_in_runtime_ifs():
    x = np.ones((5, 16), np.float32)
    x[2] = -1
    y = np.zeros_like(x)
    early_exits[(5,)](x, y, BLOCK=16)
    assert y[:, 0].tolist() == [101, 10, -1, -3, 101]
    assert (y == y[:, :1]).all()


@trident.jit
def early_exit_helper(p, v):
    if tl.sum(v) < 0:
        return
    tl.store(p, v)


@trident.jit
def calls_early_exit(x, y, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    early_exit_helper(y + offs, tl.load(x + offs))
    tl.store(y + offs + 1, tl.load(x + offs + 1) * 0 + 7, offs + 1 < 32)


def test_bare_return_in_an_inlined_helper_leaves_only_the_helper():
    x = np.ones(32, np.float32)
    x[16:] = -1
    y = np.zeros(33, np.float32)
    calls_early_exit[(2,)](x, y, BLOCK=16)
    # Program 0 stored its ones (then 7s over all but its first); program
    # 1 returned from the helper only, and still stored its 7s.
    assert y[0] == 1 and (y[1:32] == 7).all()


@trident.jit
def return_in_loop(x, n):
    for i in range(n):
        if tl.load(x + i) < 0:
            return
        tl.store(x + i, 1.0)


def test_bare_return_in_a_loop_is_refused():
    with pytest.raises(trident.CompilationError,
                       match="'return' inside an 'if' whose condition is only "
                       "known at run time is not supported inside a loop"):
        return_in_loop[(1,)](np.zeros(4, np.float32), 4)


@trident.jit
def sign_of(v):
    if v < 0:
        return -1.0, 0
    elif v == 0:
        return 0.0, 1
    r = v * 0 + 1.0
    return r, 2


@trident.jit
def value_returns(x, y, z, BLOCK: tl.constexpr):
    pid = tl.program_id(0)
    s, k = sign_of(tl.load(x + pid))
    offs = tl.arange(0, BLOCK)
    tl.store(y + pid * BLOCK + offs, tl.load(x + pid) * 0 + s + offs * 0)
    tl.store(z + pid, k)


def test_return_with_a_value_in_runtime_ifs():
    x = np.array([-3, 0, 5], np.float32)
    y = np.zeros((3, 4), np.float32)
    z = np.full(3, 9, np.int32)
    value_returns[(3,)](x, y, z, BLOCK=4)
    assert y[:, 0].tolist() == [-1, 0, 1] and (y == y[:, :1]).all()
    assert z.tolist() == [0, 1, 2]


@trident.jit
def returns_on_one_path(v):
    if v < 0:
        return v
    tl.static_print("no value")


@trident.jit
def calls_one_path(x):
    tl.store(x, returns_on_one_path(tl.load(x)))


def test_return_with_a_value_on_one_path_only_is_refused():
    with pytest.raises(trident.CompilationError,
                       match="returns a value in one branch of an 'if' whose "
                       "condition is only known at run time but nothing in "
                       "the other"):
        calls_one_path[(1,)](np.zeros(1, np.float32))
