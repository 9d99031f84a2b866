"""Calls that do not fit the callee's signature (too few or too many
arguments, an unknown or repeated keyword) are the kernel author's
mistake: the CompilationError names the call as written, the kernel's
file:line with the line quoted, and what is wrong in Python's words; it
never says "internal error". A TypeError raised inside a built-in that was
called correctly is still a bug of the front end, and is reported as one.

Each kernel marks the line of its mistake with `# <- here`.
"""
import inspect
import re

import numpy as np
import pytest

import trident
import trident.language as tl
from trident.language import semantic

THIS_FILE = __file__.rstrip("c")


def marked_line(fn):
    src, first = inspect.getsourcelines(fn.fn)
    hits = [i for i, line in enumerate(src) if "# <- here" in line]
    assert len(hits) == 1, fn.__name__
    return first + hits[0], src[hits[0]].rstrip("\n")


def compile_error(fn, signature):
    with pytest.raises(trident.CompilationError) as info:
        trident.compile(fn, signature=signature, target="cpu")
    return info.value


def check(fn, signature, *words):
    err = compile_error(fn, signature)
    msg = str(err)
    line, text = marked_line(fn)
    head = re.search(re.escape(THIS_FILE) + r":(\d+):(\d+): ", msg)
    assert head, msg
    assert int(head.group(1)) == line, msg
    assert err.lineno == line and err.filename == THIS_FILE, msg
    assert "    " + text in msg.splitlines(), msg   # the line is quoted
    for w in words:
        assert w in msg, "%r not in:\n%s" % (w, msg)
    assert "internal error" not in msg, msg
    assert "Traceback" not in msg, msg
    return msg


PTR = {"x_ptr": "*fp32"}


@trident.jit
def maximum_one_arg(x_ptr):
    x = tl.load(x_ptr)
    tl.store(x_ptr, tl.maximum(x))  # <- here


def test_missing_argument():
    msg = check(maximum_one_arg, PTR, "tl.maximum()",
                "missing 1 required positional argument: 'y'")
    # the caret is under the call
    line, text = marked_line(maximum_one_arg)
    lines = msg.splitlines()
    caret = lines[lines.index("    " + text) + 1]
    assert caret.index("^") - 4 == text.index("tl.maximum"), msg


@trident.jit
def maximum_float_literal(x_ptr):
    tl.store(x_ptr, tl.maximum(1.0))  # <- here


def test_missing_argument_with_a_constant():
    # the report's own example
    check(maximum_float_literal, PTR,
          "tl.maximum() missing 1 required positional argument: 'y'")


@trident.jit
def where_one_arg(x_ptr):
    x = tl.load(x_ptr)
    y = tl.where(x > 0)  # <- here
    tl.store(x_ptr, y)


def test_missing_two_arguments():
    check(where_one_arg, PTR, "tl.where()",
          "missing 2 required positional arguments: 'x' and 'y'")


@trident.jit
def load_misspelled_keyword(x_ptr):
    offs = tl.arange(0, 16)
    x = tl.load(x_ptr + offs, maks=offs < 8)  # <- here
    tl.store(x_ptr + offs, x)


def test_unknown_keyword_with_suggestion():
    check(load_misspelled_keyword, PTR, "tl.load()",
          "got an unexpected keyword argument 'maks'", "did you mean 'mask'")


@trident.jit
def arange_too_many(x_ptr):
    offs = tl.arange(0, 16, 2)  # <- here
    tl.store(x_ptr + offs, 1.0)


def test_too_many_positional_arguments():
    check(arange_too_many, PTR, "tl.arange()",
          "takes 2 positional arguments but 3 were given")


@trident.jit
def maximum_repeated_keyword(x_ptr):
    x = tl.load(x_ptr)
    tl.store(x_ptr, tl.maximum(x, x, x=x))  # <- here


def test_multiple_values_for_an_argument():
    check(maximum_repeated_keyword, PTR, "tl.maximum()",
          "got multiple values for argument 'x'")


