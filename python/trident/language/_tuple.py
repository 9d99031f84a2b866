"""`tl.tuple`: a tuple of kernel values (tensors, constexprs, tuples), as
Triton's `triton.language.tuple`.

In a kernel a tuple is a Python tuple of language values, so `tl.tuple` is
one: indexing by a constexpr, `len`, unpacking, `+` and `==` work as on
tuples (the code generator makes `==` a constexpr). What it adds is
Triton's spelling (`tl.tuple([a, b])`, `tl.tuple((1, 2)) + (3, 4)`) and
`.type`. Like any tuple it cannot be changed in place (`t[0] = x` is a
compile error).
"""
import builtins

from .core import constexpr, constexpr_type, tuple_type


class tuple(builtins.tuple):  # noqa: A001 - Triton's name
    def __new__(cls, args=(), type=None):  # noqa: A002 - Triton's name
        return super().__new__(cls, args)

    def __init__(self, args=(), type=None):  # noqa: A002
        super().__init__()

    @property
    def type(self):
        return tuple_type([_type_of(v) for v in self])

    def __getitem__(self, index):
        if isinstance(index, constexpr):
            index = index.value
        out = builtins.tuple.__getitem__(self, index)
        return tuple(out) if isinstance(index, slice) else out

    def __add__(self, other):
        return tuple(builtins.tuple(self) + builtins.tuple(other))

    def __radd__(self, other):
        return tuple(builtins.tuple(other) + builtins.tuple(self))

    def __repr__(self):
        return "tl.tuple(%s)" % builtins.tuple.__repr__(self)


def _type_of(v):
    t = getattr(v, "type", None)
    if t is not None and not isinstance(v, constexpr):
        return t
    if isinstance(v, builtins.tuple):
        return tuple(v).type
    return constexpr_type(v)


def same_kind(like, items):
    """A tuple of `items` of the kind of tuple `like`: its namedtuple class,
    a tl.tuple, else a plain tuple (torch.Size and other tuple types
    become tuples)."""
    if hasattr(type(like), "_fields"):
        return type(like)(*items)
    if isinstance(like, tuple):
        return tuple(items)
    return builtins.tuple(items)
