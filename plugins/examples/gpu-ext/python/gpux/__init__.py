"""Python module of the `gpu-ext` example plugin: `trident.language.extra.gpux`.

`gpux.reverse(x)` reverses a 1-D tile (the plugin's gpux.reverse op, which
the plugin itself lowers to PTX through shared memory).
"""
from trident.language import core as _core
from trident.language.core import builtin


@builtin
def reverse(x):
    """x[::-1] for a 1-D tile."""
    if len(x.shape) != 1:
        raise _core.TridentUserError(
            "gpux.reverse needs a 1-D tile, got shape %r" % (list(x.shape),))
    return _core.dsl_op("gpux.reverse", x)
