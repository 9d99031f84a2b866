"""trident.autotune's reset_to_zero and restore_value as Triton 3.6 has
them: each timed run of a config starts from zeroed reset_to_zero
arguments and restore_value arguments as the caller gave them, and after
the tuning the reset_to_zero arguments are zeroed once more, so that the
launch that follows (the first call's result) sees what later calls see.
On numpy arrays and torch CPU tensors."""
import numpy as np
import pytest
import torch

import trident
import trident.language as tl
from trident._errors import TridentUserError

CONFIGS = [trident.Config({"BLOCK": 16}), trident.Config({"BLOCK": 32}),
           trident.Config({"BLOCK": 64})]


@trident.jit
def sum_into(x_ptr, out_ptr, n, BLOCK: tl.constexpr):
    # Each program adds its block's sum into out[0] and 1 into out[1].
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offs, mask=offs < n, other=0)
    tl.atomic_add(out_ptr, tl.sum(x, axis=0))
    tl.atomic_add(out_ptr + 1, 1)


@trident.jit
def add_one_in_place(x_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offs, mask=offs < n)
    tl.store(x_ptr + offs, x + 1, mask=offs < n)


def grid_of(n):
    return lambda meta: (trident.cdiv(n, meta["BLOCK"]),)


def arrays(kind, values):
    a = np.asarray(values, dtype=np.int32)
    return torch.from_numpy(a.copy()) if kind == "torch" else a.copy()


def as_list(a):
    return [int(v) for v in a]


@pytest.mark.parametrize("kind", ["numpy", "torch"])
def test_reset_to_zero_first_call_as_later_calls(kind):
    seen = []  # out after each timed run (the post_hook)
    tuned = trident.autotune(
        CONFIGS, key=["n"], reset_to_zero=["out_ptr"],
        post_hook=lambda args, exc: seen.append(as_list(args["out_ptr"])))(
            sum_into)
    n = 100
    x = arrays(kind, np.arange(n))
    total = n * (n - 1) // 2
    out = arrays(kind, [0, 0])
    tuned[grid_of(n)](x, out, n)
    programs = trident.cdiv(n, tuned.best_config.kwargs["BLOCK"])
    # The first call (which tuned) adds once, from zero.
    assert as_list(out) == [total, programs]
    # Every timed run started from zero: one sum each, and one program
    # count of its config's.
    assert len(seen) >= len(CONFIGS)
    assert all(s[0] == total for s in seen), seen
    assert sorted({s[1] for s in seen}) == [2, 4, 7]
    # Later calls (no tuning) add into what they are given, as Triton's.
    count = len(seen)
    out = arrays(kind, [0, 0])
    tuned[grid_of(n)](x, out, n)
    assert as_list(out) == [total, programs]
    assert len(seen) == count  # the hooks run while tuning only
    # Another key tunes again, the first result still right.
    out = arrays(kind, [0, 0])
    tuned[grid_of(2 * n)](arrays(kind, np.arange(2 * n)), out, 2 * n)
    assert as_list(out)[0] == 2 * n * (2 * n - 1) // 2


@pytest.mark.parametrize("kind", ["numpy", "torch"])
def test_restore_value_in_place_kernel(kind):
    seen = []
    tuned = trident.autotune(
        CONFIGS, key=["n"], restore_value=["x_ptr"],
        post_hook=lambda args, exc: seen.append(as_list(args["x_ptr"][:3])))(
            add_one_in_place)
    n = 50
    x = arrays(kind, np.arange(n) * 10)
    tuned[grid_of(n)](x, n)
    # x + 1 after the first call, not x + (number of timed runs).
    assert as_list(x) == as_list(np.arange(n) * 10 + 1)
    # Each timed run started from the caller's x.
    assert len(seen) >= len(CONFIGS) and all(s == [1, 11, 21] for s in seen)
    tuned[grid_of(n)](x, n)
    assert as_list(x) == as_list(np.arange(n) * 10 + 2)


def test_restore_value_after_a_config_that_fails():
    # A config whose launch fails (here its pre_hook) leaves the
    # restore_value argument as the caller gave it.
    def boom(args):
        args["x_ptr"][:] = -1
        raise ValueError("no")

    configs = [trident.Config({"BLOCK": 16}),
               trident.Config({"BLOCK": 32}, pre_hook=boom)]
    tuned = trident.autotune(configs, key=["n"],
                             restore_value=["x_ptr"])(add_one_in_place)
    x = np.arange(20, dtype=np.int32)
    with pytest.raises(TridentUserError, match="pre_hook"):
        tuned[grid_of(20)](x, 20)
    np.testing.assert_array_equal(x, np.arange(20))


@trident.jit
def add_one_small_blocks(x_ptr, n, BLOCK: tl.constexpr):
    tl.static_assert(BLOCK <= 32, "BLOCK over 32")
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offs, mask=offs < n)
    tl.store(x_ptr + offs, x + 1, mask=offs < n)


def test_post_hook_hears_of_a_config_passed_over():
    # As Triton's: the post_hook gets the exception of a launch that
    # failed; a config that does not compile is passed over and the
    # restore_value argument is left as the caller gave it.
    heard = []
    tuned = trident.autotune(
        CONFIGS, key=["n"], restore_value=["x_ptr"],
        post_hook=lambda args, exc: heard.append(type(exc).__name__))(
            add_one_small_blocks)
    x = np.arange(40, dtype=np.int32)
    tuned[grid_of(40)](x, 40)
    np.testing.assert_array_equal(x, np.arange(40) + 1)
    assert tuned.best_config is not CONFIGS[2]
    assert heard.count("CompileTimeAssertionFailure") == 1
    assert heard.count("NoneType") == 8  # 4 runs of each other config
