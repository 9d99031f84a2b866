"""Trident: a tile-level GPU kernel compiler with run-time plugins.

Kernels are Python functions in the language of `triton.language`:

    import trident
    import trident.language as tl

    @trident.jit
    def add(x, y, out, n, BLOCK: tl.constexpr):
        offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
        tl.store(out + offs, tl.load(x + offs, offs < n) +
                 tl.load(y + offs, offs < n), offs < n)

    add[(trident.cdiv(n, 1024),)](x, y, out, n, BLOCK=1024)

`trident.compile(fn, signature=..., constexprs=..., target=...)` compiles
ahead of time and returns every stage (Tile IR to cubin).
"""
from . import _native

_C = _native.load()

from ._core import (PluginError, TridentError, compile_mlir,  # noqa: E402
                    core_build_id, plugins, print_pipeline)
from ._errors import (CompilationError, KernelError, LaunchError,  # noqa: E402
                      OutOfResources, CompileTimeAssertionFailure,
                      PTXASError, UnsupportedLaunchOption,
                      KernelArgumentError, LaunchOptionError)
_C.set_error_types(KernelError, OutOfResources, KernelArgumentError)
# TRIDENT_PLUGIN_PATHS: loaded now, so that every kernel's cache key sees
# them (a bad path is an error here, naming it).
try:
    _C.load_env_plugins()
except _C.Error as _e:
    raise PluginError(str(_e)) from None
from . import language  # noqa: E402
from .knobs import knobs  # noqa: E402
from . import testing  # noqa: E402
from ._pipelines import (pipeline, pipeline_names,  # noqa: E402
                         pipeline_scope, set_pipeline)
from .compiler.compiler import CompiledKernel, compile  # noqa: E402
from .runtime.autotuner import Config, autotune, heuristics  # noqa: E402
from .runtime.jit import (JITFunction, constexpr_function,  # noqa: E402
                          jit, must_use_result)
from .runtime.tensor_wrapper import TensorWrapper, reinterpret  # noqa: E402
from ._errors import TritonError  # noqa: E402
# trident.runtime.driver.active: Triton's triton.runtime.driver.active.
from .runtime import driver as _driver  # noqa: E402,F401


def load_plugin(path):
    """Loads a plugin at any time (also after kernels were compiled): its
    passes and pipelines apply to later compiles, its DSL ops are callable
    from kernels as tl.extra.<name>.<op>."""
    from ._paths import checked_path
    path = checked_path(path, error=PluginError)
    try:
        _C.load_plugin(path)
    except _C.Error as e:
        raise PluginError(str(e)) from None
    language.extra._forget()


def set_allocator(allocator):
    """Sets the allocator of the global scratch memory that kernels which
    build TMA descriptors (tl.make_tensor_descriptor, on sm_90) need: 128
    bytes per descriptor per program, asked for at each such launch as
    `allocator(size, alignment, stream)`, which returns a tensor (or any
    object with data_ptr()) on the launch's device; None unsets it. As
    Triton's triton.set_allocator:

        trident.set_allocator(lambda size, align, stream: torch.empty(
            size, dtype=torch.int8, device="cuda"))
    """
    _C.set_allocator(allocator)


def cdiv(x, y):
    return (x + y - 1) // y


def next_power_of_2(n):
    n = int(n)
    if n <= 1:
        return 1
    return 1 << (n - 1).bit_length()


__all__ = ["CompilationError", "CompiledKernel", "KernelError", "Config", "JITFunction",
           "KernelArgumentError", "LaunchError", "LaunchOptionError",
           "OutOfResources", "CompileTimeAssertionFailure",
           "PTXASError", "PluginError", "TensorWrapper", "TridentError", "TritonError", "UnsupportedLaunchOption",
           "autotune", "cdiv", "compile", "compile_mlir", "core_build_id",
           "heuristics", "jit", "knobs", "testing", "language", "load_plugin", "next_power_of_2", "pipeline", "pipeline_names", "print_pipeline",
           "pipeline_scope", "plugins", "reinterpret", "set_allocator",
           "set_pipeline"]


# TRIDENT_AS_TRITON=1: `import triton` gives Trident (trident.compat).
if knobs.as_triton:
    from . import compat as _compat
    _compat.install()
