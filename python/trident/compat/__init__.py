"""`import triton` for code that cannot be edited: after

    import trident.compat
    trident.compat.install()

(or with TRIDENT_AS_TRITON=1 at `import trident`, or running a program as
`python -m trident.compat program.py ARGS` / `python -m trident.compat -m
module ARGS`), `import triton` and the `triton.*` modules that kernel
libraries use are Trident's: `triton.language is trident.language`,
`triton.runtime is trident.runtime`, `triton.jit is trident.jit`, and so on
(the table _MODULES below). The top-level `triton` module is
trident.compat.triton, which holds the names of Triton's own top level
that Trident has; `triton.__version__` is the Triton release whose surface
this follows (TRITON_VERSION).

A Triton name that Trident does not have is an error that names it, never
a stand-in: `triton.foo` and `triton.language.foo` raise AttributeError,
`from triton.language import foo` ImportError, `import triton.foo`
ModuleNotFoundError, each saying that Trident does not provide
`triton.foo`. With a real Triton already imported, install() refuses.
uninstall() undoes install() (for tests).

The aliasing is a meta-path finder: a `triton...` module name is looked up
in _MODULES and the Trident module it names is returned as it is (the same
object, its `__spec__` left as Trident's). docs/triton-compat.md.
"""
import importlib
import importlib.util
import opcode
import sys

TRITON_VERSION = "3.6.0"

# triton module -> the Trident module it is. `triton.language.extra.<name>`
# is `trident.language.extra.<name>` for any name (libdevice, cuda, a
# plugin's extension).
_MODULES = {
    "triton": "trident.compat.triton",
    "triton.language": "trident.language",
    "triton.language.core": "trident.language.core",
    "triton.language.math": "trident.language.math",
    "triton.language.standard": "trident.language.standard",
    "triton.language.random": "trident.language.random",
    "triton.language.extra": "trident.language.extra",
    "triton.runtime": "trident.runtime",
    "triton.runtime.jit": "trident.runtime.jit",
    "triton.runtime.autotuner": "trident.runtime.autotuner",
    "triton.runtime.driver": "trident.runtime.driver",
    "triton.compiler": "trident.compiler",
    "triton.compiler.compiler": "trident.compiler.compiler",
    "triton.compiler.errors": "trident.compiler.errors",
    "triton.testing": "trident.testing",
    "triton.tools": "trident.tools",
    "triton.tools.tensor_descriptor": "trident.tools.tensor_descriptor",
    "triton.backends": "trident.compat.backends",
    "triton.backends.compiler": "trident.compat.backends.compiler",
}
_EXTRA = "triton.language.extra."


class MissingTritonAttribute(AttributeError):
    """`triton.x.name` where Trident has no such name."""


class MissingTritonName(ImportError):
    """`from triton.x import name` where Trident has no such name."""


def _not_provided(what):
    return ("%s: Trident does not provide this part of Triton %s's API "
            "(`import triton` gives Trident through trident.compat; "
            "docs/triton-compat.md)" % (what, TRITON_VERSION))


def _target_of(fullname):
    if fullname in _MODULES:
        return _MODULES[fullname]
    if fullname.startswith(_EXTRA) and fullname.count(".") >= 3:
        return "trident" + fullname[len("triton"):]
    return None


_IMPORT_FROM = opcode.opmap["IMPORT_FROM"]


def _in_from_import(frame):
    """Whether `frame` is executing `from module import name`."""
    if frame is None:
        return False
    code, i = frame.f_code.co_code, frame.f_lasti
    return 0 <= i < len(code) and code[i] == _IMPORT_FROM


def _missing(module_name, name, frame=None):
    """The error for `module_name.name` that Trident does not have: an
    ImportError inside `from module_name import name` (`frame` executing
    it), else an AttributeError (so that hasattr() and getattr() with a
    default work)."""
    what = "%s.%s" % (module_name, name)
    if _in_from_import(frame):
        return MissingTritonName(
            "cannot import name %r from %r: %s" % (name, module_name,
                                                    _not_provided(what)),
            name=module_name)
    return MissingTritonAttribute(_not_provided(what))


# Trident modules given out as triton ones: name -> (module, its own
# __getattr__ or None, the triton name its errors use).
_ALIASED = {}
# triton name -> module, as the finder gave it out.
_GIVEN = {}


