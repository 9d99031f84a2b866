"""tl.warp_specialize: functions run on separate groups of warps at once.
Checked without a GPU: the op the front end builds (each worker's
run-time arguments captured, its tiles laid out over its own warps), the
PTX through ptxas (every group's warps launched, named barriers, register
budgets), the launch of all the warps against the fake driver, and the
errors for what cannot work. Runs on the H200 are section 10 of
bench/device_runtime.py."""
import re

import numpy as np
import pytest

import trident
import trident.language as tl


@trident.jit
def _add(x_ptr, y_ptr, out_ptr, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    tl.store(out_ptr + offs, tl.load(x_ptr + offs) + tl.load(y_ptr + offs))


@trident.jit
def _sum_into(src_ptr, dst_ptr, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    tl.store(dst_ptr, tl.sum(tl.load(src_ptr + offs), axis=0))


@trident.jit
def ws_kernel(x_ptr, y_ptr, out_ptr, sums_ptr, BLOCK: tl.constexpr):
    tl.warp_specialize([(_add, (x_ptr, y_ptr, out_ptr, BLOCK)),
                        (_sum_into, (x_ptr, sums_ptr, 256)),
                        (_sum_into, (y_ptr, sums_ptr + 1, BLOCK))],
                       [4, 1], [40, 0], 232)


SIG = {"x_ptr": "*fp32", "y_ptr": "*fp32", "out_ptr": "*fp32",
       "sums_ptr": "*fp32"}
ATTRS = {n: {"tir.divisibility": 16} for n in ("x_ptr", "y_ptr", "out_ptr",
                                                "sums_ptr")}


def test_front_end_builds_the_op():
    k = trident.compile(ws_kernel, signature=SIG, constexprs={"BLOCK": 1024},
                        target="cuda:90a", until_stage="gir", attrs=ATTRS)
    gir = k.asm["gir"]
    # The workers' pointers are captured (x, y and sums + 1 computed in the
    # default group); the budgets are on the op.
    assert re.search(r"tir\.warp_specialize\((%\w+, ){3}%\w+ : "
                     r"(!tir\.ptr<f32>, ){3}!tir\.ptr<f32>\) registers\(232\)",
                     gir), gir
    assert "partition num_warps(4) registers(40)" in gir
    assert "partition num_warps(1) (" in gir
    # The 1-warp worker's 1024-element tile is laid out over 1 warp.
    assert "warpsPerCTA = [1]" in gir and "warpsPerCTA = [4]" in gir


def test_ptx_launches_every_group(compile_sm90):
    k = compile_sm90(ws_kernel, SIG, {"BLOCK": 1024}, attrs=ATTRS)
    assert k.metadata["num_warps"] == 9
    assert k.n_spills == 0
    ptx = k.asm["ptx"]
    assert ".maxntid 288, 1, 1" in ptx and ".minnctapersm 1" in ptx
    assert re.search(r"bar\.sync\s+1, 288;", ptx)
    assert re.search(r"bar\.sync\s+2, 128;", ptx)  # the 4-warp worker's sum
    assert re.search(r"setmaxnreg\.inc\.sync\.aligned\.u32\s+232;", ptx)
    assert re.search(r"setmaxnreg\.dec\.sync\.aligned\.u32\s+40;", ptx)
    # Workers still get vector loads: the captures keep their alignment.
    assert ptx.count("ld.global.v4.b32") >= 8


def _error(kernel, target="cuda:90a"):
    with pytest.raises(trident.CompilationError) as e:
        trident.compile(kernel, signature={"x_ptr": "*fp32"},
                        target=target, until_stage="gir")
    return str(e.value)


@trident.jit
def _touch(x_ptr):
    tl.store(x_ptr, 1.0)


@trident.jit
def _takes_tile(t):
    pass


@trident.jit
def tile_to_worker(x_ptr):
    t = tl.load(x_ptr + tl.arange(0, 128))
    tl.warp_specialize([(_touch, (x_ptr,)), (_takes_tile, (t,))], [1])


@trident.jit
def warps_mismatch(x_ptr):
    tl.warp_specialize([(_touch, (x_ptr,)), (_touch, (x_ptr,))], [1, 1])


@trident.jit
def no_worker(x_ptr):
    tl.warp_specialize([(_touch, (x_ptr,))], [])


@trident.jit
def bad_budget(x_ptr):
    tl.warp_specialize([(_touch, (x_ptr,)), (_touch, (x_ptr,))], [2], [44])


def test_errors():
    msg = _error(tile_to_worker)
    assert "argument 0 of worker 0 (_takes_tile) is a tile" in msg, msg
    assert "def tile_to_worker" in msg or "tile_to_worker" in msg
    assert "1 workers but worker_num_warps has 2 entries" in \
        _error(warps_mismatch)
    assert "the default partition first, then at least one worker" in \
        _error(no_worker)
    assert "a budget is a multiple of 8 from 24 to 256" in \
        _error(bad_budget)


@trident.jit
def ws_cpu(x_ptr):
    tl.warp_specialize([(_touch, (x_ptr,)), (_touch, (x_ptr + 1,))], [1])


def test_cpu_target_runs_each_partition_on_a_thread():
    # On the CPU the default partition runs on the program's thread and
    # the worker on a thread of its own; both stores land.
    x = np.zeros(2, np.float32)
    k = trident.compile(ws_cpu, signature={"x_ptr": "*fp32"}, target="cpu")
    assert "__trident_cpu_task_start" in k.asm["cir"]
    ws_cpu[(3,)](x)
    np.testing.assert_array_equal(x, [1.0, 1.0])
