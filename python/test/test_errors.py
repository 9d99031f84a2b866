"""User mistakes and what Trident says about them.

Each kernel below holds one mistake on the line marked `# <- here`. The
error must name this file and that line, quote the line, put a caret under
it and say in words what is wrong (never only a traceback from inside
Trident). Host-side misuse (calling a kernel without a grid, wrong or
unknown arguments) raises trident.LaunchError, a TypeError, pointing at the
kernel's definition."""
import inspect
import os
import re

import numpy as np
import pytest

import trident
import trident.language as tl

THIS_FILE = os.path.abspath(__file__)

SIG1 = {"x_ptr": "*fp32", "n": "i32"}


def marked_line(fn):
    """(line number, text) of the line of `fn` marked `# <- here`, or of
    its `def` line when none is marked."""
    target = getattr(fn, "fn", fn)
    lines, start = inspect.getsourcelines(target)
    hits = [i for i, line in enumerate(lines) if "# <- here" in line]
    if not hits:
        hits = [i for i, line in enumerate(lines)
                if line.lstrip().startswith("def ")]
    assert len(hits) == 1, "mark exactly one line of %s" % target.__name__
    return start + hits[0], lines[hits[0]].rstrip("\n")


def check_message(err, fn, *words):
    """`err` names `fn`'s marked line in this file, quotes it with a caret
    under it (inside the line's code), and contains `words`."""
    msg = str(err)
    lineno, text = marked_line(fn)
    head = re.search(re.escape(THIS_FILE) + r":(\d+):(\d+): ", msg)
    assert head, "no %s:line:col in:\n%s" % (THIS_FILE, msg)
    assert int(head.group(1)) == lineno, msg
    col = int(head.group(2))
    lines = msg.splitlines()
    quoted = "    " + text
    assert quoted in lines, "the source line is not quoted:\n%s" % msg
    i = lines.index(quoted)
    caret = lines[i + 1]
    assert caret.strip() == "^", "no caret under the source line:\n%s" % msg
    pos = caret.index("^") - 4
    assert pos == col - 1, msg
    code = text.split("#")[0].rstrip()
    assert pos < len(code) and not code[pos].isspace(), msg
    for w in words:
        assert w.lower() in msg.lower(), "%r not in:\n%s" % (w, msg)
    assert "internal error" not in msg, msg
    assert "Traceback" not in msg, msg


def compile_error(fn, signature=None, constexprs=None, target="cpu", **kw):
    with pytest.raises(trident.CompilationError) as info:
        trident.compile(fn, signature=signature or {}, constexprs=constexprs,
                        target=target, **kw)
    return info.value


def launch_error(launch, error=trident.CompilationError):
    with pytest.raises(error) as info:
        launch()
    return info.value


X = np.zeros(256, np.float32)


# ---------------------------------------------------------------------------
# Names, types and shapes
# ---------------------------------------------------------------------------