def _hook_missing(module, triton_name):
    """Makes a missing attribute of `module` an error that names it as
    `triton_name.<attr>` (after the module's own __getattr__, if any, found
    nothing)."""
    if module.__name__ in _ALIASED:
        return
    own = module.__dict__.get("__getattr__")

    def __getattr__(name):
        if own is not None:
            try:
                return own(name)
            except AttributeError:
                if name.startswith("__"):
                    raise
        if name.startswith("__") and name.endswith("__"):
            raise AttributeError("module %r has no attribute %r" %
                                 (module.__name__, name))
        raise _missing(triton_name, name, sys._getframe(1))

    module.__getattr__ = __getattr__
    _ALIASED[module.__name__] = (module, own, triton_name)


class _Loader:
    """Gives out the Trident module a triton name stands for (spec's
    loader_state), as it is."""

    def create_module(self, spec):
        module = spec.loader_state
        self._name = spec.name
        self._spec = getattr(module, "__spec__", None)
        return module

    def exec_module(self, module):
        # importlib set module.__spec__ to the triton spec; Trident's own
        # stays (relative imports and reloads go by it).
        module.__spec__ = self._spec
        _hook_missing(module, self._name)
        _GIVEN[self._name] = module


class _Finder:
    """sys.meta_path's first entry while installed: every `triton` and
    `triton.*` name is answered here (a Trident module, or a
    ModuleNotFoundError naming what Trident does not provide), so that no
    real Triton on sys.path is ever imported alongside."""

    def find_spec(self, fullname, path=None, target=None):
        if fullname != "triton" and not fullname.startswith("triton."):
            return None
        target_name = _target_of(fullname)
        if target_name is None:
            raise ModuleNotFoundError(_not_provided(fullname), name=fullname)
        module = importlib.import_module(target_name)
        spec = importlib.util.spec_from_loader(
            fullname, _Loader(), is_package=hasattr(module, "__path__"))
        spec.loader_state = module
        return spec


_FINDER = _Finder()


def installed():
    """Whether `import triton` gives Trident now."""
    return _FINDER in sys.meta_path


def _foreign_triton():
    """The name of an imported triton module that is not Trident's."""
    for name, module in list(sys.modules.items()):
        if (name == "triton" or name.startswith("triton.")) and \
                module is not None and _GIVEN.get(name) is not module:
            return name
    return None


def install():
    """Makes `import triton` (and its submodules) give Trident's modules,
    for code that cannot be edited; returns the `triton` module. Refuses
    (ImportError) when a real Triton is imported already. Safe to call
    again."""
    foreign = _foreign_triton()
    if foreign is not None:
        where = getattr(sys.modules[foreign], "__file__", None) or "?"
        raise ImportError(
            "trident.compat.install(): a Triton that is not Trident is "
            "imported already (sys.modules[%r] from %s); `import triton` "
            "cannot be Trident in this process. Install the alias before "
            "anything imports triton (TRIDENT_AS_TRITON=1 with `import "
            "trident` first, or `python -m trident.compat program.py`)" %
            (foreign, where), name="triton")
    if not installed():
        sys.meta_path.insert(0, _FINDER)
    # The modules reachable as attributes already (triton.language,
    # triton.runtime, ...) are given out now, so that their missing names
    # are reported as triton ones however they are reached.
    for name, target in _MODULES.items():
        if target in sys.modules or name == "triton":
            importlib.import_module(name)
    return sys.modules["triton"]


def uninstall():
    """Undoes install(): `import triton` finds what it found before (a
    real Triton, or nothing), the `triton` modules given out are forgotten
    and Trident's modules lose their triton error messages."""
    while _FINDER in sys.meta_path:
        sys.meta_path.remove(_FINDER)
    for name, module in list(_GIVEN.items()):
        if sys.modules.get(name) is module:
            del sys.modules[name]
    _GIVEN.clear()
    for module, own, _ in _ALIASED.values():
        if own is None:
            module.__dict__.pop("__getattr__", None)
        else:
            module.__getattr__ = own
    _ALIASED.clear()


__all__ = ["TRITON_VERSION", "MissingTritonAttribute", "MissingTritonName",
           "install", "installed", "uninstall"]
