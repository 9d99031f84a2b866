"""Building IR from a plugin's Python module: `trident.language.ir`.

The core language builds its ops through the semantic layer; a plugin's
Python module (`<plugin dir>/python/<name>/`) builds its own dialect's ops
with the same builder, through this module, with no C++ per op:

- `op(name, operands, results, attrs, regions)` makes any registered op
  (the plugin's or the core's) at the kernel's current point; an op with
  no regions is verified at once, so a mistake is reported at the
  kernel's source line;
- `attr` spells compile-time attributes (`attr.i32(4)`,
  `attr.array_i64([1, 2])`, `attr.type(tl.float16)`, ...);
- `type(text)` names a type the language has none for ("!myplugin.barrier");
  a value of it comes back as a `tl.tensor` of that `tl.ir_type`, which a
  module usually wraps in a `tl.base_value` of its own so that it can be
  carried through loops and `if`s;
- `region_scope` is the base of a context manager whose `with` body
  becomes a region of an op (`with myplugin.task(...):`);
- `Op.block()` and `insert_at_end()` build inside an op's regions from
  Python.

Everything here runs while a kernel is being compiled (inside a
@trident.jit function, or a @builtin a kernel calls).
"""
import contextlib as _contextlib

from .._errors import TridentUserError
from . import core as _core
from .core import _sem, _unwrap, tensor

__all__ = ["Op", "attr", "attr_pairs", "insert_at_end", "op",
           "region_scope", "type", "type_text", "value_methods"]


# ---------------------------------------------------------------------------
# Types
# ---------------------------------------------------------------------------


def type(text):  # noqa: A001 - mirrors MLIR's spelling
    """The language type of IR type `text` ("!myplugin.barrier", "i32"): a
    `tl.ir_type` unless the language has a type of its own for it."""
    from .semantic import parse_ir_type
    return parse_ir_type(_unwrap(text))


def type_text(ty):
    """How the IR spells language type `ty` (tl.float16 -> "f16")."""
    ty = _unwrap(ty)
    if isinstance(ty, _core.ir_type):
        return ty.name
    if not isinstance(ty, _core.dtype):
        raise TridentUserError("a type is needed, got %r" % (ty,))
    sem = _sem("ir.type_text")
    return sem.builder.type_str(sem.type_of(ty))


def value_methods(type_prefix, **methods):
    """Gives the values of the IR types spelled `type_prefix`... methods a
    kernel can call on them: `__getitem__` (for `value[i]`) and any public
    name (for `value.name(...)`), each `fn(value, *args)` run while the
    kernel compiles, like a @builtin. The longest matching prefix wins;
    registering a prefix again replaces its methods.

        ir.value_methods("!myplugin.ring<", __getitem__=slot)
    """
    prefix = str(type_prefix)
    if not prefix.startswith("!") or "." not in prefix:
        raise TridentUserError("value_methods: the prefix must spell a "
                               "dialect type (\"!dialect.name...\"), got %r"
                               % (prefix,))
    for name, fn in methods.items():
        if name != "__getitem__" and (name.startswith("_") or
                                      not name.isidentifier()):
            raise TridentUserError("value_methods: %r is not a method name "
                                   "a kernel can call" % (name,))
        if not callable(fn):
            raise TridentUserError("value_methods: %s must be callable, got "
                                   "%r" % (name, fn))
    _core._VALUE_METHODS[prefix] = dict(methods)


# ---------------------------------------------------------------------------
# Attributes
# ---------------------------------------------------------------------------


def _int(v, what):
    v = _unwrap(v)
    if isinstance(v, bool) or not isinstance(v, int):
        raise TridentUserError("%s needs a Python int (a constexpr), got %r"
                               % (what, v))
    return v


class attr:
    """Attribute values in MLIR's syntax, for `op(..., attrs={...})` and
    `tl.dsl_op(..., attrs={...})`. A plain Python value is spelled by
    `attr.of`: bool -> i1, int -> i64, float -> f32, dtype -> type, list of
    ints -> array<i64>; a str is MLIR's syntax already (a string attribute
    is `attr.string(s)`)."""

    unit = "unit"

    @staticmethod
    def bool(v):
        return "true" if _unwrap(v) else "false"

    @staticmethod
    def int(v, width=64):
        return "%d : i%d" % (_int(v, "an integer attribute"), width)

    @staticmethod
    def i32(v):
        return attr.int(v, 32)

    @staticmethod
    def i64(v):
        return attr.int(v, 64)

    @staticmethod
    def f32(v):
        return "%r : f32" % float(_unwrap(v))

    @staticmethod
    def string(s):
        out = []
        for byte in str(_unwrap(s)).encode("utf-8"):
            c = chr(byte)
            if c in '"\\':
                out.append("\\" + c)
            elif 32 <= byte < 127:
                out.append(c)
            else:
                out.append("\\%02X" % byte)
        return '"%s"' % "".join(out)

    @staticmethod
    def type(ty):
        return type_text(ty)

    @staticmethod
    def array_i32(values):
        vs = [_int(v, "array<i32>") for v in _unwrap(values)]
        return "array<i32%s>" % "".join(
            (": " if i == 0 else ", ") + str(v) for i, v in enumerate(vs))

    @staticmethod
    def array_i64(values):
        vs = [_int(v, "array<i64>") for v in _unwrap(values)]
        return "array<i64%s>" % "".join(
            (": " if i == 0 else ", ") + str(v) for i, v in enumerate(vs))

    @staticmethod
    def of(v):
        """`v` spelled as an attribute (see the class's doc)."""
        raw = _unwrap(v)
        if isinstance(raw, bool):
            return attr.bool(raw)
        if isinstance(raw, int):
            return attr.i64(raw)
        if isinstance(raw, float):
            return attr.f32(raw)
        if isinstance(raw, _core.dtype):
            return attr.type(raw)
        if isinstance(raw, (list, tuple)):
            return attr.array_i64(raw)
        raise TridentUserError("no attribute spelling for %r (use "
                               "trident.language.ir.attr)" % (raw,))


