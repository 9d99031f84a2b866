"""Python module of the `fma` example plugin: `trident.language.extra.fma`.

Shipped next to the plugin (`<plugin dir>/python/fma/`), it is imported
when a kernel first names `tl.extra.fma` after the plugin is loaded. It
shows the three things a plugin's Python layer can add, built on the same
IR builder as the core language:

- a DSL op with the language's typing rules: `fma.mul_add(a, b, c)`
  promotes and broadcasts like `a * b + c`, then emits the plugin's
  `fma.mul_add` op (the C++ `emit` callback of the plugin);
- a value type of its own: `fma.accumulator(init)` holds a tile and folds
  products into it (`acc.add(a, b)`); it is a `tl.base_value`, so it can
  be carried through loops and `if`s like a tensor;
- a context manager: `with fma.fused() as scope:` counts the mul_adds
  emitted inside it at compile time (`scope.count`, a constexpr a kernel
  can check with tl.static_assert).
"""
from trident.language import core as _core
from trident.language.core import _sem, base_value, builtin

_SCOPE = []


@builtin
def mul_add(a, b, c):
    """a * b + c with a single rounding (the plugin's fma.mul_add)."""
    sem = _sem("fma.mul_add")
    a, b = sem.binary_operands(a, b, "fma.mul_add")
    a, c = sem.binary_operands(a, c, "fma.mul_add")
    b = sem.broadcast_to(b, list(a.shape)) if a.shape else b
    if not a.dtype.is_floating():
        raise _core.TridentUserError(
            "fma.mul_add needs float operands, got %r" % (a.dtype,))
    if _SCOPE:
        _SCOPE[-1].count += 1
    return _core.dsl_op("fma.mul_add", a, b, c)


class accumulator(base_value):
    """A tile that products are fused into: `acc = acc.add(a, b)`."""

    def __init__(self, value):
        self.value = value

    def add(self, a, b):
        return accumulator(mul_add(a, b, self.value))

    # base_value protocol: the tensors that carry this value through loops
    def _flatten(self):
        return [self.value]

    def _unflatten(self, tensors):
        return accumulator(tensors[0])


class fused:
    """`with fma.fused() as scope:` counts the mul_adds emitted inside."""

    def __init__(self):
        self.count = 0

    def __enter__(self):
        _SCOPE.append(self)
        return self

    def __exit__(self, *exc):
        _SCOPE.pop()
        return False
