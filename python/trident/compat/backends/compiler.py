"""`triton.backends.compiler` under trident.compat: GPUTarget (backend,
arch, warp_size), what `triton.runtime.driver.active.get_current_target()`
returns."""
from ...runtime._active import GPUTarget

__all__ = ["GPUTarget"]
