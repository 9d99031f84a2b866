"""The values and types of the kernel language, and its built-in ops.

This module follows `triton.language`'s surface: dtypes (`tl.float32`, ...),
`tl.tensor` values with Python operators, `tl.constexpr`, and the built-in
functions (`tl.load`, `tl.arange`, ...). The built-ins check their
arguments and hand the work to the active `Semantic` (semantic.py), which
applies Triton's typing rules and emits Tile IR through the C++ builder.
Built-ins run only while a kernel is being compiled.
"""
import builtins
import functools
import numbers
import threading

from .._errors import StaticAssertionError, TridentUserError

# ---------------------------------------------------------------------------
# The compilation in progress (one per thread)
# ---------------------------------------------------------------------------

_state = threading.local()


def current_semantic():
    sem = getattr(_state, "semantic", None)
    return sem


def _sem(name="this function"):
    sem = getattr(_state, "semantic", None)
    if sem is None:
        raise TridentUserError(
            "%s can only be called inside a @trident.jit function" % name)
    return sem


class _ActiveSemantic:
    def __init__(self, sem):
        self.sem = sem

    def __enter__(self):
        self.prev = getattr(_state, "semantic", None)
        _state.semantic = self.sem
        return self.sem

    def __exit__(self, *exc):
        _state.semantic = self.prev
        return False


def builtin(fn):
    """Marks a kernel-language built-in: callable only inside a kernel."""
    name = "tl." + fn.__name__

    @functools.wraps(fn)
    def wrapper(*args, **kwargs):
        _sem(name)
        return fn(*args, **kwargs)

    wrapper.__trident_builtin__ = True
    return wrapper


# ---------------------------------------------------------------------------
# Values defined outside the core (plugins)
# ---------------------------------------------------------------------------


class base_value:
    """Base class of kernel values that are not plain tensors (a plugin's
    buffer or barrier handles, accumulators, ...). The code generator
    carries them through loops and run-time `if`s by the tensors that
    represent them in the IR:

    - `_flatten()` returns those tensors (a list of `tl.tensor`);
    - `_unflatten(tensors)` returns a value of the same kind rebuilt from
      new tensors of the same types (the loop's or the if's results).
    """

    def _flatten(self):
        raise NotImplementedError(type(self).__name__ + "._flatten")

    def _unflatten(self, tensors):
        raise NotImplementedError(type(self).__name__ + "._unflatten")


# ---------------------------------------------------------------------------
# constexpr
# ---------------------------------------------------------------------------


class constexpr_type:
    """The type of a constexpr (`c.type`, Triton's `constexpr_type`): its
    value is part of it, so two constexprs have one type when their values
    are equal."""

    def __init__(self, value):
        if isinstance(value, constexpr):
            value = value.value
        self.value = value

    def __eq__(self, other):
        return isinstance(other, constexpr_type) and self.value == other.value

    def __ne__(self, other):
        return not self == other

    def __hash__(self):
        return hash(self.value)

    def __repr__(self):
        return "constexpr_type[%r]" % (self.value,)


class constexpr:
    """A value known at compile time: a kernel's constexpr parameter, a
    literal, or a global declared `NAME: tl.constexpr = value` /
    `NAME = tl.constexpr(value)`. Arithmetic between constexprs is done
    by Python; with a tensor it becomes IR."""

    def __init__(self, value):
        if isinstance(value, constexpr):
            value = value.value
        self.value = value

    @property
    def type(self):
        return constexpr_type(self.value)

    def __repr__(self):
        return "constexpr[%r]" % (self.value,)

    def __hash__(self):
        return hash(self.value)

    def __index__(self):
        return self.value.__index__()

    def __bool__(self):
        return bool(self.value)

    def __int__(self):
        return int(self.value)

    def __float__(self):
        return float(self.value)

    def __call__(self, *args, **kwargs):
        return self.value(*args, **kwargs)

    def __getattr__(self, name):
        if name == "value":
            raise AttributeError(name)
        return getattr(self.value, name)

    def __len__(self):
        return len(self.value)

    def __iter__(self):
        return iter(self.value)

    def __getitem__(self, key):
        return self.value[_unwrap(key)]

    def __neg__(self):
        return constexpr(-self.value)

    def __pos__(self):
        return constexpr(+self.value)

    def __invert__(self):
        return constexpr(~self.value)

    def __abs__(self):
        return constexpr(abs(self.value))


def _cx_binary(op):
    def forward(self, other):
        if isinstance(other, tensor):
            return NotImplemented
        return constexpr(op(self.value, _unwrap(other)))

    def reverse(self, other):
        if isinstance(other, tensor):
            return NotImplemented
        return constexpr(op(_unwrap(other), self.value))

    return forward, reverse


import operator as _op  # noqa: E402

for _name, _fn in [("add", _op.add), ("sub", _op.sub), ("mul", _op.mul),
                   ("truediv", _op.truediv), ("floordiv", _op.floordiv),
                   ("mod", _op.mod), ("pow", _op.pow), ("and", _op.and_),
                   ("or", _op.or_), ("xor", _op.xor), ("lshift", _op.lshift),
                   ("rshift", _op.rshift)]:
    _f, _r = _cx_binary(_fn)
    setattr(constexpr, "__%s__" % _name, _f)
    setattr(constexpr, "__r%s__" % _name, _r)

