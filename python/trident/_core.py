"""ctypes binding to libTridentCore.so's C API (include/trident-c/Trident.h).

ctypes needs no extension module built per Python version, so the same core
library serves Python 3.11 and 3.12. The library is found through
TRIDENT_LIBRARY, else next to the package (an install), else in the source
tree's build/lib.
"""
import os
import threading

_lock = threading.Lock()
_lib = None


class TridentError(RuntimeError):
    """An error reported by the Trident core."""


class PluginError(TridentError):
    """A plugin failed to load; the message reads '<path>: <reason>'."""


def _candidates():
    env = os.environ.get("TRIDENT_LIBRARY")
    if env:
        yield env
    here = os.path.dirname(os.path.abspath(__file__))
    yield os.path.join(here, "_lib", "libTridentCore.so")
    root = os.path.dirname(os.path.dirname(here))
    yield os.path.join(root, "build", "lib", "libTridentCore.so")


def _load():
    # ctypes is imported with the C API, not at `import trident` (every
    # function here calls _load first).
    global _lib, ctypes
    import ctypes
    with _lock:
        if _lib is not None:
            return _lib
        tried = []
        for path in _candidates():
            if os.path.exists(path):
                lib = ctypes.CDLL(path)
                break
            tried.append(path)
        else:
            raise TridentError("libTridentCore.so not found (tried: %s); set "
                               "TRIDENT_LIBRARY" % ", ".join(tried))
        c_char_pp = ctypes.POINTER(ctypes.c_void_p)
        lib.tridentCoreBuildId.restype = ctypes.c_char_p
        lib.tridentLoadPlugin.argtypes = [ctypes.c_char_p, c_char_pp]
        lib.tridentLoadPluginsFromEnvironment.argtypes = [c_char_pp]
        lib.tridentListPlugins.restype = ctypes.c_void_p
        lib.tridentPrintPipeline.argtypes = [ctypes.c_char_p, ctypes.c_char_p,
                                             c_char_pp, c_char_pp]
        lib.tridentCompile.argtypes = [ctypes.c_char_p] * 5 + [c_char_pp, c_char_pp]
        lib.tridentFree.argtypes = [ctypes.c_void_p]
        _lib = lib
    # Plugins named by TRIDENT_PLUGIN_PATHS load at first use.
    _call(lib.tridentLoadPluginsFromEnvironment, PluginError)
    return lib


def _take(lib, ptr):
    if not ptr:
        return ""
    try:
        return ctypes.string_at(ptr).decode()
    finally:
        lib.tridentFree(ptr)


def _call(fn, error_type, *args):
    """Calls a C API function whose last argument is `char **error`."""
    lib = _lib
    err = ctypes.c_void_p()
    rc = fn(*args, ctypes.byref(err))
    if rc != 0:
        raise error_type(_take(lib, err.value))


def _bytes(s):
    return s.encode() if isinstance(s, str) else s


def core_build_id():
    return _load().tridentCoreBuildId().decode()


def load_plugin(path):
    """Loads a plugin at any time. Loading the same file twice is a no-op."""
    from ._paths import checked_path
    path = checked_path(path, error=PluginError)
    lib = _load()
    _call(lib.tridentLoadPlugin, PluginError, os.fsencode(path))


def plugins():
    """The loaded plugins as (name, version, path) tuples."""
    lib = _load()
    text = _take(lib, lib.tridentListPlugins())
    return [tuple(line.split(" ", 2)) for line in text.splitlines()]


def print_pipeline(target="cuda:90a", name="default"):
    """The printed pipeline of a target, with each plugin edit marked."""
    lib = _load()
    out = ctypes.c_void_p()
    _call(lib.tridentPrintPipeline, TridentError, _bytes(target), _bytes(name),
          ctypes.byref(out))
    return _take(lib, out.value)


def compile_mlir(source, target="cuda:90a", pipeline="default", until_stage="",
                 name="<source>"):
    """Runs MLIR text through a pipeline and returns the resulting IR."""
    lib = _load()
    out = ctypes.c_void_p()
    _call(lib.tridentCompile, TridentError, _bytes(source), _bytes(name),
          _bytes(target), _bytes(pipeline), _bytes(until_stage),
          ctypes.byref(out))
    return _take(lib, out.value)
