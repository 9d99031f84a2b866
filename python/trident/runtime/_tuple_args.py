"""Kernel arguments that are tuples holding tensors (Triton's tuple
arguments: `kernel[grid]((x, y), ...)`, a namedtuple of a pointer and its
shape).

Such a tuple is specialized in two parts under its parameter's name:
`signature[name]` is its shape with the kernel type of each run-time leaf
(a tensor, passed as a pointer argument of its own) and None elsewhere;
`constexprs[name]` is the same shape holding the compile-time leaves
(ints, floats, None, strings, dtypes, constexprs, @jit functions) and None
at the run-time ones. A namedtuple keeps its class, so that the kernel
reads its fields by name. A tuple of compile-time leaves only is one
constexpr, as before.
"""
from ..language import core as tl
from ..language._tuple import same_kind


def label(name, path):
    """How messages and the compiled kernel name the leaf at `path`."""
    return name + "".join("[%d]" % i for i in path)


def split(v, name, classify):
    """(types, constants, leaves) of tuple argument `v`; `leaves` lists
    (path, type, divisible by 16) of its run-time leaves, depth first (none:
    `constants` is the whole tuple, a compile-time value)."""
    import sys
    from .driver import _non_constant_leaf
    np = sys.modules.get("numpy")
    leaves = []

    def walk(x, path):
        if isinstance(x, tuple):
            parts = [walk(e, path + (i,)) for i, e in enumerate(x)]
            return (tuple(t for t, _ in parts),
                    same_kind(x, [c for _, c in parts]))
        if np is not None and isinstance(x, np.generic):
            x = x.item()
        if _non_constant_leaf((x,)) is None:
            return None, x  # (a @jit function among them)
        kind, ty, divisible, _ = classify(x, label(name, path))
        if kind in ("pointer", "descriptor"):
            leaves.append((path, ty, divisible))
            return ty, None
        return None, x

    types, constants = walk(v, ())
    return types, constants, leaves


def leaf(v, path):
    for i in path:
        v = v[i]
    return v


def leaf_paths(types, path=()):
    """The paths of the run-time leaves of a tuple's `types`, depth
    first."""
    if isinstance(types, tuple):
        for i, t in enumerate(types):
            yield from leaf_paths(t, path + (i,))
    elif types is not None:
        yield path


def build(types, constants, args):
    """The kernel's value of a tuple parameter: `constants` with each
    run-time leaf replaced by the next of `args` (its tensors)."""
    args = iter(args)

    def walk(t, c):
        if isinstance(t, tuple):
            if not isinstance(c, tuple) or len(c) != len(t):
                c = (None,) * len(t)
            return same_kind(c, [walk(te, ce) for te, ce in zip(t, c)])
        if t is not None:
            return next(args)
        return tl._unwrap(c) if isinstance(c, tl.constexpr) else c

    return walk(types, constants)