for _name, _fn in [("eq", _op.eq), ("ne", _op.ne), ("lt", _op.lt),
                   ("le", _op.le), ("gt", _op.gt), ("ge", _op.ge)]:
    setattr(constexpr, "__%s__" % _name, _cx_binary(_fn)[0])


def _unwrap(x):
    return x.value if isinstance(x, constexpr) else x


def is_constexpr(x):
    return isinstance(x, constexpr)


# ---------------------------------------------------------------------------
# dtypes
# ---------------------------------------------------------------------------


class dtype:
    SINT_TYPES = ("int8", "int16", "int32", "int64")
    UINT_TYPES = ("int1", "uint8", "uint16", "uint32", "uint64")
    FP_TYPES = ("fp8e4b15", "fp8e4nv", "fp8e5", "fp8e4b8", "fp8e5b16",
                "fp16", "bf16", "fp32", "fp64")
    # The fp8 types (fp8e4b8 and fp8e5b16 are the FNUZ formats: no
    # infinities, no negative zero, 0x80 is NaN; the CPU target runs them,
    # NVIDIA GPUs do not). fp8e4b15 is Triton's own format: an fp16's top
    # byte without the exponent's top bit (bias 15, no infinities and no
    # NaN, 0x7f is 1.875, 0x80 is -0.0); MLIR has no such type, so the IR
    # carries it as f8E4M3B11FNUZ, a tag only (MLIR's meaning of those
    # bits, bias 11, is never used): the front end converts it with
    # integer arithmetic (semantic.py), on every target.
    FP8_TYPES = ("fp8e4b15", "fp8e4nv", "fp8e5", "fp8e4b8", "fp8e5b16")
    STANDARD_FP_TYPES = ("fp16", "bf16", "fp32", "fp64")
    OTHER_TYPES = ("void",)
    _BITS = {"int1": 1, "int8": 8, "int16": 16, "int32": 32, "int64": 64,
             "uint8": 8, "uint16": 16, "uint32": 32, "uint64": 64,
             "fp8e4b15": 8, "fp8e4nv": 8, "fp8e5": 8, "fp8e4b8": 8,
             "fp8e5b16": 8,
             "fp16": 16, "bf16": 16, "fp32": 32, "fp64": 64, "void": 0}
    _IR_FLOAT = {"fp8e4b15": "f8e4m3b11fnuz",
                 "fp8e4nv": "f8e4m3fn", "fp8e5": "f8e5m2",
                 "fp8e4b8": "f8e4m3fnuz", "fp8e5b16": "f8e5m2fnuz",
                 "fp16": "f16", "bf16": "bf16", "fp32": "f32", "fp64": "f64"}

    # (mantissa bits, exponent bias) of the float types.
    _FP_LAYOUT = {"fp8e4b15": (3, 15), "fp8e4nv": (3, 7), "fp8e5": (2, 15),
                  "fp8e4b8": (3, 8), "fp8e5b16": (2, 16), "fp16": (10, 15),
                  "bf16": (7, 127), "fp32": (23, 127), "fp64": (52, 1023)}

    def __init__(self, name):
        if name not in self._BITS:
            raise TridentUserError("unknown dtype '%s'" % name)
        self.name = name
        self.primitive_bitwidth = self._BITS[name]
        self.int_bitwidth = self.primitive_bitwidth if self.is_int() else 0
        self.int_signedness = ("signed" if name in self.SINT_TYPES else
                               "unsigned")
        if name in self._FP_LAYOUT:
            self.fp_mantissa_width, self.exponent_bias = self._FP_LAYOUT[name]

    # kinds
    def is_int(self):
        return self.name in self.SINT_TYPES or self.name in self.UINT_TYPES

    def is_int_signed(self):
        return self.name in self.SINT_TYPES

    def is_int_unsigned(self):
        return self.name in self.UINT_TYPES

    def is_bool(self):
        return self.name == "int1"

    def get_int_min_value(self):
        if self.is_int_signed():
            return -(2 ** (self.int_bitwidth - 1))
        return 0

    def get_int_max_value(self):
        if self.is_int_signed():
            return 2 ** (self.int_bitwidth - 1) - 1
        return 2 ** self.int_bitwidth - 1

    def is_floating(self):
        return self.name in self.FP_TYPES

    def is_fp8(self):
        return self.name in self.FP8_TYPES

    def is_fp8e4b15(self):
        return self.name == "fp8e4b15"

    def is_fp16(self):
        return self.name == "fp16"

    def is_bf16(self):
        return self.name == "bf16"

    def is_fp32(self):
        return self.name == "fp32"

    def is_fp64(self):
        return self.name == "fp64"

    def is_void(self):
        return self.name == "void"

    def is_ptr(self):
        return False

    def is_block(self):
        return False

    def is_standard_floating(self):
        return self.name in ("fp16", "bf16", "fp32", "fp64")

    def kind(self):
        """bool < integer < float, for scalar promotion (Triton's KIND: a
        Python int meeting an unsigned tile takes the tile's type)."""
        if self.is_bool():
            return 0
        if self.is_int():
            return 1
        return 3

    @property
    def scalar(self):
        return self

    def to_ir(self, b):
        return b.type_of(self)

    def __eq__(self, other):
        other = _unwrap(other)
        return (type(other) is type(self) and isinstance(other, dtype) and
                other.name == self.name)

    def __ne__(self, other):
        return not self.__eq__(other)

    def __hash__(self):
        return hash(("dtype", self.name))

    def __repr__(self):
        return "tl." + _DTYPE_SPELLING.get(self.name, self.name)

    def __str__(self):
        return self.name

    @property
    def cache_key_part(self):
        return self.name

    def with_element_ty(self, elem):
        return elem


