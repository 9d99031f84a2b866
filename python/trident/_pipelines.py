"""Which named pipeline a kernel compiles with.

`@trident.jit(pipeline="name")` fixes it for one kernel; otherwise the
innermost `with trident.pipeline("name"):` (or the process-wide
`trident.set_pipeline("name")`, undone by `set_pipeline(None)`) selects it;
"default" when nothing does. Kernels compiled under different pipelines are
cached apart, in memory and on disk.
The selection is part of every kernel's cache key. The C++ launcher keeps
a copy, updated here when the selection changes (not read per launch).
"""
import threading

_state = threading.local()
_global = [None]


def pipeline_names():
    """The named pipelines of the loaded plugins (and "default")."""
    from . import _C
    return ["default"] + [n for n in _C.pipeline_names() if n != "default"]


def _check(name):
    if name is None or name == "default":
        return
    if not isinstance(name, str):
        raise TypeError("a pipeline is named by a str, got %r" % (name,))
    names = pipeline_names()
    if name not in names:
        raise ValueError("unknown pipeline '%s'; the known pipelines are: %s"
                         " (plugins add pipelines: load one with "
                         "trident.load_plugin or TRIDENT_PLUGIN_PATHS)"
                         % (name, ", ".join(names)))


def _publish():
    from . import _C
    stack = getattr(_state, "stack", None)
    _C.set_pipeline_state(_global[0], stack[-1] if stack else None)


def set_pipeline(name):
    _check(name)
    _global[0] = name
    _publish()


class pipeline_scope:
    """`with trident.pipeline("name"):` kernels compiled inside use the
    named pipeline (this thread only; scopes nest)."""

    def __init__(self, name):
        _check(name)
        self.name = name

    def __enter__(self):
        stack = getattr(_state, "stack", None)
        if stack is None:
            stack = _state.stack = []
        stack.append(self.name)
        _publish()
        return self

    def __exit__(self, *exc):
        _state.stack.pop()
        _publish()
        return False


def selected(fn=None):
    if fn is not None and getattr(fn, "pipeline", None):
        return fn.pipeline
    stack = getattr(_state, "stack", None)
    if stack:
        return stack[-1]
    return _global[0] or "default"


pipeline = pipeline_scope
