"""A launch grid holds integers only.

`kernel[(3.9,)](...)` once ran 3 programs: the grid's entries went through
int(), which truncates a float (and parses a string). As in Triton, a grid
entry must be an int or an object with __index__ (numpy integers, 0-d
integer torch tensors); anything else, and a negative entry, is refused
with a LaunchError that names the grid and the bad entry. This holds for a
tuple, a bare number, and what a grid function returns, through the C++
launcher (`kernel[grid]`), `kernel.run` and a kernel from `warmup`.
"""
import numpy as np
import pytest

import trident
import trident.language as tl
from trident._errors import TridentUserError


@trident.jit
def k_count(out_ptr):
    # One increment per program: the output counts the programs launched.
    tl.atomic_add(out_ptr, 1)


def programs(grid):
    out = np.zeros(1, np.int32)
    k_count[grid](out)
    return int(out[0])


def launch_error(grid, via="getitem"):
    out = np.zeros(1, np.int32)
    with pytest.raises(trident.LaunchError) as info:
        if via == "getitem":
            k_count[grid](out)
        else:
            k_count.run(out, grid=grid)
    assert out[0] == 0, "the refused launch ran %d programs" % out[0]
    return str(info.value)


@pytest.mark.parametrize("via", ["getitem", "run"])
@pytest.mark.parametrize("grid, entry, shown", [
    ((3.9,), 0, "3.9, a float"),
    ((2, 1.5), 1, "1.5, a float"),
    ((4, 1, 2.0), 2, "2.0, a float"),  # integral, still a float
    (3.9, 0, "3.9, a float"),
    ((np.float64(2.0),), 0, "a float64"),
    (("3",), 0, "'3', a str"),
])
def test_a_grid_entry_that_is_not_an_integer_is_refused(grid, entry, shown,
                                                        via):
    msg = launch_error(grid, via)
    assert "the grid %r" % (grid,) in msg, msg
    assert "entry %d is" % entry in msg, msg
    assert shown in msg, msg
    assert "not an integer" in msg, msg
    assert "k_count" in msg, msg


@pytest.mark.parametrize("grid, entry, value", [
    ((-1,), 0, -1), ((2, -3), 1, -3), ((2 ** 31,), 0, 2 ** 31),
])
def test_a_grid_entry_out_of_range_is_refused(grid, entry, value):
    msg = launch_error(grid)
    assert "the grid %r: entry %d is %d" % (grid, entry, value) in msg, msg
    assert "[0, 2^31)" in msg, msg


def test_a_grid_function_result_is_checked():
    def grid(meta):
        return (meta["n"] / 2,)

    @trident.jit
    def k(out_ptr, n):
        tl.atomic_add(out_ptr, 1)

    out = np.zeros(1, np.int32)
    with pytest.raises(trident.LaunchError) as info:
        k[grid](out, 7)
    msg = str(info.value)
    assert out[0] == 0
    assert "the grid function" in msg and "grid" in msg, msg
    assert "returned (3.5,)" in msg, msg
    assert "entry 0 is 3.5, a float" in msg, msg


def test_a_grid_of_the_wrong_shape_is_refused():
    assert "has 4 dimensions" in launch_error((1, 1, 1, 1))
    assert "has 0 dimensions" in launch_error(())
    assert "None is not a valid grid" in launch_error(None)


def test_integer_entries_are_accepted():
    assert programs((3,)) == 3
    assert programs(3) == 3
    assert programs([2, 3]) == 6
    assert programs((2, 2, 2)) == 8
    assert programs((0,)) == 0
    # __index__ objects, as in Triton.
    assert programs((np.int64(3), np.int32(2))) == 6
    assert programs(np.int64(5)) == 5
    assert programs((True,)) == 1
    assert programs(lambda meta: (np.int16(4),)) == 4


def test_torch_integer_scalars_are_accepted_and_float_ones_refused():
    import torch
    assert programs((torch.tensor(3),)) == 3
    msg = launch_error((torch.tensor(3.0),))
    assert "entry 0 is tensor(3.)" in msg and "not an integer" in msg, msg


def test_a_compiled_kernel_checks_its_grid():
    out = np.zeros(1, np.int32)
    kernel = k_count.warmup(out, grid=(1,))
    with pytest.raises(TridentUserError) as info:
        kernel[(2.5,)](out)
    msg = str(info.value)
    assert out[0] == 0
    assert "the grid (2.5,): entry 0 is 2.5, a float" in msg, msg
    kernel[(np.int64(2),)](out)
    assert out[0] == 2