class pointer_type(dtype):
    def __init__(self, element_ty, address_space=1, const=False):
        element_ty = _unwrap(element_ty)
        if not isinstance(element_ty, dtype):
            raise TridentUserError("pointer_type needs a dtype, got %r" %
                                   (element_ty,))
        self.element_ty = element_ty
        self.address_space = address_space
        self.const = const
        self.name = "*" + element_ty.name
        self.primitive_bitwidth = 64
        self.int_bitwidth = 0
        self.int_signedness = "unsigned"

    def is_ptr(self):
        return True

    def is_int(self):
        return False

    def is_floating(self):
        return False

    def is_bool(self):
        return False

    def kind(self):
        return 4

    def __eq__(self, other):
        other = _unwrap(other)
        return (isinstance(other, pointer_type) and
                other.element_ty == self.element_ty and
                other.address_space == self.address_space and
                bool(other.const) == bool(self.const))

    def __hash__(self):
        return hash(("ptr", self.element_ty, self.address_space,
                     bool(self.const)))

    def __repr__(self):
        if self.const:
            return "pointer<const %r>" % (self.element_ty,)
        return "pointer<%r>" % (self.element_ty,)

    __str__ = __repr__


# The most elements a tile may hold (Triton's TRITON_MAX_TENSOR_NUMEL; the
# compiler's tir::kMaxTileElements): each thread holds its share of a tile
# unrolled, so larger tiles are refused where the kernel makes them.
TRIDENT_MAX_TENSOR_NUMEL = 1048576
TRITON_MAX_TENSOR_NUMEL = TRIDENT_MAX_TENSOR_NUMEL


class ir_type(dtype):
    """A type the language has no name of its own for, spelled as IR
    ("!gpux.token", "!myplugin.barrier"): what a plugin's op may return. A
    value of it is a `tl.tensor` that the plugin's Python module usually
    wraps in a `tl.base_value` of its own (trident.language.ir)."""

    def __init__(self, text):
        self.name = str(text).strip()
        self.primitive_bitwidth = 0
        self.int_bitwidth = 0
        self.int_signedness = "unsigned"

    def is_int(self):
        return False

    def is_floating(self):
        return False

    def __hash__(self):
        return hash(("ir_type", self.name))

    def __repr__(self):
        return "tl.ir_type(%r)" % self.name


class block_type(dtype):
    """The type of a tile: an element type and a static shape."""

    def __init__(self, element_ty, shape):
        self.element_ty = element_ty
        self.shape = tuple(int(_unwrap(s)) for s in shape)
        self.numel = 1
        for s in self.shape:
            self.numel *= s
        if self.numel > TRIDENT_MAX_TENSOR_NUMEL:
            raise TridentUserError(
                "a tile of shape [%s] has %d elements, over the limit of %d "
                "(2**20) elements per tile (tl.TRIDENT_MAX_TENSOR_NUMEL)" % (
                    ", ".join(map(str, self.shape)), self.numel,
                    TRIDENT_MAX_TENSOR_NUMEL))
        self.name = "<%s, %s>" % ("x".join(map(str, self.shape)),
                                  element_ty.name)
        self.primitive_bitwidth = element_ty.primitive_bitwidth
        self.int_bitwidth = element_ty.int_bitwidth
        self.int_signedness = element_ty.int_signedness

    @property
    def scalar(self):
        return self.element_ty

    def is_block(self):
        return True

    def is_ptr(self):
        return False

    def get_block_shapes(self):
        return self.shape

    def is_int(self):
        return False

    def is_floating(self):
        return False

    def __eq__(self, other):
        other = _unwrap(other)
        return (isinstance(other, block_type) and
                other.element_ty == self.element_ty and
                other.shape == self.shape)

    def __hash__(self):
        return hash(("block", self.element_ty, self.shape))

    def __repr__(self):
        return "<[%s], %r>" % (", ".join(map(str, self.shape)),
                               self.element_ty)

    __str__ = __repr__

    def with_element_ty(self, elem):
        return block_type(elem, self.shape)


class function_type(dtype):
    def __init__(self, ret_types, param_types):
        self.ret_types = ret_types
        self.param_types = param_types
        self.name = "function"


_DTYPE_SPELLING = {"fp8e4b15": "float8e4b15", "fp8e4nv": "float8e4nv",
                   "fp8e5": "float8e5",
                   "fp8e4b8": "float8e4b8", "fp8e5b16": "float8e5b16",
                   "fp16": "float16", "bf16": "bfloat16", "fp32": "float32",
                   "fp64": "float64"}

