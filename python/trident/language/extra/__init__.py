"""`tl.extra.<name>`: language extensions.

`tl.extra.cuda` is built in. Any other name is a plugin's: once a plugin
that defines DSL ops `<name>.<op>` is loaded (TRIDENT_PLUGIN_PATHS, or
trident.load_plugin(path) at any time), `tl.extra.<name>.<op>(...)` emits
the op from a kernel. A plugin may also ship a Python module
(`<plugin dir>/python/<name>/__init__.py` or `<name>.py`), which is
imported instead and builds its ops through
`trident.language.core.dsl_op` or the active semantic's builder.
"""
import importlib.util
import os
import sys
import types

from ..._errors import TridentUserError

_modules = {}


def _plugin_ops(prefix):
    from ... import _C
    return [op for op in _C.dsl_ops() if op[0].startswith(prefix + ".")]


def _python_module(name):
    from ... import _C
    for pname, _version, path, _key in _C.plugins():
        base = os.path.join(os.path.dirname(path), "python")
        for candidate in (os.path.join(base, name, "__init__.py"),
                          os.path.join(base, name + ".py")):
            if os.path.isfile(candidate):
                full = __name__ + "." + name
                spec = importlib.util.spec_from_file_location(
                    full, candidate,
                    submodule_search_locations=(
                        [os.path.dirname(candidate)]
                        if candidate.endswith("__init__.py") else None))
                module = importlib.util.module_from_spec(spec)
                sys.modules[full] = module
                spec.loader.exec_module(module)
                return module
    return None


def _make_op(full_name, signature, description, plugin):
    from .. import core
    n_results = 1
    if "->" in signature:
        ret = signature.split("->", 1)[1].strip()
        if ret in ("()", "", "none", "None"):
            n_results = 0
        elif ret.startswith("("):
            n_results = len([r for r in ret.strip("()").split(",")
                             if r.strip()])

    def op(*args):
        return core.dsl_op(full_name, *args, num_results=n_results)

    op.__name__ = full_name.split(".", 1)[1]
    op.__doc__ = "%s %s (plugin '%s'): %s" % (full_name, signature, plugin,
                                              description)
    op.__trident_builtin__ = True
    return op


def _not_loaded(name):
    return ("tl.extra.%s: no loaded plugin provides '%s'; load the plugin "
            "'%s' first (trident.load_plugin('/path/to/its.so'), or list it "
            "in TRIDENT_PLUGIN_PATHS)" % (name, name, name))


def __getattr__(name):
    if name.startswith("__"):
        raise AttributeError(name)
    if name in _modules:
        return _modules[name]
    if name in ("cuda", "libdevice"):
        # Built in: `tl.extra.cuda.libdevice`, and Triton's target-neutral
        # spelling `tl.extra.libdevice`.
        cuda = importlib.import_module(__name__ + ".cuda")
        return cuda if name == "cuda" else cuda.libdevice
    module = sys.modules.get(__name__ + "." + name) or _python_module(name)
    ops = _plugin_ops(name)
    if module is None and not ops:
        raise TridentUserError(_not_loaded(name))
    if module is None:
        module = types.ModuleType(__name__ + "." + name)
        module.__doc__ = "DSL ops of a plugin: " + ", ".join(
            op[0] for op in ops)
    for full, sig, desc, plugin in ops:
        short = full.split(".", 1)[1]
        if not hasattr(module, short):
            setattr(module, short, _make_op(full, sig, desc, plugin))
    _modules[name] = module
    return module


def _forget():
    """Called after a plugin loads: names are looked up again."""
    _modules.clear()


class _PluginModuleFinder:
    """Makes `import trident.language.extra.<name> as x` (and `from
    trident.language.extra import <name>`) find a loaded plugin's module,
    as kernels import a language extension. Without such a plugin the
    import fails with an ImportError that says which plugin to load. (A finder and
    loader by protocol: importlib.abc would pull tempfile into every
    `import trident`.)"""

    _here = os.path.dirname(os.path.abspath(__file__))

    def find_spec(self, fullname, path=None, target=None):
        prefix = __name__ + "."
        if not fullname.startswith(prefix):
            return None
        name = fullname[len(prefix):]
        if "." in name or name.startswith("_"):
            return None
        if (os.path.isdir(os.path.join(self._here, name)) or
                os.path.isfile(os.path.join(self._here, name + ".py"))):
            return None  # a module of this package (cuda)
        return importlib.util.spec_from_loader(fullname, self)

    def create_module(self, spec):
        name = spec.name.rsplit(".", 1)[1]
        try:
            module = getattr(sys.modules[__name__], name)
        except TridentUserError as e:
            raise ModuleNotFoundError(str(e), name=spec.name) from None
        return module

    def exec_module(self, module):
        pass  # built (or imported from the plugin's folder) already


if not any(isinstance(f, _PluginModuleFinder) for f in sys.meta_path):
    sys.meta_path.insert(0, _PluginModuleFinder())
