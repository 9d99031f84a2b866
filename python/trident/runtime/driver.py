"""Kernel arguments and launches.

Arguments may be numpy arrays, torch tensors, or any object with
`data_ptr()` and a `dtype`, or with `__array_interface__` (host memory);
Python ints, floats and bools; None and other constants (constexprs).
On the CPU target the launch runs the JIT-loaded kernel over the grid on a
thread pool (`trident._C.CpuKernel.launch`).
"""
import numbers
import operator
import os
import sys

from .._errors import KernelError, TridentUserError
from ..language import core as tl

_NUMPY_DTYPES = {
    "bool": tl.int1, "int8": tl.int8, "int16": tl.int16, "int32": tl.int32,
    "int64": tl.int64, "uint8": tl.uint8, "uint16": tl.uint16,
    "uint32": tl.uint32, "uint64": tl.uint64, "float16": tl.float16,
    "float32": tl.float32, "float64": tl.float64, "bfloat16": tl.bfloat16,
    "float8_e4m3fn": tl.float8e4nv, "float8_e5m2": tl.float8e5,
    "float8_e4m3fnuz": tl.float8e4b8, "float8_e5m2fnuz": tl.float8e5b16,
}
_TORCH_DTYPES = {"torch." + k: v for k, v in _NUMPY_DTYPES.items()}
_TYPESTR = {"|b1": tl.int1, "|i1": tl.int8, "<i2": tl.int16, "<i4": tl.int32,
            "<i8": tl.int64, "|u1": tl.uint8, "<u2": tl.uint16,
            "<u4": tl.uint32, "<u8": tl.uint64, "<f2": tl.float16,
            "<f4": tl.float32, "<f8": tl.float64}


_DEVICE = []


def cuda_device():
    """(major, minor, name, SM count) of the GPU launches use, or None
    without one (no driver, no device). Asked once per process."""
    if not _DEVICE:
        from .. import _C
        _DEVICE.append(_C.cuda_device())
    return _DEVICE[0]


def default_gpu_target():
    """cuda:<arch> of this machine's GPU ("cuda:90a" on Hopper, whose
    wgmma/TMA need the architecture-specific target), or None."""
    dev = cuda_device()
    if dev is None:
        return None
    major, minor = dev[0], dev[1]
    return "cuda:%d%d%s" % (major, minor, "a" if major >= 9 else "")


def active_target():
    """TRIDENT_TARGET if set, else this machine's GPU, else the CPU."""
    return (os.environ.get("TRIDENT_TARGET") or default_gpu_target() or
            "cpu")


# The fast launch path (trident._C.Dispatcher) asks these once per Python
# type and per dtype object.
_KIND_POINTER, _KIND_SLOW, _KIND_CONST = 1, 2, 3
_DTYPE_CODES = {}


_KIND_DESCRIPTOR = 4


def _descriptor_class():
    """TensorDescriptor if its module was imported (else no argument can be
    one, and the launch path need not import it)."""
    module = sys.modules.get("trident.tools.tensor_descriptor")
    return module.TensorDescriptor if module is not None else None


def type_kind(t):
    """How the C++ launcher treats values of type `t`: as tensors (data_ptr
    or an array interface, and a dtype), only through Python (numpy scalars,
    int and float subclasses), or as compile-time constants (the value is
    part of the key: str, tl.dtype, tl.constexpr, functions, ...)."""
    descriptor = _descriptor_class()
    if descriptor is not None and issubclass(t, descriptor):
        return _KIND_DESCRIPTOR
    np = sys.modules.get("numpy")
    if np is not None and issubclass(t, np.generic):
        return _KIND_SLOW
    if issubclass(t, (int, float)):
        return _KIND_SLOW
    if hasattr(t, "data_ptr") or hasattr(t, "__cuda_array_interface__") or \
            (np is not None and issubclass(t, np.ndarray)):
        # (a value without a dtype takes the slow path, which says so)
        return _KIND_POINTER
    if hasattr(t, "__array_interface__") or hasattr(t, "__dlpack__"):
        return _KIND_SLOW  # (DLPack-only objects: through Python)
    return _KIND_CONST


def _element_type(dtype):
    """The kernel element type of a tensor's `dtype` (torch's, numpy's, or
    a trident.language dtype: trident.reinterpret's tensors), or None."""
    if isinstance(dtype, tl.dtype):
        return None if dtype.is_ptr() or dtype.name == "void" else dtype
    return _TORCH_DTYPES.get(str(dtype)) or _NUMPY_DTYPES.get(str(dtype))