void = dtype("void")
int1 = dtype("int1")
int8 = dtype("int8")
int16 = dtype("int16")
int32 = dtype("int32")
int64 = dtype("int64")
uint8 = dtype("uint8")
uint16 = dtype("uint16")
uint32 = dtype("uint32")
uint64 = dtype("uint64")
float8e4b15 = dtype("fp8e4b15")
float8e4nv = dtype("fp8e4nv")
float8e5 = dtype("fp8e5")
float8e4b8 = dtype("fp8e4b8")
float8e5b16 = dtype("fp8e5b16")
float16 = dtype("fp16")
bfloat16 = dtype("bf16")
float32 = dtype("fp32")
float64 = dtype("fp64")
pi32_t = pointer_type(int32)

_DTYPES_BY_NAME = {d.name: d for d in (
    int1, int8, int16, int32, int64, uint8, uint16, uint32, uint64,
    float8e4b15, float8e4nv, float8e5, float8e4b8, float8e5b16, float16,
    bfloat16, float32, float64)}
# Spellings accepted in signatures ("*fp32", "i32", "bf16", "u8", ...).
_DTYPES_BY_NAME.update({
    "i1": int1, "i8": int8, "i16": int16, "i32": int32, "i64": int64,
    "u1": int1, "u8": uint8, "u16": uint16, "u32": uint32, "u64": uint64,
    "float16": float16, "bfloat16": bfloat16, "float32": float32,
    "float64": float64, "f16": float16, "f32": float32, "f64": float64,
    "fp8e4m3fn": float8e4nv, "fp8e5m2": float8e5, "float8e4nv": float8e4nv,
    "float8e5": float8e5, "fp8e4m3fnuz": float8e4b8,
    "fp8e5m2fnuz": float8e5b16, "float8e4b8": float8e4b8,
    "float8e5b16": float8e5b16, "float8e4b15": float8e4b15, "bool": int1})


def int_dtype_for(value):
    """The dtype of a Python int as a kernel value (Triton's rule): int32
    if it fits, else uint32, int64, uint64; None beyond 64 bits."""
    if -(2 ** 31) <= value < 2 ** 31:
        return int32
    if 0 <= value < 2 ** 32:
        return uint32
    if -(2 ** 63) <= value < 2 ** 63:
        return int64
    if 0 <= value < 2 ** 64:
        return uint64
    return None


def str_to_ty(name):
    """'*fp32' -> pointer_type(float32); 'i32' -> int32; ..."""
    name = name.strip()
    if name.startswith("*k"):
        return pointer_type(str_to_ty(name[2:]), const=True)
    if name.startswith("*"):
        return pointer_type(str_to_ty(name[1:]))
    if name not in _DTYPES_BY_NAME:
        raise TridentUserError("unknown type '%s' in a signature (expected "
                               "e.g. '*fp32', 'i32', 'fp16', 'bf16', 'i64')" %
                               name)
    return _DTYPES_BY_NAME[name]


# ---------------------------------------------------------------------------
# tensor
# ---------------------------------------------------------------------------


class _shape(tuple):
    """A tensor's shape: a tuple of ints that also compares equal to a list
    of the same ints, as Triton's shapes do (`x.shape == [1, BLOCK]`)."""

    def __eq__(self, other):
        if isinstance(other, list):
            other = tuple(_unwrap(o) for o in other)
        return tuple.__eq__(self, other)

    def __ne__(self, other):
        return not self.__eq__(other)

    __hash__ = tuple.__hash__


class tensor:
    """A scalar or a tile in a kernel: an IR value and its type."""

    def __init__(self, handle, type):
        self.handle = handle
        self.type = type
        self.dtype = type.scalar
        self.shape = _shape(type.shape if type.is_block() else ())
        self.numel = constexpr(type.numel if type.is_block() else 1)

    def __repr__(self):
        return "tensor(%r)" % (self.type,)

    def __bool__(self):
        raise TridentUserError(
            "a tensor's truth value is only known when the kernel runs: use "
            "it in an 'if' or 'while' condition of its own, or compare a "
            "constexpr")

    def __index__(self):
        raise TridentUserError(
            "a tensor cannot be used where a Python integer (a constexpr) is "
            "needed")

    def __len__(self):
        if not self.shape:
            raise TridentUserError("len() of a scalar tensor")
        return self.shape[0]

    def __iter__(self):
        raise TridentUserError("a tensor cannot be iterated over")

    # arithmetic (Triton's semantics: semantic.py)
    def __add__(self, o):
        return _sem().add(self, o)

    def __radd__(self, o):
        return _sem().add(o, self)

    def __sub__(self, o):
        return _sem().sub(self, o)

    def __rsub__(self, o):
        return _sem().sub(o, self)

    def __mul__(self, o):
        return _sem().mul(self, o)

    def __rmul__(self, o):
        return _sem().mul(o, self)

    def __truediv__(self, o):
        return _sem().truediv(self, o)

    def __rtruediv__(self, o):
        return _sem().truediv(o, self)

    def __floordiv__(self, o):
        return _sem().floordiv(self, o)

    def __rfloordiv__(self, o):
        return _sem().floordiv(o, self)

    def __mod__(self, o):
        return _sem().mod(self, o)

    def __rmod__(self, o):
        return _sem().mod(o, self)

    def __neg__(self):
        return _sem().minus(self)

    def __pos__(self):
        return self

    def __invert__(self):
        return _sem().invert(self)

    def __abs__(self):
        return _sem().abs(self)

    def __and__(self, o):
        return _sem().and_(self, o)

    def __rand__(self, o):
        return _sem().and_(o, self)

    def __or__(self, o):
        return _sem().or_(self, o)

    def __ror__(self, o):
        return _sem().or_(o, self)

    def __xor__(self, o):
        return _sem().xor_(self, o)

    def __rxor__(self, o):
        return _sem().xor_(o, self)

    def __lshift__(self, o):
        return _sem().shl(self, o)

    def __rlshift__(self, o):
        return _sem().shl(o, self)

    def __rshift__(self, o):
        return _sem().shr(self, o)

    def __rrshift__(self, o):
        return _sem().shr(o, self)

    def __pow__(self, o):
        raise TridentUserError("'**' is not supported on tensors: use "
                               "tl.math.pow or multiply")

    def __gt__(self, o):
        return _sem().compare("gt", self, o)

    def __ge__(self, o):
        return _sem().compare("ge", self, o)

    def __lt__(self, o):
        return _sem().compare("lt", self, o)

    def __le__(self, o):
        return _sem().compare("le", self, o)

    def __eq__(self, o):
        return _sem().compare("eq", self, o)

    def __ne__(self, o):
        return _sem().compare("ne", self, o)

    __hash__ = object.__hash__

    def logical_and(self, o):
        return _sem().logical_and(self, o)

    def logical_or(self, o):
        return _sem().logical_or(self, o)

    def __getitem__(self, slices):
        method = _value_method(self, "__getitem__")
        if method is not None:
            return method(self, slices)
        return _sem().subscript(self, slices)

    def __getattr__(self, name):
        # Only reached for names a tensor does not have: a method a plugin
        # gave the values of its own types (trident.language.ir.
        # value_methods), else the usual AttributeError.
        if not name.startswith("_"):
            method = _value_method(self, name)
            if method is not None:
                return lambda *args, **kwargs: method(self, *args, **kwargs)
        raise AttributeError("'%s' of type %r has no attribute '%s'" % (
            type(self).__name__, self.__dict__.get("type"), name))

    @property
    def T(self):
        return _sem().permute(self, None)

    def to(self, dtype, fp_downcast_rounding=None, bitcast=False):
        return _sem().cast(self, _unwrap(dtype), bitcast=_unwrap(bitcast),
                           rounding=_unwrap(fp_downcast_rounding))


