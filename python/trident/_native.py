"""Loads the `trident._C` extension (the C++ core's Python binding).

The extension, `_C.abi3.so`, is built on CPython's limited API, so one file
serves Python 3.11 and 3.12. It is found next to this package (an
install), in TRIDENT_LIBRARY's directory, or in the source tree's
build/lib; it links libTridentCore.so from its own directory.
"""
import importlib.machinery
import importlib.util
import os
import sys

_NAME = "_C.abi3.so"


def _candidates():
    here = os.path.dirname(os.path.abspath(__file__))
    yield os.path.join(here, _NAME)
    yield os.path.join(here, "_lib", _NAME)
    lib = os.environ.get("TRIDENT_LIBRARY")
    if lib:
        yield os.path.join(os.path.dirname(lib), _NAME)
    root = os.path.dirname(os.path.dirname(here))
    yield os.path.join(root, "build", "lib", _NAME)


def load():
    tried = []
    for path in _candidates():
        if not os.path.exists(path):
            tried.append(path)
            continue
        loader = importlib.machinery.ExtensionFileLoader("trident._C", path)
        spec = importlib.util.spec_from_file_location("trident._C", path,
                                                      loader=loader)
        module = importlib.util.module_from_spec(spec)
        loader.exec_module(module)
        sys.modules["trident._C"] = module
        return module
    raise ImportError("trident: the compiled extension %s was not found "
                      "(tried: %s); build the project (scripts/build.sh) or "
                      "set TRIDENT_LIBRARY to build/lib/libTridentCore.so"
                      % (_NAME, ", ".join(tried)))