def dtype_code(dtype):
    """A small int per element type a tensor's `dtype` names; -1 when it is
    not one kernels take (Python's slow path then says so)."""
    ty = _element_type(dtype)
    if ty is None:
        return -1
    return _DTYPE_CODES.setdefault(ty.name, len(_DTYPE_CODES))


def _torch_stream():
    """Launches go to torch's current stream once torch has CUDA."""
    torch = sys.modules.get("torch")
    if torch is None or _TORCH_STREAM:
        return
    try:
        ok = torch.cuda.is_available()
    except Exception:  # a torch without CUDA support
        ok = False
    if ok:
        from .. import _C
        _C.set_torch_stream(torch._C._cuda_getCurrentRawStream,
                            torch._C._cuda_getDevice)
        _TORCH_STREAM.append(True)


_TORCH_STREAM = []


def _pointer_of(v, name):
    """(address, element dtype) of an array-like argument, or None."""
    if hasattr(v, "data_ptr") and hasattr(v, "dtype"):
        dt = _element_type(v.dtype)
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
    if hasattr(v, "__dlpack__") and not hasattr(v, "__array_interface__"):
        return _dlpack_pointer(v, name)
    iface = getattr(v, "__array_interface__", None)
    if iface is not None:
        dt = _NUMPY_DTYPES.get(str(getattr(v, "dtype", ""))) or \
            _TYPESTR.get(iface.get("typestr"))
        if dt is None:
            raise TridentUserError("argument '%s': unsupported array dtype "
                                   "%s" % (name, iface.get("typestr")))
        return int(iface["data"][0]), dt
    return None


# DLPack's type codes (dlpack.h): int, uint, float, bfloat, bool.
_DLPACK_TYPES = {(0, 8): tl.int8, (0, 16): tl.int16, (0, 32): tl.int32,
                 (0, 64): tl.int64, (1, 8): tl.uint8, (1, 16): tl.uint16,
                 (1, 32): tl.uint32, (1, 64): tl.uint64, (2, 16): tl.float16,
                 (2, 32): tl.float32, (2, 64): tl.float64,
                 (4, 16): tl.bfloat16, (6, 8): tl.int1}
_DLPACK_CPU, _DLPACK_CUDA = 1, 2


def _dlpack_pointer(v, name):
    """(address, dtype) of an object that only speaks DLPack: the
    DLTensor of its `__dlpack__()` capsule (the capsule is dropped after, so
    the producer's memory stays the producer's)."""
    import ctypes

    class DLTensor(ctypes.Structure):
        _fields_ = [("data", ctypes.c_void_p), ("device_type", ctypes.c_int32),
                    ("device_id", ctypes.c_int32), ("ndim", ctypes.c_int32),
                    ("code", ctypes.c_uint8), ("bits", ctypes.c_uint8),
                    ("lanes", ctypes.c_uint16), ("shape", ctypes.c_void_p),
                    ("strides", ctypes.c_void_p),
                    ("byte_offset", ctypes.c_uint64)]
    capsule = v.__dlpack__()
    get = ctypes.pythonapi.PyCapsule_GetPointer
    get.restype = ctypes.c_void_p
    get.argtypes = [ctypes.py_object, ctypes.c_char_p]
    t = DLTensor.from_address(get(capsule, b"dltensor"))
    dt = _DLPACK_TYPES.get((t.code, t.bits))
    if dt is None or t.lanes != 1:
        raise TridentUserError("argument '%s': unsupported DLPack dtype (code "
                               "%d, %d bits, %d lanes)" % (name, t.code,
                                                            t.bits, t.lanes))
    on_gpu = t.device_type != _DLPACK_CPU
    if on_gpu == active_target().startswith("cpu"):
        raise TridentUserError(
            "argument '%s' is on DLPack device %d but the kernel runs on %s"
            % (name, t.device_type, active_target()))
    return int(t.data or 0) + int(t.byte_offset), dt


def _descriptor_type(v, name):
    """The kernel type of a host TensorDescriptor argument."""
    from ..language.semantic import tensor_descriptor_type
    ptr = _pointer_of(v.base, name)
    if ptr is None:
        raise TridentUserError("argument '%s': the descriptor's base must be a "
                               "tensor, got %s" % (name,
                                                   type(v.base).__name__))
    return tensor_descriptor_type(tl.block_type(ptr[1], list(v.block_shape)))