# Methods a plugin gives the values of its own IR types, by the longest
# prefix of the type's spelling: {"!myplugin.ring<": {"__getitem__": fn}}.
# Filled through trident.language.ir.value_methods.
_VALUE_METHODS = {}


def _value_method(value, name):
    ty = value.__dict__.get("type")
    if not isinstance(ty, ir_type) or not _VALUE_METHODS:
        return None
    best = None
    for prefix, methods in _VALUE_METHODS.items():
        if ty.name.startswith(prefix) and name in methods and \
                (best is None or len(prefix) > len(best[0])):
            best = (prefix, methods[name])
    return best[1] if best else None


def _tensor_method(fn, name=None):
    """Makes a free built-in `fn(x, ...)` also available as `x.fn(...)`."""

    def method(self, *args, **kwargs):
        return fn(self, *args, **kwargs)

    method.__name__ = name or fn.__name__
    setattr(tensor, method.__name__, method)
    return fn


class const:
    """The annotation of a kernel parameter whose pointer is to constant
    data (`def k(x_ptr: tl.const, ...)`, Triton's tl.const): its type is a
    const pointer, which tl.store and the atomics refuse, and which is not
    the type of a plain pointer (an 'if' cannot make one of either)."""


class tuple_type(dtype):
    def __init__(self, types):
        self.types = types
        self.name = "tuple"


# ---------------------------------------------------------------------------
# Iterators for loops
# ---------------------------------------------------------------------------


class range:
    """`tl.range(start, end, step, num_stages=..., loop_unroll_factor=...,
    flatten=..., warp_specialize=..., disallow_acc_multi_buffer=...)`: a
    loop the compiler keeps as a loop (with scheduling hints)."""

    def __init__(self, arg1, arg2=None, step=None, num_stages=None,
                 loop_unroll_factor=None, disallow_acc_multi_buffer=False,
                 flatten=False, warp_specialize=False):
        if arg2 is None:
            self.start, self.end = constexpr(0), arg1
        else:
            self.start, self.end = arg1, arg2
        self.step = constexpr(1) if step is None else step
        self.num_stages = _unwrap(num_stages)
        self.loop_unroll_factor = _unwrap(loop_unroll_factor)
        self.disallow_acc_multi_buffer = _unwrap(disallow_acc_multi_buffer)
        self.flatten = _unwrap(flatten)
        self.warp_specialize = _unwrap(warp_specialize)


class static_range:
    """`tl.static_range(start, end, step)`: a loop unrolled at compile time;
    its bounds must be constexprs."""

    def __init__(self, arg1, arg2=None, step=None):
        for a in (arg1, arg2, step):
            if a is not None and not isinstance(a, (constexpr, int)):
                raise TridentUserError(
                    "tl.static_range's bounds must be constexprs (it is "
                    "unrolled at compile time), got %s; use tl.range or "
                    "range for a bound known only at run time" %
                    ("a tensor" if isinstance(a, tensor) else repr(a)))
        if arg2 is None:
            self.start, self.end = 0, _unwrap(arg1)
        else:
            self.start, self.end = _unwrap(arg1), _unwrap(arg2)
        self.step = 1 if step is None else _unwrap(step)


