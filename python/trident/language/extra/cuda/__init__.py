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


def _special_register(name, asm, constraint, dtype):
    sem = _sem("tl.extra.cuda.%s" % name)
    target = str(sem.target)
    if not target.startswith("cuda"):
        from ...semantic import _err
        _err("tl.extra.cuda.%s() reads a CUDA special register; "
             "the kernel is compiled for %s", name, target)
    # Not pure: every call reads the register anew (two reads of the timer
    # stay two).
    return sem.inline_asm(asm, constraint, [], dtype, False, 1)


@builtin
def globaltimer():
    """The GPU's global timer in nanoseconds (PTX %globaltimer), int64."""
    from ... import core
    return _special_register("globaltimer", "mov.u64 $0, %globaltimer;",
                             "=l", core.int64)


@builtin
def smid():
    """The multiprocessor the program runs on (PTX %smid), int32."""
    from ... import core
    return _special_register("smid", "mov.u32 $0, %smid;", "=r", core.int32)