def _is_jit_function(x):
    from .jit import JITFunction
    return isinstance(x, JITFunction)


def _non_constant_leaf(v):
    """The first element of tuple `v` (nested tuples searched) that is not
    a compile-time value, or None."""
    for x in v:
        if isinstance(x, tuple):
            bad = _non_constant_leaf(x)
            if bad is not None:
                return bad
        elif not (x is None or _is_jit_function(x) or isinstance(
                x, (int, float, str, tl.dtype, tl.constexpr))):
            return x
    return None


def classify(v, name):
    """(kind, type, divisible_by_16, equals_one) of one argument."""
    descriptor = _descriptor_class()
    if descriptor is not None and isinstance(v, descriptor):
        return "descriptor", _descriptor_type(v, name), False, False
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
            from .._errors import ArgumentOverflow
            raise ArgumentOverflow("argument '%s': integer %d does not fit in "
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
    if isinstance(v, tuple):
        # A tuple (torch.Size, a tensor's stride()) of ints, floats, bools,
        # strings, dtypes, constexprs and jit functions is a compile-time
        # value, as the fast launch path takes it (type_kind: its value is
        # in the key). A tuple holding tensors is "tuple": its leaves are
        # classified one by one (runtime/_tuple_args.py).
        if _non_constant_leaf(v) is None:
            return "constexpr", None, False, False
        return "tuple", None, False, False
    raise TridentUserError(
        "argument '%s': cannot pass a %s to a kernel (expected an array or "
        "tensor, an int, a float or a bool)" % (name, type(v).__name__))



def _grid_entry(value):
    """A grid entry as an int: ints and objects with __index__ (numpy
    integers, 0-d integer torch tensors) only, as Triton's launcher reads
    them; a float is refused rather than truncated. None when `value` is
    not an integer."""
    try:
        return operator.index(value)
    except TypeError:
        return None


def _normalize_grid(grid, origin=None):
    """The (x, y, z) of a launch's grid: an int or a tuple/list of 1 to 3
    ints in [0, 2^31). `origin` says where `grid` came from (a grid
    function's result) for the messages."""
    shown = origin or "the grid %r" % (grid,)
    entries = None
    if isinstance(grid, (tuple, list)):
        entries = list(grid)
    elif _grid_entry(grid) is not None or isinstance(grid, numbers.Number):
        entries = [grid]  # one dimension (a float is refused below)
    else:
        try:
            entries = list(grid)
        except TypeError:
            pass
    if entries is None:
        raise TridentUserError(
            "%s is not a valid grid: a grid is a tuple of 1 to 3 ints, or "
            "a function of the meta-parameters returning one" % shown)
    if not 1 <= len(entries) <= 3:
        raise TridentUserError("%s has %d dimensions; a grid has 1 to 3"
                               % (shown, len(entries)))
    out = []
    for i, g in enumerate(entries):
        n = _grid_entry(g)
        if n is None:
            raise TridentUserError(
                "%s: entry %d is %r, a %s, not an integer; grid entries "
                "must be ints or have __index__ (numpy integers, 0-d "
                "integer tensors)%s" % (
                    shown, i, g, type(g).__name__,
                    "; compute it in integers, e.g. trident.cdiv(n, BLOCK)"
                    if isinstance(g, numbers.Real) else ""))
        if n < 0 or n >= 2 ** 31:
            raise TridentUserError(
                "%s: entry %d is %d; grid entries must be in [0, 2^31)"
                % (shown, i, n))
        out.append(n)
    return tuple(out) + (1,) * (3 - len(out))


def _spec_of(kernel):
    """One letter per run-time argument (the launchers' packing)."""
    spec = kernel.metadata.get("_spec")
    if spec is None:
        letters = []
        from ..language.semantic import tensor_descriptor_type
        for name, ty in kernel.arg_kinds:
            if isinstance(ty, tensor_descriptor_type):
                letters.append("T")
            elif ty.is_ptr():
                letters.append("p")
            elif ty.is_floating():
                if ty not in (tl.float32, tl.float64):
                    raise TridentUserError(
                        "argument '%s' of %s is a %s scalar; kernels take "
                        "float32 and float64 scalars" % (name, kernel.name,
                                                         ty))
                letters.append("f" if ty == tl.float32 else "d")
            else:
                letters.append({1: "b", 8: "c", 16: "h", 32: "i",
                                64: "l"}[ty.int_bitwidth])
        spec = kernel.metadata["_spec"] = "".join(letters)
    return spec


def cpu_buffer_extent(v, name):
    """(address, bytes) of the memory argument `v` may be used to reach, for
    a kernel compiled with bounds checks (TRIDENT_CPU_BOUNDS_CHECK): a torch
    tensor's storage, an array's elements (of a tensor descriptor: its
    base's)."""
    if not hasattr(v, "data_ptr") and not hasattr(v, "__array_interface__") \
            and hasattr(v, "base") and hasattr(v, "strides"):
        v = v.base  # a TensorDescriptor
    storage = getattr(v, "untyped_storage", None)
    if storage is not None:
        st = storage()
        return int(st.data_ptr()), int(st.nbytes())
    iface = getattr(v, "__array_interface__", None)
    if iface is not None:
        shape = tuple(iface["shape"])
        item = int(iface["typestr"][2:])
        strides = iface.get("strides")
        if strides is None:  # C order
            strides, step = [], item
            for d in reversed(shape):
                strides.insert(0, step)
                step *= d
        base = int(iface["data"][0])
        if any(d == 0 for d in shape):
            return base, 0
        lo = sum(min(0, (d - 1) * s) for d, s in zip(shape, strides))
        hi = sum(max(0, (d - 1) * s) for d, s in zip(shape, strides)) + item
        return base + lo, hi - lo
    raise TridentUserError(
        "argument '%s': the kernel was compiled with bounds checks "
        "(TRIDENT_CPU_BOUNDS_CHECK), which need each pointer argument's "
        "size: pass a numpy array or a torch tensor, not %s" %
        (name, type(v).__name__))


def plan_for(kernel, runtime_indices):
    """The C++ launch plan of `kernel` taking the parameters at
    `runtime_indices` at run time (it holds `kernel` weakly, for
    warmup)."""
    from .. import _C
    key = tuple(runtime_indices)
    plans = kernel.__dict__.setdefault("_plans", {})
    plan = plans.get(key)
    if plan is None:
        spec = _spec_of(kernel)
        if kernel.target.startswith("cpu"):
            obj = kernel.cpu_kernel()
            threads = int(os.environ.get("TRIDENT_CPU_THREADS", "0"))
        else:
            obj = kernel.gpu_kernel()
            threads = 0
            _torch_stream()
        plan = plans[key] = _C.launch_plan(obj, list(runtime_indices), spec,
                                           threads, kernel)
    return plan


def launch(kernel, grid, values, runtime_indices=None, grid_origin=None):
    """One launch from Python (the slow path): `values` are every
    parameter's, in order, with `runtime_indices` those the kernel takes;
    without them, `values` are its run-time arguments (an AOT kernel's)."""
    from .. import _C
    if runtime_indices is None:
        runtime_indices = range(len(values))
    grid = _normalize_grid(grid, grid_origin)
    if grid[0] * grid[1] * grid[2] == 0:
        return
    plan = plan_for(kernel, runtime_indices)
    values = list(values)
    spec = _spec_of(kernel)
    # Pointers as addresses (DLPack-only objects included); descriptors are
    # encoded by the launcher. A kernel with bounds checks takes the arrays
    # themselves, whose sizes the launcher reads.
    checked = kernel.metadata.get("bounds_check", False)
    for (name, _), letter, i in zip(kernel.arg_kinds, spec, runtime_indices):
        if checked and (hasattr(values[i], "data_ptr") or
                        hasattr(values[i], "__array_interface__")):
            continue
        if letter == "p" and not isinstance(values[i], int):
            ptr = _pointer_of(values[i], name)
            if ptr is None:
                raise TridentUserError("argument '%s' must be a tensor or a "
                                       "pointer" % name)
            values[i] = ptr[0]
    try:
        names = [""] * len(values)
        for (name, _), i in zip(kernel.arg_kinds, runtime_indices):
            names[i] = name
        _C.launch_with_plan(plan, list(grid), tuple(values), tuple(names))
    except _C.Error as e:
        raise KernelError(str(e)) from None


# Triton's `triton.runtime.driver.active` (device queries of host code).
from ._active import ActiveDriver as _ActiveDriver  # noqa: E402
active = _ActiveDriver()