# ---------------------------------------------------------------------------
# Built-in functions
# ---------------------------------------------------------------------------


@builtin
def program_id(axis):
    return _sem().program_id(_const_int(axis, "program_id", "axis"))


@builtin
def num_programs(axis):
    return _sem().num_programs(_const_int(axis, "num_programs", "axis"))


def _const_int(x, fn, what):
    x = _unwrap(x)
    if isinstance(x, tensor):
        raise TridentUserError("tl.%s's %s must be a constexpr, got a tensor"
                               % (fn, what))
    if isinstance(x, bool) or not isinstance(x, numbers.Integral):
        raise TridentUserError("tl.%s's %s must be an integer constexpr, "
                               "got %r" % (fn, what, x))
    return int(x)


def _const_shape(shape, fn):
    shape = _unwrap(shape)
    if isinstance(shape, (int, constexpr)):
        shape = [shape]
    if isinstance(shape, tensor):
        raise TridentUserError("tl.%s's shape must be constexprs, got a "
                               "tensor" % fn)
    out = []
    for d in shape:
        d = _unwrap(d)
        if isinstance(d, tensor):
            raise TridentUserError("tl.%s's shape must be constexprs, got a "
                                   "tensor" % fn)
        if not isinstance(d, numbers.Integral):
            raise TridentUserError("tl.%s's shape must be integers, got %r" %
                                   (fn, d))
        out.append(int(d))
    return out


@builtin
def arange(start, end):
    for name, v in (("start", start), ("end", end)):
        if isinstance(_unwrap(v), tensor):
            raise TridentUserError(
                "tl.arange's %s must be a constexpr (a literal, a constexpr "
                "parameter or a tl.constexpr global), got a tensor" % name)
    return _sem().arange(_const_int(start, "arange", "start"),
                         _const_int(end, "arange", "end"))


@builtin
def full(shape, value, dtype):
    return _sem().full(_const_shape(shape, "full"), value, _unwrap(dtype))


@builtin
def zeros(shape, dtype):
    return _sem().full(_const_shape(shape, "zeros"), 0, _unwrap(dtype))


@builtin
def zeros_like(input):
    return _sem().full(list(input.shape), 0, input.dtype)


@builtin
def full_like(input, value):
    return _sem().full(list(input.shape), value, input.dtype)


@builtin
def cast(input, dtype, fp_downcast_rounding=None, bitcast=False):
    return _sem().cast(_sem().to_tensor(input), _unwrap(dtype),
                       bitcast=_unwrap(bitcast),
                       rounding=_unwrap(fp_downcast_rounding))


@builtin
def load(pointer, mask=None, other=None, boundary_check=(), padding_option="",
         cache_modifier="", eviction_policy="", volatile=False):
    return _sem().load(pointer, mask, other, _unwrap(boundary_check),
                       _unwrap(padding_option), _unwrap(cache_modifier),
                       _unwrap(eviction_policy), _unwrap(volatile))


@builtin
def store(pointer, value, mask=None, boundary_check=(), cache_modifier="",
          eviction_policy=""):
    return _sem().store(pointer, value, mask, _unwrap(boundary_check),
                        _unwrap(cache_modifier), _unwrap(eviction_policy))


@builtin
def make_block_ptr(base, shape, strides, offsets, block_shape, order):
    return _sem().make_block_ptr(base, shape, strides, offsets,
                                 _const_shape(block_shape, "make_block_ptr"),
                                 _const_shape(order, "make_block_ptr"))


@builtin
def advance(base, offsets):
    return _sem().advance(base, offsets)


@builtin
def make_tensor_descriptor(base, shape, strides, block_shape,
                           padding_option="zero"):
    return _sem().make_tensor_descriptor(
        base, shape, strides, _const_shape(block_shape,
                                           "make_tensor_descriptor"),
        _unwrap(padding_option))


@builtin
def load_tensor_descriptor(desc, offsets):
    return desc.load(offsets)


@builtin
def store_tensor_descriptor(desc, offsets, value):
    return desc.store(offsets, value)


@builtin
def dot(input, other, acc=None, input_precision=None, allow_tf32=None,
        max_num_imprecise_acc=None, out_dtype=float32):
    return _sem().dot(input, other, acc, _unwrap(input_precision),
                      _unwrap(allow_tf32), _unwrap(max_num_imprecise_acc),
                      _unwrap(out_dtype))


@builtin
def dot_scaled(lhs, lhs_scale, lhs_format, rhs, rhs_scale, rhs_format,
               acc=None, fast_math=False, lhs_k_pack=True, rhs_k_pack=True,
               out_dtype=float32):
    """The product of two microscaled tiles (see _dot_scaled.py)."""
    from ._dot_scaled import dot_scaled as impl
    return impl(_sem(), lhs, lhs_scale, lhs_format, rhs, rhs_scale,
                rhs_format, acc, fast_math, lhs_k_pack, rhs_k_pack, out_dtype)


@builtin
def where(condition, x, y):
    return _sem().where(condition, x, y)


class PropagateNan:
    """`propagate_nan=` of tl.maximum, tl.minimum and tl.clamp: NONE (the
    default) returns the other operand when one is NaN, ALL returns NaN."""

    class _Mode:
        def __init__(self, name):
            self.name = name

        def __repr__(self):
            return "PropagateNan." + self.name

        __str__ = __repr__

    NONE = _Mode("NONE")
    ALL = _Mode("ALL")