@trident.jit
def exp_two_args(x_ptr):
    x = tl.load(x_ptr)
    tl.store(x_ptr, tl.math.exp(x, x))  # <- here


def test_math_function_arity():
    # the implementation's own `_builder` parameter is not counted
    check(exp_two_args, PTR, "tl.math.exp()",
          "takes 1 positional argument but 2 were given")


@trident.jit
def sum_bad_keyword(x_ptr):
    x = tl.load(x_ptr + tl.arange(0, 16))
    tl.store(x_ptr, tl.sum(x, axs=0))  # <- here


def test_reduction_keyword():
    check(sum_bad_keyword, PTR, "tl.sum()",
          "got an unexpected keyword argument 'axs'", "did you mean 'axis'")


@trident.jit
def store_no_value(x_ptr):
    tl.store(x_ptr)  # <- here


def test_store_without_a_value():
    check(store_no_value, PTR, "tl.store()",
          "missing 1 required positional argument: 'value'")


@trident.jit
def method_bad_keyword(x_ptr):
    x = tl.load(x_ptr)
    tl.store(x_ptr, x.to(tl.float16, bitcst=True))  # <- here


def test_tensor_method_keyword():
    check(method_bad_keyword, PTR, "x.to()",
          "got an unexpected keyword argument 'bitcst'",
          "did you mean 'bitcast'")


@trident.jit
def tl_range_bad_keyword(x_ptr, n):
    acc = 0.0
    for i in tl.range(0, n, num_stage=2):  # <- here
        acc += tl.load(x_ptr + i)
    tl.store(x_ptr, acc)


def test_tl_range_keyword():
    check(tl_range_bad_keyword, {"x_ptr": "*fp32", "n": "i32"},
          "tl.range()", "got an unexpected keyword argument 'num_stage'",
          "did you mean 'num_stages'")


@trident.jit
def range_four_args(x_ptr, n):
    acc = 0.0
    for i in range(0, n, 1, 2):  # <- here
        acc += tl.load(x_ptr + i)
    tl.store(x_ptr, acc)


def test_python_range_arity():
    # Python's range takes at most 3 arguments (a fourth is not
    # tl.range's num_stages)
    check(range_four_args, {"x_ptr": "*fp32", "n": "i32"},
          "range expected at most 3 arguments, got 4")


def scale_of(block, factor):
    return block * factor


@trident.jit
def compile_time_helper_arity(x_ptr):
    offs = tl.arange(0, scale_of(8))  # <- here
    tl.store(x_ptr + offs, 1.0)


def test_compile_time_python_helper_arity():
    check(compile_time_helper_arity, PTR, "scale_of()",
          "missing 1 required positional argument: 'factor'")


@trident.jit
def program_id_bad_keyword(x_ptr):
    pid = tl.program_id(axis=0, dim=1)  # <- here
    tl.store(x_ptr + pid, 1.0)


def test_program_id_keyword():
    check(program_id_bad_keyword, PTR, "tl.program_id()",
          "got an unexpected keyword argument 'dim'")


@trident.jit
def maximum_correct(x_ptr):
    x = tl.load(x_ptr)
    tl.store(x_ptr, tl.maximum(x, 2.0))


def test_a_type_error_inside_a_builtin_is_still_internal(monkeypatch):
    # tl.maximum is called correctly; the TypeError comes from inside its
    # implementation, a bug of the front end, and must be named as one.
    def broken(self, *args, **kwargs):
        raise TypeError("unsupported operand deep inside")
    monkeypatch.setattr(semantic.Semantic, "minmax", broken)
    err = compile_error(maximum_correct, PTR)
    msg = str(err)
    assert "internal error" in msg, msg
    assert "TypeError: unsupported operand deep inside" in msg, msg


def test_correct_calls_still_compile_and_run():
    x = np.array([-3.0], np.float32)
    maximum_correct[(1,)](x)
    assert x[0] == 2.0
