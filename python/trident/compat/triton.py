"""The `triton` module under trident.compat (`import triton` after
trident.compat.install()): the names of Triton's top level that Trident
has, as Trident's objects. A name of Triton's that is not here is an error
naming it (trident.compat)."""
from . import TRITON_VERSION
from .. import (CompilationError, Config, JITFunction, OutOfResources,
                autotune, cdiv, compile, heuristics, jit, language,
                next_power_of_2, runtime, set_allocator, testing, tools)
from .._errors import TritonError
from ..runtime.autotuner import KernelInterface
from ..runtime.tensor_wrapper import TensorWrapper, reinterpret

__version__ = TRITON_VERSION
# A package, so that `import triton.language` is looked up (by
# trident.compat's finder, which answers every triton.* name).
__path__ = []

__all__ = ["CompilationError", "Config", "JITFunction", "KernelInterface",
           "OutOfResources", "TensorWrapper", "TritonError", "autotune",
           "cdiv", "compile", "heuristics", "jit", "language",
           "next_power_of_2", "reinterpret", "runtime", "set_allocator",
           "testing", "tools"]
