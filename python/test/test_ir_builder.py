"""The front end's seams for plugins (trident.language.ir): any registered
op built from Python with attributes and regions, `with` blocks that
become regions, types the language has no name for, DSL ops with
attributes, and `import trident.language.extra.<name>` of a plugin's
module. Core ops stand in for a plugin's here (scf.execute_region for a
region op); the plugin cases run in a fresh interpreter each, since a
loaded plugin stays loaded for the life of a process."""
import os
import subprocess
import sys
import textwrap

import numpy as np
import pytest

import trident
import trident.language as tl
from trident.language import ir


class scoped(ir.region_scope):
    """`with scoped():` puts its body into an scf.execute_region."""

    def _begin(self):
        self.op = ir.op("scf.execute_region", regions=1)
        return self.op.block(0)

    def _end(self):
        ir.op("scf.yield")
        self.op.verify()

    def _describe(self):
        return "with scoped()"


@trident.jit
def constant_and_region(x_ptr, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    seven = ir.op("arith.constant", results=[tl.int32],
                  attrs={"value": ir.attr.i32(7)}).result
    with scoped():
        tl.store(x_ptr + offs, tl.load(x_ptr + offs) + seven)
    tl.store(x_ptr + BLOCK + offs, seven + offs)


def test_generic_op_and_region_scope_run():
    x = np.arange(32, dtype=np.int32)
    constant_and_region[(1,)](x, BLOCK=16)
    np.testing.assert_array_equal(x[:16], np.arange(16) + 7)
    np.testing.assert_array_equal(x[16:], np.arange(16) + 7)


def test_region_scope_body_is_inside_the_op():
    k = trident.compile(constant_and_region, signature={"x_ptr": "*i32"},
                        constexprs={"BLOCK": 16}, target="cpu",
                        until_stage="tir")
    # The front end's own module (before any pass) holds the region.
    text = k.source_ir
    region = text[text.index("scf.execute_region"):]
    body = region[:region.index("scf.yield")]
    assert "tir.load" in body and "tir.store" in body
    assert "arith.constant 7 : i32" in text


@trident.jit
def value_leaves_region(x_ptr, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    with scoped():
        y = tl.load(x_ptr + offs)
    tl.store(x_ptr + offs, y)


@trident.jit
def rebinds_in_region(x_ptr, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    y = tl.load(x_ptr + offs)
    with scoped():
        y = y + 1
    tl.store(x_ptr + offs, y)


@trident.jit
def returns_in_region(x_ptr):
    with scoped():
        return


@pytest.mark.parametrize("kernel", [value_leaves_region, rebinds_in_region])
def test_values_do_not_leave_a_region(kernel):
    x = np.zeros(16, np.int32)
    with pytest.raises(trident.CompilationError) as e:
        kernel[(1,)](x, BLOCK=16)
    msg = str(e.value)
    assert "'y' was assigned inside the 'with scoped()' block at line" in msg
    assert "does not leave it" in msg
    assert "test_ir_builder.py" in msg


def test_return_in_region_is_an_error():
    with pytest.raises(trident.CompilationError,
                       match="'return' inside a 'with scoped\\(\\)' block"):
        returns_in_region[(1,)](np.zeros(1, np.int32))


@trident.jit
def bad_attribute(x_ptr):
    ir.op("arith.constant", results=[tl.int32], attrs={"value": "7 : i3x"})


@trident.jit
def unknown_op(x_ptr):
    ir.op("nosuch.op")


@trident.jit
def unknown_type(x_ptr):
    ir.op("arith.constant", results=[ir.type("!nosuch.thing")],
          attrs={"value": ir.attr.i32(1)})


@trident.jit
def failing_verifier(x_ptr):
    # arith.constant's value must have its result's type.
    ir.op("arith.constant", results=[tl.float32],
          attrs={"value": ir.attr.i32(1)})


@pytest.mark.parametrize("kernel,message", [
    (bad_attribute, "arith.constant: attribute 'value': cannot parse "
                    "'7 : i3x'"),
    (unknown_op, "unknown operation 'nosuch.op': no dialect 'nosuch' is "
                 "loaded (is the plugin that defines it loaded?)"),
    (unknown_type, "cannot parse the type '!nosuch.thing'"),
    (failing_verifier, "'arith.constant' op"),
])
def test_builder_errors_name_the_op_and_line(kernel, message):
    with pytest.raises(trident.CompilationError) as e:
        kernel[(1,)](np.zeros(1, np.int32))
    msg = str(e.value)
    assert message in msg
    assert "test_ir_builder.py:" in msg and kernel.__name__ in msg


def test_attribute_spellings():
    assert ir.attr.i32(4) == "4 : i32"
    assert ir.attr.of(True) == "true"
    assert ir.attr.of(5) == "5 : i64"
    assert ir.attr.array_i32([1, 2]) == "array<i32: 1, 2>"
    assert ir.attr.array_i64([]) == "array<i64>"
    assert ir.attr.string('a"b\\\né') == '"a\\"b\\\\\\0A\\C3\\A9"'
    assert ir.attr_pairs({"n": 3, "s": ir.attr.string("x")}) == [
        ("n", "3 : i64"), ("s", '"x"')]
    from trident._errors import TridentUserError
    with pytest.raises(TridentUserError, match="Python int"):
        ir.attr.i32(1.5)


def test_ir_types_round_trip():
    t = ir.type("!gpux.token")
    assert isinstance(t, tl.ir_type) and t.name == "!gpux.token"
    assert t == tl.ir_type("!gpux.token") and t != tl.int32
    assert ir.type("i32") == tl.int32
    assert ir.type("tensor<4x8xf16>") == tl.block_type(tl.float16, [4, 8])


HERE = os.path.dirname(os.path.abspath(__file__))


def run_python(code, plugin_dir):
    env = dict(os.environ)
    env.pop("TRIDENT_PLUGIN_PATHS", None)
    env["FMA_PLUGIN"] = os.path.join(plugin_dir, "libFmaPlugin.so")
    path = os.path.join(HERE, "_ir_case_%d.py" % os.getpid())
    with open(path, "w") as f:
        f.write(textwrap.dedent(code))
    try:
        return subprocess.run([sys.executable, path], env=env,
                              capture_output=True, text=True, timeout=300)
    finally:
        os.unlink(path)


def test_import_of_a_plugin_module(plugin_dir):
    r = run_python('''
        import os
        import trident
        try:
            import trident.language.extra.fma as fma
        except ModuleNotFoundError as e:
            print("BEFORE:", e)
        trident.load_plugin(os.environ["FMA_PLUGIN"])
        import trident.language.extra.fma as fma
        from trident.language.extra import fma as fma2
        import trident.language as tl
        print("AFTER:", fma.__name__, fma is fma2, fma is tl.extra.fma,
              hasattr(fma, "mul_add"))
        ''', plugin_dir)
    assert r.returncode == 0, r.stderr
    assert ("BEFORE: tl.extra.fma: no loaded plugin provides 'fma'; load "
            "the plugin 'fma' first") in r.stdout
    assert "AFTER: trident.language.extra.fma True True True" in r.stdout


def test_dsl_op_attributes_reach_the_plugin(plugin_dir):
    r = run_python('''
        import os
        import numpy as np
        import trident
        import trident.language as tl
        trident.load_plugin(os.environ["FMA_PLUGIN"])

        @trident.jit
        def k(x_ptr):
            x = tl.load(x_ptr)
            tl.store(x_ptr, tl.dsl_op("fma.mul_add", x, x, x,
                                      attrs={"rounding": 1}))

        try:
            k[(1,)](np.ones(1, np.float32))
        except trident.CompilationError as e:
            print("ERROR:", e)
        ''', plugin_dir)
    assert r.returncode == 0, r.stderr
    assert "DSL op 'fma.mul_add' of plugin 'fma' failed: fma.mul_add takes " \
           "no attributes" in r.stdout


class copied(ir.region_scope):
    """`with copied(n):` builds its body n times, each into an
    scf.execute_region, `copy_index()` giving the copy's index."""

    def __init__(self, n):
        self.n = n

    def _copies(self):
        return tl.core._unwrap(self.n)

    def _begin(self):
        _ACTIVE.append(self)
        self.op = ir.op("scf.execute_region", regions=1)
        return self.op.block(0)

    def _end(self):
        _ACTIVE.pop()
        ir.op("scf.yield")
        self.op.verify()


_ACTIVE = []


@tl.core.builtin
def copy_index():
    return tl.constexpr(_ACTIVE[-1]._copy)


@trident.jit
def per_copy(x_ptr, BLOCK: tl.constexpr, N: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    base = 100
    with copied(N):
        i: tl.constexpr = copy_index()
        base = base + i          # each copy starts from base = 100
        tl.store(x_ptr + i * BLOCK + offs, offs + base)


def test_region_scope_copies_build_the_body_per_copy():
    x = np.zeros(3 * 16, dtype=np.int32)
    per_copy[(1,)](x, BLOCK=16, N=3)
    for i in range(3):
        np.testing.assert_array_equal(x[i * 16:(i + 1) * 16],
                                      np.arange(16) + 100 + i)
    k = trident.compile(per_copy, signature={"x_ptr": "*i32"},
                        constexprs={"BLOCK": 16, "N": 3}, target="cpu",
                        until_stage="tir")
    assert k.source_ir.count("scf.execute_region") == 3


class restoring(scoped):
    """A region scope after which names it rebinds get their earlier
    values back (as TLX's sibling tasks need)."""

    _restore_names = True


@trident.jit
def restored_after_region(x_ptr, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    y = tl.load(x_ptr + offs)
    with restoring():
        y = y + 1                # seen inside the region only
        tl.store(x_ptr + BLOCK + offs, y)
    with restoring():
        tl.store(x_ptr + 2 * BLOCK + offs, y + 10)   # the earlier y
    tl.store(x_ptr + offs, y)


@trident.jit
def new_name_in_restoring_region(x_ptr, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    with restoring():
        z = tl.load(x_ptr + offs)
    tl.store(x_ptr + offs, z)


def test_restoring_region_scope_gives_names_back():
    x = np.zeros(3 * 16, dtype=np.int32)
    x[:16] = np.arange(16)
    restored_after_region[(1,)](x, BLOCK=16)
    np.testing.assert_array_equal(x[:16], np.arange(16))
    np.testing.assert_array_equal(x[16:32], np.arange(16) + 1)
    np.testing.assert_array_equal(x[32:], np.arange(16) + 10)
    # A name first bound in the region still does not leave it.
    with pytest.raises(trident.CompilationError,
                       match="'z' was assigned inside the 'with scoped\\(\\)'"):
        new_name_in_restoring_region[(1,)](np.zeros(16, np.int32), BLOCK=16)


def test_value_methods_refuse_bad_registrations():
    from trident._errors import TridentUserError
    with pytest.raises(TridentUserError, match="must spell a "
                       "dialect type"):
        ir.value_methods("tensor<", __getitem__=lambda v, i: v)
    with pytest.raises(TridentUserError, match="not a method name"):
        ir.value_methods("!mine.ring<", _hidden=lambda v: v)
    with pytest.raises(TridentUserError, match="must be callable"):
        ir.value_methods("!mine.ring<", __getitem__=3)