@builtin
def maximum(x, y, propagate_nan=None):
    return _sem().minmax(x, y, "max", _unwrap(propagate_nan))


@builtin
def minimum(x, y, propagate_nan=None):
    return _sem().minmax(x, y, "min", _unwrap(propagate_nan))


@builtin
def clamp(x, min, max, propagate_nan=None):
    return _sem().clamp(x, min, max, _unwrap(propagate_nan))


@builtin
def broadcast(input, other):
    return _sem().broadcast_pair(input, other)


@builtin
def broadcast_to(input, *shape):
    if len(shape) == 1 and isinstance(_unwrap(shape[0]), (tuple, list)):
        shape = _unwrap(shape[0])
    return _sem().broadcast_to(_sem().to_tensor(input),
                               _const_shape(shape, "broadcast_to"))


@builtin
def expand_dims(input, axis):
    axis = _unwrap(axis)
    axes = list(axis) if isinstance(axis, (tuple, list)) else [axis]
    return _sem().expand_dims(_sem().to_tensor(input),
                              [_const_int(a, "expand_dims", "axis")
                               for a in axes])


@builtin
def reshape(input, *shape, can_reorder=False):
    if len(shape) == 1 and isinstance(_unwrap(shape[0]), (tuple, list)):
        shape = _unwrap(shape[0])
    return _sem().reshape(input, _const_shape(shape, "reshape"),
                          _unwrap(can_reorder))


@builtin
def view(input, *shape):
    if len(shape) == 1 and isinstance(_unwrap(shape[0]), (tuple, list)):
        shape = _unwrap(shape[0])
    return _sem().reshape(input, _const_shape(shape, "view"), True)


@builtin
def permute(input, *dims):
    if len(dims) == 1 and isinstance(_unwrap(dims[0]), (tuple, list)):
        dims = _unwrap(dims[0])
    return _sem().permute(input, _const_shape(dims, "permute"))


@builtin
def trans(input, *dims):
    if len(dims) == 1 and isinstance(_unwrap(dims[0]), (tuple, list)):
        dims = _unwrap(dims[0])
    return _sem().permute(input, _const_shape(dims, "trans") if dims else
                          None)


@builtin
def join(a, b):
    return _sem().join(a, b)


@builtin
def split(a):
    return _sem().split(a)


@builtin
def interleave(a, b):
    return _sem().interleave(a, b)


@builtin
def cat(input, other, can_reorder=False):
    return _sem().cat(input, other, _unwrap(can_reorder))


@builtin
def ravel(x, can_reorder=False):
    return _sem().reshape(x, [x.numel.value], _unwrap(can_reorder))


@builtin
def reduce(input, axis, combine_fn, keep_dims=False):
    return _sem().reduce(input, _unwrap(axis), combine_fn, _unwrap(keep_dims))


@builtin
def associative_scan(input, axis, combine_fn, reverse=False):
    return _sem().scan(input, _unwrap(axis), combine_fn, _unwrap(reverse))


@builtin
def atomic_add(pointer, val, mask=None, sem=None, scope=None):
    return _sem().atomic_rmw("add", pointer, val, mask, _unwrap(sem),
                             _unwrap(scope))


@builtin
def atomic_max(pointer, val, mask=None, sem=None, scope=None):
    return _sem().atomic_rmw("max", pointer, val, mask, _unwrap(sem),
                             _unwrap(scope))


@builtin
def atomic_min(pointer, val, mask=None, sem=None, scope=None):
    return _sem().atomic_rmw("min", pointer, val, mask, _unwrap(sem),
                             _unwrap(scope))


@builtin
def atomic_and(pointer, val, mask=None, sem=None, scope=None):
    return _sem().atomic_rmw("and", pointer, val, mask, _unwrap(sem),
                             _unwrap(scope))


@builtin
def atomic_or(pointer, val, mask=None, sem=None, scope=None):
    return _sem().atomic_rmw("or", pointer, val, mask, _unwrap(sem),
                             _unwrap(scope))


@builtin
def atomic_xor(pointer, val, mask=None, sem=None, scope=None):
    return _sem().atomic_rmw("xor", pointer, val, mask, _unwrap(sem),
                             _unwrap(scope))


@builtin
def atomic_xchg(pointer, val, mask=None, sem=None, scope=None):
    return _sem().atomic_rmw("xchg", pointer, val, mask, _unwrap(sem),
                             _unwrap(scope))


@builtin
def atomic_cas(pointer, cmp, val, sem=None, scope=None):
    return _sem().atomic_cas(pointer, cmp, val, _unwrap(sem), _unwrap(scope))


@builtin
def multiple_of(input, values):
    return _sem().hint(input, "divisibility", _unwrap(values))


@builtin
def max_contiguous(input, values):
    return _sem().hint(input, "contiguity", _unwrap(values))


@builtin
def max_constancy(input, values):
    return _sem().hint(input, "constancy", _unwrap(values))


@builtin
def assume(cond):
    return _sem().assume(cond)


@builtin
def debug_barrier():
    return _sem().debug_barrier()


