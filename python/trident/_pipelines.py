"""Which named pipeline a kernel compiles with.

`@trident.jit(pipeline="name")` fixes it for one kernel; otherwise the
innermost `with trident.pipeline_scope("name"):` (or the process-wide
`trident.set_pipeline("name")`) selects it; "default" when nothing does.
The selection is read once per launch as a plain attribute lookup; it
is part of the kernel's cache key.
"""
import threading

_state = threading.local()
_global = [None]


def _check(name):
    if name is None or name == "default":
        return
    from . import _C
    names = _C.pipeline_names()
    if name not in names:
        raise ValueError("unknown pipeline '%s'; the known pipelines are: %s"
                         % (name, ", ".join(names)))


def set_pipeline(name):
    _check(name)
    _global[0] = name


class pipeline_scope:
    def __init__(self, name):
        _check(name)
        self.name = name

    def __enter__(self):
        stack = getattr(_state, "stack", None)
        if stack is None:
            stack = _state.stack = []
        stack.append(self.name)
        return self

    def __exit__(self, *exc):
        _state.stack.pop()
        return False


def selected(fn=None):
    if fn is not None and getattr(fn, "pipeline", None):
        return fn.pipeline
    stack = getattr(_state, "stack", None)
    if stack:
        return stack[-1]
    return _global[0] or "default"
