"""`tl.core._aggregate`: Triton's class decorator for user-defined values
made of kernel values (a pair of tiles, a tile and its constexpr size).

    @tl.core._aggregate
    class Pair:
        first: tl.tensor
        second: tl.tensor

        def __init__(self, first, second):     # runs when compiling
            self.first = first
            self.second = second

        @trident.jit
        def swap(self):                         # a @jit method
            return Pair(self.second, self.first)

In a kernel, `Pair(a, b)` runs `__init__` at compile time; fields read as
attributes; a @jit method is called with the object as its first argument
(`p.swap()`, and a @jit `__getitem__` for `p[i]`); plain methods run at
compile time (they may take Triton's `_semantic=None`, left None). Fields
annotated `tl.constexpr` hold constexprs. The object is a value of its
own: a loop or a run-time `if` carries it by its tensors when a name is
assigned a new one. Assigning a field from kernel code is refused, as in
Triton.
"""
from . import core


class _JitMethod:
    """A @jit function that is a method of an aggregate: read from an
    object, it is that function with the object as its first argument."""

    def __init__(self, fn):
        self.fn = fn

    def __get__(self, obj, owner=None):
        if obj is None:
            return self.fn
        return _BoundJit(self.fn, obj)


class _BoundJit:
    def __init__(self, fn, obj):
        self.fn = fn
        self.obj = obj
        self.__name__ = fn.__name__

    def __call__(self, *args, **kwargs):
        sem = core._sem(self.fn.__name__)
        gen = getattr(sem, "generator", None)
        if gen is None:
            raise core.TridentUserError(
                "%s is a @jit method: call it from a kernel" %
                self.fn.__name__)
        return gen.call_function(self.fn, (self.obj,) + args, kwargs)


def _tensors(v):
    if isinstance(v, core.tensor):
        return [v]
    if isinstance(v, core.base_value):
        return list(v._flatten())
    if isinstance(v, tuple):
        return [t for e in v for t in _tensors(e)]
    return []


def _replace(v, tensors):
    """`v` with its tensors replaced by the next of iterator `tensors`."""
    if isinstance(v, core.tensor):
        return next(tensors)
    if isinstance(v, core.base_value):
        return v._unflatten([next(tensors) for _ in v._flatten()])
    if isinstance(v, tuple):
        from ._tuple import same_kind
        return same_kind(v, [_replace(e, tensors) for e in v])
    return v


def _is_constexpr_annotation(a):
    return a is core.constexpr or (isinstance(a, str) and
                                   a.split(".")[-1] == "constexpr")


def aggregate(cls):
    """The class decorator (Triton's `tl.core._aggregate`)."""
    from ..runtime.jit import JITFunction
    fields = list(getattr(cls, "__annotations__", {}))
    constexpr_fields = [f for f, a in cls.__annotations__.items()
                        if _is_constexpr_annotation(a)] if fields else []
    namespace = {"__module__": cls.__module__,
                 "__qualname__": cls.__qualname__,
                 "__doc__": cls.__doc__}
    for name, value in list(vars(cls).items()):
        if isinstance(value, JITFunction):
            namespace[name] = _JitMethod(value)
    user_init = cls.__init__

    def __init__(self, *args, **kwargs):
        user_init(self, *args, **kwargs)
        for f in constexpr_fields:
            if hasattr(self, f):
                object.__setattr__(self, f, core.constexpr(getattr(self, f)))

    if user_init is not object.__init__:
        namespace["__init__"] = __init__

    def _flatten(self):
        return [t for f in fields if hasattr(self, f)
                for t in _tensors(getattr(self, f))]

    def _unflatten(self, tensors):
        out = object.__new__(type(self))
        out.__dict__.update(self.__dict__)
        it = iter(tensors)
        for f in fields:
            if hasattr(self, f):
                object.__setattr__(out, f, _replace(getattr(self, f), it))
        return out

    def __repr__(self):
        return "%s(%s)" % (cls.__name__, ", ".join(
            "%s=%r" % (f, getattr(self, f, None)) for f in fields))

    namespace.update(_flatten=_flatten, _unflatten=_unflatten,
                     __repr__=__repr__, __trident_aggregate_fields__=fields)
    bases = (cls,) if issubclass(cls, core.base_value) else \
        (cls, core.base_value)
    return type(cls.__name__, bases, namespace)
