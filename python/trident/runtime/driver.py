"""Kernel arguments and launches.

Arguments may be numpy arrays, torch tensors, or any object with
`data_ptr()` and a `dtype`, or with `__array_interface__` (host memory);
Python ints, floats and bools; None and other constants (constexprs).
On the CPU target the launch runs the JIT-loaded kernel over the grid on a
thread pool (`trident._C.CpuKernel.launch`).
"""
import os

from .._errors import KernelError, TridentUserError
from ..language import core as tl

_NUMPY_DTYPES = {
    "bool": tl.int1, "int8": tl.int8, "int16": tl.int16, "int32": tl.int32,
    "int64": tl.int64, "uint8": tl.uint8, "uint16": tl.uint16,
    "uint32": tl.uint32, "uint64": tl.uint64, "float16": tl.float16,
    "float32": tl.float32, "float64": tl.float64, "bfloat16": tl.bfloat16,
    "float8_e4m3fn": tl.float8e4nv, "float8_e5m2": tl.float8e5,
}
_TORCH_DTYPES = {"torch." + k: v for k, v in _NUMPY_DTYPES.items()}
_TYPESTR = {"|b1": tl.int1, "|i1": tl.int8, "<i2": tl.int16, "<i4": tl.int32,
            "<i8": tl.int64, "|u1": tl.uint8, "<u2": tl.uint16,
            "<u4": tl.uint32, "<u8": tl.uint64, "<f2": tl.float16,
            "<f4": tl.float32, "<f8": tl.float64}


def active_target():
    """TRIDENT_TARGET if set, else the CPU (the GPU runtime comes with the
    runtime issue)."""
    return os.environ.get("TRIDENT_TARGET") or "cpu"


def _pointer_of(v, name):
    """(address, element dtype) of an array-like argument, or None."""
    if hasattr(v, "data_ptr") and hasattr(v, "dtype"):
        dt = _TORCH_DTYPES.get(str(v.dtype)) or _NUMPY_DTYPES.get(
            str(v.dtype))
        if dt is None:
            raise TridentUserError("argument '%s': unsupported tensor dtype "
                                   "%s" % (name, v.dtype))
        device = getattr(v, "device", None)
        if device is not None and getattr(device, "type", "cpu") != "cpu" \
                and active_target().startswith("cpu"):
            raise TridentUserError(
                "argument '%s' is on device %s but the kernel runs on the "
                "CPU target" % (name, device))
        return int(v.data_ptr()), dt
    iface = getattr(v, "__array_interface__", None)
    if iface is not None:
        dt = _NUMPY_DTYPES.get(str(getattr(v, "dtype", ""))) or \
            _TYPESTR.get(iface.get("typestr"))
        if dt is None:
            raise TridentUserError("argument '%s': unsupported array dtype "
                                   "%s" % (name, iface.get("typestr")))
        return int(iface["data"][0]), dt
    return None


def classify(v, name):
    """(kind, type, divisible_by_16, equals_one) of one argument."""
    if isinstance(v, tl.constexpr):
        return "constexpr", None, False, False
    if isinstance(v, bool):
        return "scalar", tl.int1, False, False
    if isinstance(v, int):
        # Triton's rule for arguments: i32, else u64 in [2^63, 2^64),
        # else i64 (never u32, unlike a constant in the kernel).
        ty = tl.int_dtype_for(v)
        if ty is tl.uint32:
            ty = tl.int64
        if ty is None:
            raise TridentUserError("argument '%s': integer %d does not fit in "
                                   "64 bits" % (name, v))
        return "scalar", ty, v % 16 == 0, v == 1
    if isinstance(v, float):
        return "scalar", tl.float32, False, False
    ptr = _pointer_of(v, name)
    if ptr is not None:
        addr, dt = ptr
        return "pointer", tl.pointer_type(dt), addr % 16 == 0, False
    if v is None or isinstance(v, (str, tl.dtype)):
        return "constexpr", None, False, False
    raise TridentUserError(
        "argument '%s': cannot pass a %s to a kernel (expected an array or "
        "tensor, an int, a float or a bool)" % (name, type(v).__name__))


_KIND_LETTER = {"ptr": "p", "i1": "b", "i8": "c", "i16": "h", "i32": "i",
                "i64": "l", "f32": "f", "f64": "d"}


def _normalize_grid(grid):
    if isinstance(grid, int):
        grid = (grid,)
    try:
        grid = tuple(int(g) for g in grid)
    except TypeError:
        raise TridentUserError("the grid must be a tuple of up to 3 ints or a "
                               "function of the meta-parameters returning "
                               "one, got %r" % (grid,)) from None
    if not 1 <= len(grid) <= 3:
        raise TridentUserError("the grid must have 1 to 3 dimensions, got %r"
                               % (grid,))
    for g in grid:
        if g < 0 or g >= 2 ** 31:
            raise TridentUserError("grid dimensions must be in [0, 2^31), got"
                                   " %r" % (grid,))
    return grid + (1,) * (3 - len(grid))


def launch(kernel, grid, args):
    gx, gy, gz = _normalize_grid(grid)
    if gx * gy * gz == 0:
        return
    if not kernel.target.startswith("cpu"):
        raise TridentUserError(
            "launching on %s needs the GPU runtime, which this build does not"
            " have yet; set TRIDENT_TARGET=cpu to run on the CPU, or use "
            "trident.compile() for the cubin" % kernel.target)
    values = []
    spec = kernel.metadata.get("_spec")
    if spec is None:
        kinds = kernel.metadata.get("args", [])
        spec = "".join(_KIND_LETTER.get(k, "?") for k in kinds)
        kernel.metadata["_spec"] = spec
    for (name, ty), v in zip(kernel.arg_kinds, args):
        if ty.is_ptr():
            ptr = _pointer_of(v, name)
            values.append(ptr[0])
        elif ty.is_floating():
            values.append(float(v))
        else:
            values.append(int(v))
    if "?" in spec:
        raise TridentUserError("kernel %s has an argument kind the CPU "
                               "launcher does not support (%s)" %
                               (kernel.name, kernel.metadata.get("args")))
    threads = int(os.environ.get("TRIDENT_CPU_THREADS", "0"))
    from .. import _C
    try:
        kernel.cpu_kernel().launch(spec, tuple(values), gx, gy, gz, threads)
    except _C.Error as e:
        raise KernelError(str(e)) from None