@trident.jit
def k_unknown_name(x_ptr, n, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    tl.store(x_ptr + offs, undefined_value, mask=offs < n)  # <- here


def test_unknown_name():
    err = launch_error(lambda: k_unknown_name[(1,)](X, 256, BLOCK=256))
    check_message(err, k_unknown_name, "unknown name", "'undefined_value'")


@trident.jit
def k_misspelled_local(x_ptr, n, BLOCK: tl.constexpr):
    offsets = tl.arange(0, BLOCK)
    tl.store(x_ptr + ofsets, 0.0, mask=offsets < n)  # noqa: F821  # <- here


def test_misspelled_local_name():
    err = compile_error(k_misspelled_local, SIG1, {"BLOCK": 64})
    check_message(err, k_misspelled_local, "unknown name 'ofsets'",
                  "did you mean 'offsets'")


@trident.jit
def k_unknown_tl_attribute(x_ptr, BLOCK: tl.constexpr):
    offs = tl.arnage(0, BLOCK)  # <- here
    tl.store(x_ptr + offs, 1.0)


def test_unknown_attribute_of_tl():
    err = compile_error(k_unknown_tl_attribute, {"x_ptr": "*fp32"},
                        {"BLOCK": 64})
    check_message(err, k_unknown_tl_attribute, "has no attribute 'arnage'",
                  "did you mean 'arange'")


@trident.jit
def k_pointer_plus_float(x_ptr, n):
    p = x_ptr + 1.5  # <- here
    tl.store(p, 0.0)


def test_pointer_plus_float():
    err = compile_error(k_pointer_plus_float, SIG1)
    check_message(err, k_pointer_plus_float, "pointer", "offset",
                  "integer", "float32")


@trident.jit
def k_store_tile_to_scalar_pointer(x_ptr, n, BLOCK: tl.constexpr):
    vals = tl.zeros([BLOCK], tl.float32)
    tl.store(x_ptr, vals)  # <- here


def test_store_tile_through_scalar_pointer():
    err = compile_error(k_store_tile_to_scalar_pointer, SIG1, {"BLOCK": 128})
    check_message(err, k_store_tile_to_scalar_pointer, "tl.store",
                  "[128]", "scalar pointer")


@trident.jit
def k_broadcast_mismatch(x_ptr, n):
    a = tl.arange(0, 64)
    b = tl.arange(0, 128)
    tl.store(x_ptr + a, (a + b).to(tl.float32))  # <- here


def test_broadcast_shape_mismatch():
    err = compile_error(k_broadcast_mismatch, SIG1)
    check_message(err, k_broadcast_mismatch, "[64]", "[128]",
                  "cannot be broadcast")


@trident.jit
def k_dot_inner_mismatch(x_ptr, n):
    a = tl.zeros([32, 64], tl.float16)
    b = tl.zeros([32, 32], tl.float16)
    c = tl.dot(a, b)  # <- here
    tl.store(x_ptr + tl.arange(0, 32), tl.sum(c, axis=0))


def test_dot_inner_dimensions():
    err = compile_error(k_dot_inner_mismatch, SIG1)
    check_message(err, k_dot_inner_mismatch, "tl.dot",
                  "inner dimensions do not match", "64 vs 32")


@trident.jit
def k_load_non_pointer(x_ptr, n):
    v = tl.load(n)  # <- here
    tl.store(x_ptr, v)


def test_load_of_a_non_pointer():
    err = compile_error(k_load_non_pointer, SIG1)
    check_message(err, k_load_non_pointer, "tl.load needs a pointer",
                  "tl.int32")


@trident.jit
def k_bitcast_width(x_ptr, n):
    v = tl.load(x_ptr)
    bits = v.to(tl.int16, bitcast=True)  # <- here
    tl.store(x_ptr, bits.to(tl.float32))


def test_bitcast_between_widths():
    err = compile_error(k_bitcast_width, SIG1)
    check_message(err, k_bitcast_width, "bitcast", "tl.float32",
                  "tl.int16", "bit width", "32 to 16")


@trident.jit
def k_mixed_signedness_division(x_ptr, u_ptr, n):
    u = tl.load(u_ptr)
    q = u // n  # <- here
    tl.store(x_ptr, q.to(tl.float32))


def test_division_with_mixed_signedness():
    err = compile_error(k_mixed_signedness_division,
                        {"x_ptr": "*fp32", "u_ptr": "*u32", "n": "i32"})
    check_message(err, k_mixed_signedness_division, "//", "tl.uint32",
                  "tl.int32", "signedness")


@trident.jit
def k_scalar_out_of_range(x_ptr, n):
    offs = tl.arange(0, 64)
    far = offs + (1 << 44)  # <- here
    tl.store(x_ptr + offs, far.to(tl.float32), mask=offs < n)


def test_scalar_out_of_range_for_the_tile_type():
    # An int32 tile meeting a Python int it cannot hold: Triton's error,
    # where a wrapped constant would silently add nothing.
    err = compile_error(k_scalar_out_of_range, SIG1)
    check_message(err, k_scalar_out_of_range, "17592186044416",
                  "out of range", "tl.int32", "'+'")


@trident.jit
def k_negative_scalar_unsigned(x_ptr, u_ptr, n):
    u = tl.load(u_ptr + tl.arange(0, 64))
    tl.store(x_ptr + tl.arange(0, 64), tl.where(u > -1, 1.0, 0.0))  # <- here


def test_negative_scalar_against_an_unsigned_tile():
    err = compile_error(k_negative_scalar_unsigned,
                        {"x_ptr": "*fp32", "u_ptr": "*u32", "n": "i32"})
    check_message(err, k_negative_scalar_unsigned, "'>'", "unsigned", "-1",
                  "tl.uint32")


@trident.jit
def k_scalar_in_range(x_ptr, n):
    offs = tl.arange(0, 64)
    big = offs.to(tl.int64) + (1 << 44)
    near = offs + 2147483583
    tl.store(x_ptr + offs, ((big - (1 << 44)) + (near - 2147483583)).to(
        tl.float32), mask=offs < n)


def test_scalars_that_fit_compile_and_run():
    x = np.zeros(64, np.float32)
    k_scalar_in_range[(1,)](x, 64)
    np.testing.assert_array_equal(x, 2 * np.arange(64, dtype=np.float32))


@trident.jit
def k_tensor_power(x_ptr, n):
    v = tl.load(x_ptr)
    tl.store(x_ptr, v ** 2)  # <- here


def test_power_operator_on_tensors():
    err = compile_error(k_tensor_power, SIG1)
    check_message(err, k_tensor_power, "'**' is not supported",
                  "tl.math.pow")


@trident.jit
def k_index_tile(x_ptr, n):
    offs = tl.arange(0, 64)
    first = offs[0]  # <- here
    tl.store(x_ptr + first, 1.0)


def test_indexing_a_tile_with_an_integer():
    err = compile_error(k_index_tile, SIG1)
    check_message(err, k_index_tile, "indexed only with ':' and None")


@trident.jit
def k_arange_too_large(x_ptr, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)  # <- here
    tl.store(x_ptr + offs, 1.0)


@trident.jit
def k_zeros_too_large(x_ptr):
    acc = tl.zeros([2048, 1024], tl.float32)  # <- here
    tl.store(x_ptr, tl.sum(tl.sum(acc, 1), 0))


@trident.jit
def k_broadcast_too_large(x_ptr):
    a = tl.arange(0, 1024)
    b = a[:, None] + a[None, :]
    c = tl.join(b, b)  # <- here
    tl.store(x_ptr, tl.sum(tl.ravel(c), 0))


@pytest.mark.parametrize("target", ["cpu", "cuda:90a"])
def test_tile_over_the_element_limit(target):
    # 2^20 elements per tile, as Triton: refused at the line that makes the
    # tile, for every target, before anything is compiled.
    assert tl.TRIDENT_MAX_TENSOR_NUMEL == 2 ** 20
    assert tl.TRITON_MAX_TENSOR_NUMEL == 2 ** 20
    err = compile_error(k_arange_too_large, {"x_ptr": "*fp32"},
                        {"BLOCK": 2 ** 21}, target=target)
    check_message(err, k_arange_too_large, "shape [2097152]",
                  "2097152 elements", "limit of 1048576")
    err = compile_error(k_zeros_too_large, {"x_ptr": "*fp32"}, target=target)
    check_message(err, k_zeros_too_large, "shape [2048, 1024]",
                  "2097152 elements", "limit of 1048576")
    err = compile_error(k_broadcast_too_large, {"x_ptr": "*i32"},
                        target=target)
    check_message(err, k_broadcast_too_large, "shape [1024, 1024, 2]",
                  "limit of 1048576")


def test_tile_at_the_element_limit_compiles():
    # Exactly 2^20 elements is allowed (stops at Tile IR: nothing to run).
    trident.compile(k_arange_too_large, signature={"x_ptr": "*fp32"},
                    constexprs={"BLOCK": 2 ** 20}, target="cpu",
                    until_stage="tir")


# ---------------------------------------------------------------------------
# Constexprs
# ---------------------------------------------------------------------------


@trident.jit
def k_arange_runtime_bound(x_ptr, n):
    offs = tl.arange(0, n)  # <- here
    tl.store(x_ptr + offs, 0.0)


def test_arange_bound_from_a_runtime_int():
    err = launch_error(lambda: k_arange_runtime_bound[(1,)](X, 256))
    check_message(err, k_arange_runtime_bound, "tl.arange", "end",
                  "must be a constexpr", "tensor")


@trident.jit
def k_arange_not_pow2(x_ptr, n):
    offs = tl.arange(0, 100)  # <- here
    tl.store(x_ptr + offs, 0.0)


def test_arange_length_not_a_power_of_2():
    err = compile_error(k_arange_not_pow2, SIG1)
    check_message(err, k_arange_not_pow2, "tl.arange(0, 100)",
                  "power of 2")


@trident.jit
def k_static_range_runtime(x_ptr, n):
    for i in tl.static_range(n):  # <- here
        tl.store(x_ptr + i, 0.0)


def test_static_range_bound_not_constexpr():
    err = compile_error(k_static_range_runtime, SIG1)
    check_message(err, k_static_range_runtime, "tl.static_range",
                  "constexpr", "tensor")


@trident.jit
def ramp_sum(x, N: tl.constexpr):
    return x + tl.sum(tl.arange(0, N))  # <- here


@trident.jit
def k_constexpr_param_given_tensor(x_ptr, n):
    v = tl.load(x_ptr)
    tl.store(x_ptr, ramp_sum(v, n))


def test_constexpr_parameter_given_a_tensor():
    # As in Triton, a called function's tl.constexpr parameter takes a
    # tensor as an ordinary value (test_control_flow.py); using it where a
    # compile-time value is needed is the error, named at that use.
    err = compile_error(k_constexpr_param_given_tensor, SIG1)
    check_message(err, ramp_sum, "tl.arange", "constexpr", "tensor")
    caller = marked_line(k_constexpr_param_given_tensor)[0]
    assert "called from %s:%d" % (THIS_FILE, caller + 2) in str(err)

@trident.jit
def k_static_assert(x_ptr, BLOCK: tl.constexpr):
    tl.static_assert(BLOCK >= 128, "BLOCK must be at least 128")  # <- here
    tl.store(x_ptr + tl.arange(0, BLOCK), 0.0)


def test_static_assert_failing():
    err = compile_error(k_static_assert, {"x_ptr": "*fp32"}, {"BLOCK": 64})
    check_message(err, k_static_assert, "static_assert failed",
                  "BLOCK must be at least 128")
    # Triton's class (a CompilationError): autotuners pass over the config.
    assert isinstance(err, trident.CompileTimeAssertionFailure)


SCALE = 2.5


@trident.jit
def k_non_constexpr_global(x_ptr, n):
    v = tl.load(x_ptr)
    tl.store(x_ptr, v * SCALE)  # <- here


def test_non_constexpr_global():
    err = compile_error(k_non_constexpr_global, SIG1)
    check_message(err, k_non_constexpr_global, "global variable 'SCALE'",
                  "constexpr", "SCALE: tl.constexpr")


@trident.jit
def k_program_id_axis(x_ptr, n):
    pid = tl.program_id(3)  # <- here
    tl.store(x_ptr + pid, 0.0)


def test_program_id_axis_out_of_range():
    err = compile_error(k_program_id_axis, SIG1)
    check_message(err, k_program_id_axis, "program_id", "0, 1, or 2 but got 3")


@trident.jit
def k_reduce_axis(x_ptr, n):
    v = tl.load(x_ptr + tl.arange(0, 64))
    tl.store(x_ptr, tl.sum(v, axis=2))  # <- here


def test_reduce_axis_out_of_range():
    err = compile_error(k_reduce_axis, SIG1)
    check_message(err, k_reduce_axis, "axis 2", "out of range", "rank 1")


# ---------------------------------------------------------------------------
# Python constructs a kernel does not have
# ---------------------------------------------------------------------------


@trident.jit
def k_break(x_ptr, n):
    for i in range(0, n):
        if i > 4:
            break  # <- here
        tl.store(x_ptr + i, 0.0)


def test_break():
    err = compile_error(k_break, SIG1)
    check_message(err, k_break, "'break' is not supported")


@trident.jit
def k_continue(x_ptr, n):
    for i in range(0, n):
        if i % 2 == 0:
            continue  # <- here
        tl.store(x_ptr + i, 0.0)


def test_continue():
    err = compile_error(k_continue, SIG1)
    check_message(err, k_continue, "'continue' is not supported")


@trident.jit
def k_lambda(x_ptr, n):
    double = lambda v: v * 2  # <- here
    tl.store(x_ptr, double(tl.load(x_ptr)))


def test_lambda():
    err = compile_error(k_lambda, SIG1)
    check_message(err, k_lambda, "lambdas are not supported",
                  "@trident.jit")


@trident.jit
def k_try(x_ptr, n):
    try:  # <- here
        tl.store(x_ptr, 1.0)
    except Exception:
        pass


def test_try():
    err = compile_error(k_try, SIG1)
    check_message(err, k_try, "'try' is not supported")


@trident.jit
def k_list_comprehension(x_ptr, n):
    offsets = [i * 2 for i in range(4)]  # <- here
    tl.store(x_ptr + offsets[0], 1.0)


def test_list_comprehension():
    err = compile_error(k_list_comprehension, SIG1)
    check_message(err, k_list_comprehension,
                  "a comprehension in a kernel iterates over a tuple or "
                  "tl.static_range", "not range(...)")


@trident.jit
def k_nested_def(x_ptr, n):
    def helper(v):  # <- here
        return v + 1
    tl.store(x_ptr, helper(tl.load(x_ptr)))


def test_nested_def():
    err = compile_error(k_nested_def, SIG1)
    check_message(err, k_nested_def, "functions cannot be defined inside a "
                  "kernel", "module level")


@trident.jit
def k_for_over_list(x_ptr, n):
    for off in [0, 16, 32]:  # <- here
        tl.store(x_ptr + off, 1.0)


def test_for_over_a_list():
    err = compile_error(k_for_over_list, SIG1)
    check_message(err, k_for_over_list, "loop must iterate over range(",
                  "tl.static_range")


@trident.jit
def k_return_in_runtime_if_helper(x):
    # (A value returned from the branches of a run-time `if` that ends the
    # function is supported; inside a loop it is not.)
    for i in range(2):
        if x > 0:
            return x  # <- here
    return -x


@trident.jit
def k_return_in_runtime_if(x_ptr, n):
    tl.store(x_ptr, k_return_in_runtime_if_helper(tl.load(x_ptr)))


def test_return_inside_a_runtime_if():
    err = compile_error(k_return_in_runtime_if, SIG1)
    check_message(err, k_return_in_runtime_if_helper, "'return' inside an "
                  "'if'", "run time")
    # ... and the message says where the helper was called from.
    caller = marked_line(k_return_in_runtime_if)[0]
    assert "called from %s:%d" % (THIS_FILE, caller + 1) in str(err)


@trident.jit
def k_kernel_returns(x_ptr, n):  # <- here
    return tl.load(x_ptr)


def test_kernel_returning_a_value():
    err = compile_error(k_kernel_returns, SIG1)
    check_message(err, k_kernel_returns, "a kernel cannot return a value")


# ---------------------------------------------------------------------------
# Control flow and types
# ---------------------------------------------------------------------------


@trident.jit
def k_loop_carried_type_change(x_ptr, n):
    acc = 0
    for i in range(0, n):
        acc += tl.load(x_ptr + i)  # <- here
    tl.store(x_ptr, acc)


def test_loop_carried_type_change():
    err = compile_error(k_loop_carried_type_change, SIG1)
    check_message(err, k_loop_carried_type_change, "'acc'", "tl.int32",
                  "tl.float32", "loop", "keep its type")


@trident.jit
def k_if_else_types(x_ptr, n):
    if n > 4:  # <- here
        v = tl.zeros([64], tl.float32)
    else:
        v = tl.zeros([64], tl.int32)
    tl.store(x_ptr + tl.arange(0, 64), v)


def test_if_else_branches_of_different_types():
    err = compile_error(k_if_else_types, SIG1)
    check_message(err, k_if_else_types, "Mismatched type for v:",
                  "'if' branch", "'else' branch",
                  "tl.float32", "tl.int32")


@trident.jit
def k_if_on_tile(x_ptr, n):
    v = tl.load(x_ptr + tl.arange(0, 64))
    if v > 0:  # <- here
        tl.store(x_ptr, 1.0)


def test_if_condition_is_a_tile():
    err = compile_error(k_if_on_tile, SIG1)
    check_message(err, k_if_on_tile, "'if' condition must be a scalar",
                  "[64]", "tl.where")


@trident.jit
def k_tuple_unpack(x_ptr, n):
    pair = (tl.load(x_ptr), tl.load(x_ptr + 1))
    a, b, c = pair  # <- here
    tl.store(x_ptr, a + b + c)


def test_tuple_unpack_count_mismatch():
    err = compile_error(k_tuple_unpack, SIG1)
    check_message(err, k_tuple_unpack, "cannot unpack 2 values into 3 names")


def plain_python_helper(v):
    return v * 2


@trident.jit
def k_plain_python_function(x_ptr, n):
    v = tl.load(x_ptr)
    tl.store(x_ptr, plain_python_helper(v))  # <- here


def test_calling_a_plain_python_function_with_tensors():
    err = compile_error(k_plain_python_function, SIG1)
    check_message(err, k_plain_python_function, "'plain_python_helper'",
                  "plain Python function", "@trident.jit")


@trident.jit
def two_args(a, b):
    return a + b


@trident.jit
def k_jit_call_wrong_arity(x_ptr, n):
    v = tl.load(x_ptr)
    tl.store(x_ptr, two_args(v, v, v))  # <- here


def test_jit_helper_called_with_too_many_arguments():
    err = compile_error(k_jit_call_wrong_arity, SIG1)
    check_message(err, k_jit_call_wrong_arity, "two_args",
                  "too many positional arguments")


# ---------------------------------------------------------------------------
# Host-side misuse
# ---------------------------------------------------------------------------


@trident.jit
def k_host(x_ptr, n, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    tl.store(x_ptr + offs, 1.0, mask=offs < n)


def test_calling_a_kernel_without_a_grid():
    err = launch_error(lambda: k_host(X, 256, BLOCK=256), TypeError)
    assert isinstance(err, trident.LaunchError)
    check_message(err, k_host, "k_host is a @trident.jit kernel",
                  "k_host[grid](...)")


def test_wrong_number_of_arguments():
    err = launch_error(lambda: k_host[(1,)](X, BLOCK=256), TypeError)
    check_message(err, k_host, "missing a required argument: 'n'",
                  "k_host(x_ptr, n, BLOCK: tl.constexpr)")
    err = launch_error(lambda: k_host[(1,)](X, 256, 256, 7), TypeError)
    check_message(err, k_host, "takes 3 arguments but 4 were given")


def test_unknown_keyword_argument():
    err = launch_error(lambda: k_host[(1,)](X, 256, BLOK=256), TypeError)
    check_message(err, k_host, "unknown keyword argument 'BLOK'",
                  "did you mean 'BLOCK'")


def test_constexpr_parameter_given_an_array_at_launch():
    err = launch_error(lambda: k_host[(1,)](X, 256, BLOCK=X), TypeError)
    check_message(err, k_host, "argument 'BLOCK' is a tl.constexpr",
                  "ndarray")


def test_argument_a_kernel_cannot_take():
    err = launch_error(lambda: k_host[(1,)]([1.0, 2.0], 256, BLOCK=256),
                       TypeError)
    check_message(err, k_host, "argument 'x_ptr'", "list")


# ---------------------------------------------------------------------------
# Failures past the front end still name the source line
# ---------------------------------------------------------------------------


@trident.jit
def k_too_much_shared_memory(a_ptr, b_ptr, c_ptr, K):
    offs_m = tl.arange(0, 256)
    offs_n = tl.arange(0, 256)
    offs_k = tl.arange(0, 128)
    acc = tl.zeros((256, 256), tl.float32)
    for k in range(0, K, 128):  # <- here
        a = tl.load(a_ptr + offs_m[:, None] * K + (k + offs_k)[None, :])
        b = tl.load(b_ptr + (k + offs_k)[:, None] * 256 + offs_n[None, :])
        acc = tl.dot(a, b, acc)
    tl.store(c_ptr + offs_m[:, None] * 256 + offs_n[None, :], acc)


def test_backend_failure_names_the_source_line():
    # The pipelined 256x256x128 bf16 dot needs 4 stages of 128 KB: the GPU
    # lowering rejects it; the error still points at the loop it came from.
    sig = {"a_ptr": "*bf16", "b_ptr": "*bf16", "c_ptr": "*fp32", "K": "i32"}
    attrs = {n: {"tir.divisibility": 16} for n in ("a_ptr", "b_ptr", "K")}
    err = compile_error(k_too_much_shared_memory, sig, target="cuda:90a",
                        num_warps=8, num_stages=4, attrs=attrs)
    check_message(err, k_too_much_shared_memory, "shared memory",
                  "limit", "sm_90", "cuda:90a")
    # As Triton's: an OutOfResources, which autotuners pass over.
    assert isinstance(err, trident.OutOfResources)
    assert isinstance(err, trident.CompilationError)


@trident.jit
def k_unknown_plugin(x_ptr, n):
    v = tl.load(x_ptr)
    tl.store(x_ptr, tl.extra.nosuch.op(v))  # <- here


def test_unknown_plugin_namespace():
    err = compile_error(k_unknown_plugin, SIG1)
    check_message(err, k_unknown_plugin, "tl.extra.nosuch",
                  "no loaded plugin", "TRIDENT_PLUGIN_PATHS",
                  "trident.load_plugin")


@trident.jit
def _dtype_in_runtime_if(x_ptr, n, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    acc_ty = tl.float32
    if n > 0:  # <- here
        acc_ty = tl.float16
    tl.store(x_ptr + offs, tl.load(x_ptr + offs).to(acc_ty).to(tl.float32))


@trident.jit
def _dtype_in_loop(x_ptr, n, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    acc_ty = tl.float32
    for i in range(n):  # <- here
        acc_ty = tl.float16
    tl.store(x_ptr + offs, tl.load(x_ptr + offs).to(acc_ty).to(tl.float32))


def test_compile_time_value_changed_under_runtime_control_flow():
    # Not silently dropped: the name would keep its old value afterwards.
    for fn, words in ((_dtype_in_runtime_if, "branch of an 'if'"),
                      (_dtype_in_loop, "inside a 'for' loop")):
        with pytest.raises(trident.CompilationError) as e:
            trident.compile(fn, signature={"x_ptr": "*fp32", "n": "i32"},
                            constexprs={"BLOCK": 16}, target="cpu")
        msg = str(e.value)
        assert "acc_ty" in msg and words in msg, msg
        assert "test_errors.py:%d:" % marked_line(fn)[0] in msg, msg


def test_ir_dumps_in_backend_errors_are_trimmed():
    # MLIR's "see current operation" note prints a whole module; the error
    # keeps its first lines and says where the rest is.
    from trident.compiler.compiler import _trim_ir_dumps
    text = "\n".join(
        ["<unknown>:0: error: some pass failed",
         "<unknown>:0: note: see current operation: "] +
        ["  %%%d = op" % i for i in range(40)] +
        ["k.py:3:5: note: another note"])
    out = _trim_ir_dumps(text).splitlines()
    assert out[:2] == text.splitlines()[:2]
    assert out[2:10] == ["  %%%d = op" % i for i in range(8)]
    assert out[10].startswith("    ... (32 more lines of IR")
    assert out[11] == "k.py:3:5: note: another note"


def test_num_stages_out_of_range():
    @trident.jit
    def stages_kernel(x, BLOCK: tl.constexpr):
        o = tl.arange(0, BLOCK)
        tl.store(x + o, 1.0)
    with pytest.raises(trident.CompilationError) as e:
        trident.compile(stages_kernel, signature={"x": "*fp32"},
                        constexprs={"BLOCK": 64}, target="cuda:90a",
                        num_stages=17)
    assert "num_stages must be at most 16, got 17" in str(e.value)
