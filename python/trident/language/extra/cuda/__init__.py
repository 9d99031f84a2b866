"""CUDA-specific extras of the language."""
from . import libdevice  # noqa: F401
from ...core import builtin, constexpr, _sem


@builtin
def num_warps():
    """The warps of a program, as the kernel is compiled (its num_warps
    launch option), a constexpr."""
    return constexpr(_sem().num_warps)


@builtin
def num_threads():
    """The threads of a program: num_warps() * 32, a constexpr."""
    return constexpr(_sem().num_warps * 32)
