"""The host side of kernels: `jit` (JITFunction), `autotuner` (Config,
Autotuner, Heuristics), `driver` (launches; `driver.active`, Triton's
`triton.runtime.driver.active`) and the disk `cache`.

The names Triton's `triton.runtime` exports are here too, loaded when first
asked for (`trident.runtime.JITFunction`, `trident.runtime.Autotuner`, ...).
"""

# name -> the submodule that defines it (imported on first use, so that
# importing this package imports nothing else).
_EXPORTS = {
    "JITFunction": "jit", "jit": "jit",
    "Autotuner": "autotuner", "Config": "autotuner",
    "Heuristics": "autotuner", "KernelInterface": "autotuner",
    "autotune": "autotuner", "heuristics": "autotuner",
    "TensorWrapper": "tensor_wrapper", "reinterpret": "tensor_wrapper",
    "OutOfResources": None,
}


def __getattr__(name):
    if name not in _EXPORTS:
        raise AttributeError("module %r has no attribute %r" %
                             (__name__, name))
    import importlib
    if _EXPORTS[name] is None:
        from .._errors import OutOfResources
        return OutOfResources
    module = importlib.import_module(__name__ + "." + _EXPORTS[name])
    return getattr(module, name)


def __dir__():
    return sorted(set(globals()) | set(_EXPORTS))