def attr_pairs(attrs, what="op"):
    """`attrs` ({name: value}, None) as the builder's (name, text) pairs. A
    str is MLIR's attribute syntax already (what `attr.*` return: a string
    attribute is `attr.string(s)`); any other value is spelled by
    `attr.of`."""
    attrs = _unwrap(attrs)
    if not attrs:
        return []
    if not isinstance(attrs, dict):
        raise TridentUserError("%s: attrs must be a dict of name -> value, "
                               "got %r" % (what, attrs))
    out = []
    for name, v in attrs.items():
        raw = _unwrap(v)
        out.append((str(name), raw if isinstance(raw, str) else attr.of(raw)))
    return out


# ---------------------------------------------------------------------------
# Ops and regions
# ---------------------------------------------------------------------------


class Op:
    """An op made by `op()`: `.results` (tl.tensors), `.result` (the only
    one), `.handle` (the builder's), `.block(region, arg_types)` to add a
    block to one of its regions, `.verify()` once its regions are full."""

    def __init__(self, handle, results):
        self.handle = handle
        self.results = results

    @property
    def result(self):
        if len(self.results) != 1:
            raise TridentUserError("the op has %d results, not 1" %
                                   len(self.results))
        return self.results[0]

    def block(self, region=0, arg_types=()):
        """A new block at the end of region `region`; returns a `Block`."""
        sem = _sem("Op.block")
        tys = [_unwrap(t) for t in arg_types]
        h = sem.builder.append_block(self.handle, int(region),
                                     [sem.type_of(t) for t in tys])
        return Block(h, [tensor(sem.builder.block_arg(h, i), t)
                         for i, t in enumerate(tys)])

    def verify(self):
        _sem("Op.verify").builder.verify_op(self.handle)


class Block:
    """A block of an op's region: `.handle` and `.args` (tl.tensors)."""

    def __init__(self, handle, args):
        self.handle = handle
        self.args = args


def op(name, operands=(), results=(), attrs=None, regions=0):
    """Builds op `name` (any registered op: the plugin's dialect must be
    loaded) at the kernel's current point. `operands` are values (Python
    numbers become constants), `results` the result types (language
    dtypes or `tl.ir_type`s), `attrs` {name: value} (see `attr`),
    `regions` the number of empty regions to give it. Returns an `Op`."""
    sem = _sem(str(name))
    b = sem.builder
    vals = [sem.to_tensor(x) for x in operands]
    tys = [_unwrap(t) for t in results]
    h = b.generic_op(str(_unwrap(name)), [v.handle for v in vals],
                     [sem.type_of(t) for t in tys],
                     attr_pairs(attrs, str(name)), int(_unwrap(regions)))
    outs = [tensor(b.result(h, i), t) for i, t in enumerate(tys)]
    return Op(h, outs)


@_contextlib.contextmanager
def insert_at_end(block):
    """Builds at the end of `block` (a `Block`) inside the `with`, then
    returns to where the kernel was."""
    b = _sem("ir.insert_at_end").builder
    saved = b.save_ip()
    b.set_insert_end(block.handle if isinstance(block, Block) else block)
    try:
        yield block
    finally:
        b.restore_ip(saved)


class region_scope:
    """Base of a context manager whose `with` body becomes a region: the
    code generator calls `_begin()` at the `with` (at the kernel's current
    point), which builds the op and returns the `Block` (or block handle)
    the body goes into; it builds the body there, then calls `_end()`
    with the insertion point still at the end of that block (add the
    terminator there; verify the op), and goes back to after the op.

    Names assigned in the body stay in it: a value made in a region cannot
    be used after it, and a later use of such a name is an error that says
    so. A scope with `_restore_names = True` gives a name that was bound
    before the `with` its earlier value back after it instead (Triton's
    sub-regions behave so: sibling tasks each start from the same names). `return` inside the body is an error. `with scope as x` binds what
    `_as()` returns (the scope itself unless overridden).

    A scope whose `_copies()` returns n > 1 has its body built n times,
    `_begin()` ... body ... `_end()` each time, with `self._copy` set to
    0 .. n-1 before each (e.g. one region per replica of a task, each
    knowing its replica as a compile-time value); every copy starts from
    the names bound before the `with`.
    """

    _copy = 0
    _restore_names = False

    def _copies(self):
        """How many times the body is built (1 unless overridden)."""
        return 1

    def _begin(self):
        raise NotImplementedError(self.__class__.__name__ + "._begin")

    def _end(self):
        pass

    def _as(self):
        return self

    def _describe(self):
        """How errors name the `with` (e.g. "with myplugin.task()")."""
        return "with %s()" % self.__class__.__name__
