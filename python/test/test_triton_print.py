"""tl.device_print / print / tl.static_print write Triton's lines (what
Triton's test_subprocess.py checks): `pid (x, y, z) idx (i, j) x: value`,
the index padded to its dimension's width, a scalar's index `()`, the
prefix ending in ": ", `(operand k) ` with several operands, hex padded to
the type's width; print(...) in a kernel is device_print; static_print
shows a tensor as `int32[constexpr[16]]`. Also: on the CPU target a warp
is one thread, so num_warps may be up to 1024 (Triton's tests launch
N // warp_size warps)."""
import numpy as np
import pytest

import trident
import trident.language as tl


@trident.jit
def print_tile(x_ptr, BLOCK: tl.constexpr):
    x = tl.load(x_ptr + tl.arange(0, BLOCK))
    tl.device_print("x ", x)


def test_tile_lines_are_padded_and_prefixed(capfd):
    x = np.arange(16, dtype=np.int32)
    print_tile[(1,)](x, BLOCK=16)
    out = capfd.readouterr().out.splitlines()
    assert sorted(out) == sorted("pid (0, 0, 0) idx (%2d) x: %d" % (i, i)
                                 for i in range(16))


@trident.jit
def print_two(x_ptr, BLOCK: tl.constexpr):
    x = tl.load(x_ptr + tl.arange(0, BLOCK))
    y = tl.full((BLOCK,), 1, tl.int32)
    print("", x, y)
    print("", tl.program_id(0))
    print("no arg")


def test_operands_scalars_and_print_without_values(capfd):
    x = np.arange(4, dtype=np.int32) * 10
    print_two[(2,)](x, BLOCK=4)
    out = capfd.readouterr().out.splitlines()
    for pid in (0, 1):
        for i in range(4):
            assert "pid (%d, 0, 0) idx (%d): (operand 0) %d" % (
                pid, i, 10 * i) in out, out
            assert "pid (%d, 0, 0) idx (%d): (operand 1) 1" % (pid, i) in out
        assert "pid (%d, 0, 0) idx (): %d" % (pid, pid) in out
        # (run-time lines, one per program, not printed when compiling)
        assert out.count("pid (%d, 0, 0) no arg" % pid) == 1, out


@trident.jit
def print_hex(x_ptr, BLOCK: tl.constexpr):
    tl.device_print("h", tl.load(x_ptr + tl.arange(0, BLOCK)), hex=True)


@pytest.mark.parametrize("dtype,digits", [(np.int16, 4), (np.int32, 8),
                                          (np.int64, 16)])
def test_hex_is_padded_to_the_type(capfd, dtype, digits):
    x = np.array([3, 255], dtype=dtype)
    print_hex[(1,)](x, BLOCK=2)
    out = capfd.readouterr().out.splitlines()
    assert out == ["pid (0, 0, 0) idx (0) h: 0x%0*x" % (digits, 3),
                   "pid (0, 0, 0) idx (1) h: 0x%0*x" % (digits, 255)]


def test_unsigned_values_print_unsigned(capfd):
    x = np.array([2 ** 31, 2 ** 32 - 1], dtype=np.uint32)
    print_tile[(1,)](x, BLOCK=2)
    out = capfd.readouterr().out.splitlines()
    assert out == ["pid (0, 0, 0) idx (0) x: 2147483648",
                   "pid (0, 0, 0) idx (1) x: 4294967295"]


@trident.jit
def static_print_tile(x_ptr, BLOCK: tl.constexpr):
    x = tl.load(x_ptr + tl.arange(0, BLOCK))
    tl.static_print("", x, BLOCK)


def test_static_print_shows_a_tensor_as_triton(capfd):
    trident.compile(static_print_tile, signature={"x_ptr": "*i32"},
                    constexprs={"BLOCK": 16}, target="cpu")
    assert capfd.readouterr().out == " int32[constexpr[16]] 16\n"


@trident.jit
def copy(x_ptr, y_ptr, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    tl.store(y_ptr + offs, tl.load(x_ptr + offs))


def test_cpu_warps_are_one_thread():
    x = np.arange(8, dtype=np.float32)
    y = np.zeros(8, np.float32)
    copy[(1,)](x, y, BLOCK=8, num_warps=128)
    assert (y == x).all()
    with pytest.raises(trident.LaunchError,
                       match=r"num_warps=2048 asks for 2048 threads per "
                             r"program; a program has at most 1024 \(1024 "
                             r"warps\)"):
        copy[(1,)](x, y, BLOCK=8, num_warps=2048)