@builtin
def warp_specialize(functions_and_args, worker_num_warps,
                    worker_num_regs=None, default_num_regs=None):
    """Runs functions on separate groups of the program's warps at once, the
    shape of Gluon's `warp_specialize`: `functions_and_args` is a list of
    `(function, args)` pairs, @jit functions with the tuple of arguments to
    call them with. The first (the default partition) runs on the program's
    `num_warps` warps and may take any value; each other (a worker) runs on
    `worker_num_warps[i]` warps added to the program, and takes scalars,
    pointers and constexprs (tiles are laid out per group: a worker makes
    its own). `worker_num_regs[i]` (0: none) and `default_num_regs` set the
    registers per thread of a group (Hopper's setmaxnreg; groups of 4
    warps, multiples of 8 from 24 to 256). Returns once every group has
    finished; synchronizing the groups in between is the functions'
    business. GPU targets only."""
    return _sem().warp_specialize(
        functions_and_args, worker_num_warps, worker_num_regs,
        default_num_regs)


@builtin
def device_print(prefix, *args, hex=False):
    return _sem().device_print(_unwrap(prefix), args, _unwrap(hex))


@builtin
def device_assert(cond, msg="", mask=None):
    return _sem().device_assert(cond, _unwrap(msg), mask)


@builtin
def static_assert(cond, msg=""):
    c = _unwrap(cond)
    if isinstance(c, tensor):
        raise TridentUserError("tl.static_assert needs a constexpr condition, "
                               "got a tensor (use tl.device_assert)")
    if not c:
        raise StaticAssertionError("static_assert failed: %s" %
                                   (_unwrap(msg),) if _unwrap(msg) else
                                   "static_assert failed")


@builtin
def static_print(*values, sep=" ", end="\n", file=None, flush=False):
    # A tensor shows as Triton's does: int32[constexpr[128]].
    builtins.print(*[_static_text(_unwrap(v)) for v in values], sep=sep,
                   end=end, file=file, flush=flush)


def _static_text(v):
    if not isinstance(v, tensor):
        return v
    return "%s[%s]" % (v.dtype.name, ", ".join(
        "constexpr[%d]" % d for d in (v.shape or [])))


@builtin
def inline_asm_elementwise(asm, constraints, args, dtype, is_pure, pack):
    return _sem().inline_asm(_unwrap(asm), _unwrap(constraints), args,
                             _unwrap(dtype), _unwrap(is_pure), _unwrap(pack))


@builtin
def map_elementwise(scalar_fn, *args, pack=1):
    """Applies the @jit function `scalar_fn` to the elements of `args`
    (broadcast to one shape), like Triton's: it receives scalars and
    returns a scalar or a tuple of them, so it may branch on its arguments
    at run time. With `pack=P` each call receives P elements of each
    argument (a0..a{P-1}, b0..b{P-1}, ...) and returns P values per output
    (output 0's P values, then output 1's, ...). Returns a tensor, or a
    tuple of them for several outputs, of the dtypes the function
    returns."""
    return _sem("tl.map_elementwise").map_elementwise(
        _unwrap(scalar_fn), args, _unwrap(pack))


extern = builtin
"""Marks a function that wraps `extern_elementwise` (as Triton's
`core.extern`); such functions may take a `_builder=None` parameter, which
Trident ignores."""


@builtin
def extern_elementwise(lib_name, lib_path, args, arg_type_symbol_dict,
                       is_pure, _builder=None):
    """Calls an external scalar function on the elements of `args`, as
    Triton's: `arg_type_symbol_dict` maps a tuple of argument dtypes to
    (symbol, result dtype). Arguments are broadcast to one shape; without
    an exact match they are promoted to their common type first. libdevice's
    `__nv_*` symbols run on every target (the CPU target implements them);
    `lib_path`, a bitcode file, is linked on GPU targets."""
    return _sem("tl.extern_elementwise").extern_elementwise(
        _unwrap(lib_name), _unwrap(lib_path), args, arg_type_symbol_dict,
        _unwrap(is_pure))


@builtin
def fma(x, y, z):
    return _sem().fma(x, y, z)


@builtin
def umulhi(x, y):
    return _sem().umulhi(x, y)


@builtin
def fdiv(x, y, ieee_rounding=False):
    return _sem().fdiv(x, y, bool(_unwrap(ieee_rounding)))


@builtin
def div_rn(x, y):
    return _sem().fdiv(x, y, ieee_rounding=True)


@builtin
def sqrt_rn(x):
    return _sem().math_unary("sqrt", x)


@builtin
def item(input):
    """The scalar of a one-element tile (Triton's tl.item / x.item())."""
    return _sem().unsplat(input)


@builtin
def dsl_op(name, *args, num_results=1, attrs=None):
    """Calls a plugin's DSL op by its full name ("fma.mul_add"), with
    compile-time attributes `attrs` ({name: value}: see
    trident.language.ir.attr for how values are spelled)."""
    return _sem().dsl_op(_unwrap(name), list(args), _unwrap(num_results),
                         _unwrap(attrs))


for _fn in (reshape, view, permute, trans, ravel, expand_dims, broadcast_to,
            split, reduce, associative_scan, store, advance, item, atomic_add,
            atomic_max, atomic_min, atomic_and, atomic_or, atomic_xor,
            atomic_xchg, atomic_cas):
    _tensor_method(_fn)
_tensor_method(cast, "cast")

from ._aggregate import aggregate as _aggregate  # noqa: E402,F401
