"""Triton's typing rules, applied while a kernel is compiled.

`Semantic` receives language values (`tl.tensor`, `tl.constexpr`, Python
numbers), checks them, promotes and broadcasts them as `triton.language`
does, and emits the Tile IR through the C++ builder (`trident._C.Builder`).
Each method raises TridentUserError with a message that names the op and
the offending types; the code generator adds the kernel's source line.
"""
import math as _pymath
import numbers
import os
import re
import struct
import types
import warnings

from .._errors import TridentUserError
from . import core as tl
from .core import _unwrap, constexpr, tensor



def _err(msg, *args):
    raise TridentUserError(msg % args if args else msg)


class Semantic:
    def __init__(self, builder, generator=None, target="cuda:90a"):
        self.builder = builder
        self.generator = generator
        self.target = target
        self.num_warps = 4  # what the kernel is compiled for
        self._types = {}

    # ------------------------------------------------------------------
    # Types and constants
    # ------------------------------------------------------------------

    def type_of(self, ty):
        h = self._types.get(ty)
        if h is not None:
            return h
        b = self.builder
        if isinstance(ty, tl.block_type):
            h = b.tensor_type(list(ty.shape), self.type_of(ty.element_ty))
        elif isinstance(ty, tl.pointer_type) and ty.element_ty.is_block():
            h = b.block_ptr_type(self.type_of(ty.element_ty),
                                 ty.address_space)
        elif isinstance(ty, tl.pointer_type):
            h = b.ptr_type(self.type_of(ty.element_ty), ty.address_space)
        elif isinstance(ty, tensor_descriptor_type):
            h = b.desc_type(self.type_of(ty.block_type))
        elif isinstance(ty, tl.ir_type):
            h = b.parse_type(ty.name)
        elif ty.is_int():
            h = b.int_type(ty.int_bitwidth)
        elif ty.is_floating():
            if ty.name in ("fp8e4b8", "fp8e5b16") and \
                    str(self.target).startswith("cuda"):
                _err("type %s is not supported in this architecture (%s): "
                     "its fp8 types are fp8e4nv, fp8e5 and fp8e4b15 "
                     "(fp8e4b8 and fp8e5b16, the FNUZ formats, run on the "
                     "CPU target)",
                     ty.name, self.target)
            h = b.float_type(tl.dtype._IR_FLOAT[ty.name])
        else:
            _err("type %r has no IR form", ty)
        self._types[ty] = h
        return h

    @staticmethod
    def constant_fit_error(value, ty):
        """Why the Python number `value` cannot become a constant of the
        scalar type `ty`, or None when it can. An integer type takes only
        integers within its range (a float with an integral value counts);
        a bool type takes any number, as its truth value (Triton's
        `get_int1` does the same); a float type takes any finite or
        infinite number. Values of other kinds give None: the caller
        treats them as before."""
        if isinstance(value, bool) or not isinstance(value, numbers.Real):
            return None
        if ty.is_floating():
            if isinstance(value, numbers.Integral):
                try:
                    float(value)
                except OverflowError:
                    return "%d is too large for %s" % (value, ty)
            return None
        if not ty.is_int() or ty.is_bool():
            return None
        if not isinstance(value, numbers.Integral):
            f = float(value)
            if not _pymath.isfinite(f) or f != int(f):
                return "%r is not an integer, and %s holds only integers" % (
                    value, ty)
            value = int(f)
        lo, hi = ty.get_int_min_value(), ty.get_int_max_value()
        if not lo <= value <= hi:
            return "%d does not fit in %s (%d to %d)" % (value, ty, lo, hi)
        return None

    def fitted(self, value, ty, what):
        """The Python number `value` as the value a constant of type `ty`
        holds (a float for a float type, else an int; a bool type's is its
        truth value), refused with an error naming `what` (the op and the
        role of the value) when `ty` cannot hold it."""
        why = self.constant_fit_error(value, ty)
        if why is not None:
            _err("%s: %s", what, why)
        if ty.is_floating():
            return float(value)
        if ty.is_bool():
            return int(bool(value))
        if isinstance(value, numbers.Integral):
            return int(value)
        return int(float(value))  # a float with an integral value

    def checked_constant(self, value, ty, what):
        """The Python number `value` as a scalar constant of type `ty`,
        checked to fit it (see `fitted`)."""
        return self.scalar_constant(self.fitted(value, ty, what), ty)

    def value_for(self, x, ty, what):
        """`x` (a tensor or a Python number) converted to element type
        `ty`. A number meeting an integer type becomes a constant of `ty`
        directly, checked to fit; anything else goes through `to_tensor`
        and `cast` as in Triton (a tensor's cast wraps as a C cast would,
        a float constant rounds to the narrower float type)."""
        v = _unwrap(x)
        if isinstance(v, numbers.Real) and ty.is_int():
            return self.checked_constant(v, ty, what)
        return self.cast(self.to_tensor(x, what), ty)

    def scalar_constant(self, value, ty):
        b = self.builder
        if ty.is_fp8e4b15():
            return self._e4b15_constant(value, ty)
        if ty.is_floating():
            return tensor(b.const_float(self.type_of(ty), float(value)), ty)
        return tensor(b.const_int(self.type_of(ty), _int64_bits(value)), ty)

    def to_tensor(self, x, what="operand"):
        x = _unwrap(x)
        if isinstance(x, tensor):
            return x
        if isinstance(x, bool):
            return self.scalar_constant(int(x), tl.int1)
        if isinstance(x, numbers.Integral):
            x = int(x)
            ty = tl.int_dtype_for(x)
            if ty is None:
                _err("integer constant %d does not fit in 64 bits", x)
            return self.scalar_constant(x, ty)
        if isinstance(x, numbers.Real):
            x = float(x)
            ty = tl.float32
            if (_pymath.isfinite(x) and x != 0.0 and
                    not (1.2e-38 < abs(x) < 3.4e38)):
                ty = tl.float64
            return self.scalar_constant(x, ty)
        if isinstance(x, tl.dtype):
            _err("a dtype (%r) cannot be used as a value", x)
        if x is None:
            _err("None cannot be used as a value here (a missing argument?)")
        _err("a %s of type '%s' cannot be used as a kernel value", what,
             type(x).__name__)

    # ------------------------------------------------------------------
    # Promotion and broadcasting
    # ------------------------------------------------------------------

    @staticmethod
    def integer_promote(a, b):
        if a.int_signedness == b.int_signedness:
            return a if a.int_bitwidth >= b.int_bitwidth else b
        signed, unsigned = (a, b) if a.is_int_signed() else (b, a)
        if unsigned.int_bitwidth >= signed.int_bitwidth:
            return unsigned
        return signed

    def computation_type(self, a_ty, a_is_scalar, b_ty, b_is_scalar,
                         div_or_mod):
        if a_is_scalar != b_is_scalar:
            scalar_ty, tensor_ty = ((a_ty, b_ty) if a_is_scalar else
                                    (b_ty, a_ty))
            if scalar_ty.kind() <= tensor_ty.kind():
                if div_or_mod and tensor_ty in (tl.float16, tl.bfloat16):
                    return tl.float32
                return tensor_ty
        if a_ty.is_fp64() or b_ty.is_fp64():
            return tl.float64
        if a_ty.is_fp32() or b_ty.is_fp32():
            return tl.float32
        if a_ty.is_fp16() or b_ty.is_fp16():
            return tl.float32 if div_or_mod else tl.float16
        if a_ty.is_bf16() or b_ty.is_bf16():
            if div_or_mod:
                return tl.float32
            if a_ty.is_bf16() and b_ty.is_bf16():
                return tl.bfloat16
            return tl.float32
        if a_ty.is_fp8() and b_ty.is_fp8():
            return a_ty if a_ty == b_ty else tl.float16
        if a_ty.is_fp8() or b_ty.is_fp8():
            return a_ty if a_ty.is_fp8() else b_ty
        if not a_ty.is_int() or not b_ty.is_int():
            _err("unexpected operand types %r and %r", a_ty, b_ty)
        if div_or_mod and a_ty.int_signedness != b_ty.int_signedness:
            _err("Cannot use /, // or %% with %r and %r because they have "
                 "different signedness; cast one of them first", a_ty, b_ty)
        return self.integer_promote(a_ty, b_ty)

    def broadcast_shapes(self, a, b):
        a, b = list(a), list(b)
        while len(a) < len(b):
            a.insert(0, 1)
        while len(b) < len(a):
            b.insert(0, 1)
        out = []
        for i, (x, y) in enumerate(zip(a, b)):
            if x == y or y == 1:
                out.append(x)
            elif x == 1:
                out.append(y)
            else:
                _err("shapes %s and %s cannot be broadcast together "
                     "(dimension %d: %d vs %d)", list(a), list(b), i, x, y)
        return out

    def broadcast_to(self, x, shape):
        shape = list(shape)
        if not x.type.is_block():
            ty = tl.block_type(x.dtype, shape)
            return tensor(self.builder.splat(x.handle, self.type_of(ty)), ty)
        src = list(x.shape)
        if src == shape:
            return x
        if len(src) > len(shape):
            _err("cannot broadcast a tile of shape %s to the smaller rank of "
                 "%s", src, shape)
        while len(src) < len(shape):
            x = self.expand_dims(x, [0])
            src = list(x.shape)
        for i, (s, d) in enumerate(zip(src, shape)):
            if s != d and s != 1:
                _err("cannot broadcast a tile of shape %s to %s (dimension "
                     "%d: %d is neither 1 nor %d)", src, shape, i, s, d)
        ty = tl.block_type(x.dtype, shape)
        return tensor(self.builder.broadcast(x.handle, self.type_of(ty)), ty)

    def broadcast_pair(self, a, b):
        a, b = self.to_tensor(a), self.to_tensor(b)
        if not a.type.is_block() and not b.type.is_block():
            return a, b
        shape = self.broadcast_shapes(a.shape, b.shape)
        return self.broadcast_to(a, shape), self.broadcast_to(b, shape)

    @staticmethod
    def check_scalars_fit(op, ty, *operands):
        """A Python int operand takes the type of the tile it meets (Triton's
        rule); one that type cannot hold is an error, not a wrapped value.
        Operands that are not Python ints are skipped."""
        if not ty.is_int() or ty.is_bool():
            return
        for scalar in map(_unwrap, operands):
            if (isinstance(scalar, bool) or
                    not isinstance(scalar, numbers.Integral)):
                continue
            scalar = int(scalar)
            lo, hi = ty.get_int_min_value(), ty.get_int_max_value()
            if lo <= scalar <= hi:
                continue
            fit = "%d does not fit in %s (%d to %d)" % (scalar, ty, lo, hi)
            if scalar < 0 and ty.is_int_unsigned():
                _err("'%s' between an unsigned tile (%r) and the negative "
                     "scalar %d: %s; cast one of them explicitly", op, ty,
                     scalar, fit)
            _err("'%s': the scalar %d is out of range for %r, the type of "
                 "the other operand: %s; cast that operand to a wider type "
                 "first, e.g. x.to(tl.int64)", op, scalar, ty, fit)

    def binary_operands(self, lhs, rhs, op, allow_lhs_ptr=False,
                        allow_rhs_ptr=False, arithmetic=True,
                        div_or_mod=False):
        lhs_is_scalar = not isinstance(_unwrap(lhs), tensor)
        rhs_is_scalar = not isinstance(_unwrap(rhs), tensor)
        lhs_value, rhs_value = lhs, rhs
        lhs, rhs = self.to_tensor(lhs), self.to_tensor(rhs)
        lt, rt = lhs.dtype, rhs.dtype
        if lt.is_ptr() and not allow_lhs_ptr:
            _err("'%s' is not defined on a pointer (%r)", op, lt)
        if rt.is_ptr() and not allow_rhs_ptr:
            _err("'%s' is not defined on a pointer (%r)", op, rt)
        if arithmetic and not lt.is_ptr() and not rt.is_ptr():
            ct = self.computation_type(lt, lhs_is_scalar, rt, rhs_is_scalar,
                                       div_or_mod)
            if ct.is_ptr() or ct.is_void():
                _err("'%s' is not defined for %r and %r", op, lt, rt)
            self.check_scalars_fit(op, ct, lhs_value, rhs_value)
            lhs = self.cast(lhs, ct)
            rhs = self.cast(rhs, ct)
        return self.broadcast_pair(lhs, rhs)

    def _op(self, name, operands, ty):
        if name.startswith(("arith.", "math.")) and name not in (
                "arith.select", "arith.bitcast", "arith.constant") and any(
                    t.scalar.is_fp8e4b15()
                    for t in [o.type for o in operands] + [ty]
                    if isinstance(t, tl.dtype)):
            _err("%s on fp8e4b15: there is no arithmetic on fp8e4b15 "
                 "values; convert them first (.to(tl.float16) is exact)",
                 name)
        return tensor(self.builder.op(name, [o.handle for o in operands],
                                      [self.type_of(ty)]), ty)

    # ------------------------------------------------------------------
    # Arithmetic
    # ------------------------------------------------------------------

    def add(self, a, b):
        a_, b_ = _unwrap(a), _unwrap(b)
        if (isinstance(b_, tensor) and b_.dtype.is_ptr() and
                not (isinstance(a_, tensor) and a_.dtype.is_ptr())):
            a, b = b, a
        a, b = self.binary_operands(a, b, "+", True, True)
        if a.dtype.is_ptr() and b.dtype.is_ptr():
            _err("cannot add two pointers (%r + %r)", a.dtype, b.dtype)
        if a.dtype.is_ptr():
            return self.addptr(a, b)
        if a.dtype.is_floating():
            return self._op("arith.addf", [a, b], a.type)
        return self._op("arith.addi", [a, b], a.type)

    def addptr(self, ptr, offset):
        if _is_block_ptr(ptr):
            _err("pointer arithmetic on a block pointer (%r): move it with "
                 "tl.advance", ptr.dtype)
        if not offset.dtype.is_int():
            _err("a pointer offset must be an integer, got %r", offset.dtype)
        if offset.dtype.is_bool():
            offset = self.cast(offset, tl.int32)
        return tensor(self.builder.addptr(ptr.handle, offset.handle), ptr.type)

    def sub(self, a, b):
        a, b = self.binary_operands(a, b, "-", True, False)
        if a.dtype.is_ptr():
            return self.addptr(a, self.minus(b))
        if a.dtype.is_floating():
            return self._op("arith.subf", [a, b], a.type)
        return self._op("arith.subi", [a, b], a.type)

    def mul(self, a, b):
        a, b = self.binary_operands(a, b, "*")
        if a.dtype.is_floating():
            return self._op("arith.mulf", [a, b], a.type)
        return self._op("arith.muli", [a, b], a.type)

    def truediv(self, a, b):
        a_is_scalar = not isinstance(_unwrap(a), tensor)
        b_is_scalar = not isinstance(_unwrap(b), tensor)
        a_value, b_value = a, b
        a, b = self.to_tensor(a), self.to_tensor(b)
        at, bt = a.dtype, b.dtype
        if at.is_ptr() or bt.is_ptr():
            _err("'/' is not defined on pointers")
        # Triton's order: the operands' common type first (integers of
        # different signedness are an error), then int / int in float32.
        ct = self.computation_type(at, a_is_scalar, bt, b_is_scalar, True)
        self.check_scalars_fit("/", ct, a_value, b_value)
        a, b = self.cast(a, ct), self.cast(b, ct)
        if ct.is_int():
            a, b = self.cast(a, tl.float32), self.cast(b, tl.float32)
        a, b = self.broadcast_pair(a, b)
        return self._op("arith.divf", [a, b], a.type)

    def floordiv(self, a, b):
        a, b = self.binary_operands(a, b, "//", div_or_mod=True)
        if a.dtype.is_floating():
            _err("'//' is not defined on floats (%r): use tl.math.floor(a / "
                 "b) or an integer type", a.dtype)
        name = "arith.divsi" if a.dtype.is_int_signed() else "arith.divui"
        return self._op(name, [a, b], a.type)

    def mod(self, a, b):
        a, b = self.binary_operands(a, b, "%", div_or_mod=True)
        if a.dtype.is_floating():
            return self._op("arith.remf", [a, b], a.type)
        name = "arith.remsi" if a.dtype.is_int_signed() else "arith.remui"
        return self._op(name, [a, b], a.type)

    def minus(self, x):
        x = self.to_tensor(x)
        if x.dtype.is_ptr():
            _err("unary '-' is not defined on a pointer")
        if x.dtype.is_floating():
            return self._op("arith.negf", [x], x.type)
        zero = self.broadcast_to(self.scalar_constant(0, x.dtype),
                                 list(x.shape)) if x.shape else \
            self.scalar_constant(0, x.dtype)
        return self._op("arith.subi", [zero, x], x.type)

    def invert(self, x):
        x = self.to_tensor(x)
        if not x.dtype.is_int():
            _err("'~' needs an integer operand, got %r", x.dtype)
        ones = self.scalar_constant(-1, x.dtype)
        x, ones = self.broadcast_pair(x, ones)
        return self._op("arith.xori", [x, ones], x.type)

    def _bitwise(self, a, b, name, sym):
        types = (self._operand_dtype(a), self._operand_dtype(b))
        a, b = self.binary_operands(a, b, sym)
        if not a.dtype.is_int():
            # Triton's words first: code matches "invalid operands of type".
            _err("invalid operands of type %s and %s for '%s': it needs "
                 "integer operands", types[0], types[1], sym)
        return self._op(name, [a, b], a.type)

    def _operand_dtype(self, x):
        x = _unwrap(x)
        return repr(x.dtype) if isinstance(x, tensor) else type(x).__name__

    def and_(self, a, b):
        return self._bitwise(a, b, "arith.andi", "&")

    def or_(self, a, b):
        return self._bitwise(a, b, "arith.ori", "|")

    def xor_(self, a, b):
        return self._bitwise(a, b, "arith.xori", "^")

    def logical_and(self, a, b):
        a = self.cast(self.to_tensor(a), tl.int1)
        b = self.cast(self.to_tensor(b), tl.int1)
        return self.and_(a, b)

    def logical_or(self, a, b):
        a = self.cast(self.to_tensor(a), tl.int1)
        b = self.cast(self.to_tensor(b), tl.int1)
        return self.or_(a, b)

    def logical_not(self, x):
        x = self.cast(self.to_tensor(x), tl.int1)
        return self.xor_(x, self.scalar_constant(1, tl.int1))

    def shl(self, a, b):
        return self._bitwise(a, b, "arith.shli", "<<")

    def shr(self, a, b):
        # As Triton: the shift is arithmetic when the tile shifted (the
        # tensor operand on the left, else the one on the right) is
        # signed, whatever type the operands are promoted to (int32 >>
        # uint32 computes in uint32 bits, shifting the sign in).
        shifted = _unwrap(a) if isinstance(_unwrap(a), tensor) else _unwrap(b)
        signed = isinstance(shifted, tensor) and shifted.dtype.is_int_signed()
        a, b = self.binary_operands(a, b, ">>")
        if not a.dtype.is_int():
            _err("invalid operands of type %r and %r for '>>': it needs "
                 "integer operands", a.dtype, b.dtype)
        if not isinstance(shifted, tensor):
            signed = a.dtype.is_int_signed()
        name = "arith.shrsi" if signed else "arith.shrui"
        return self._op(name, [a, b], a.type)

    _FPRED = {"gt": "ogt", "ge": "oge", "lt": "olt", "le": "ole", "eq": "oeq",
              "ne": "une"}

    _CMP_SYMBOL = {"gt": ">", "ge": ">=", "lt": "<", "le": "<=", "eq": "==",
                   "ne": "!="}

    def compare(self, pred, a, b):
        a, b = self.binary_operands(a, b, self._CMP_SYMBOL.get(pred, pred),
                                    True, True)
        if a.dtype.is_fp8e4b15():
            # fp16 holds every fp8e4b15 value (and compares them).
            a, b = self.cast(a, tl.float16), self.cast(b, tl.float16)
        if a.dtype.is_ptr() or b.dtype.is_ptr():
            if not (a.dtype.is_ptr() and b.dtype.is_ptr()):
                _err("cannot compare a pointer with %r", b.dtype
                     if a.dtype.is_ptr() else a.dtype)
            a, b = self.ptr_to_int(a), self.ptr_to_int(b)
        bty = a.type.with_element_ty(tl.int1)
        if a.dtype.is_floating():
            h = self.builder.cmp(True, self._FPRED[pred], a.handle, b.handle)
        else:
            if pred in ("eq", "ne"):
                p = pred
            else:
                p = ("s" if a.dtype.is_int_signed() else "u") + pred
            h = self.builder.cmp(False, p, a.handle, b.handle)
        return tensor(h, bty)

    def ptr_to_int(self, p):
        ty = p.type.with_element_ty(tl.int64)
        return tensor(self.builder.ptr_to_int(p.handle, self.type_of(ty)), ty)

    # ------------------------------------------------------------------
    # Casts
    # ------------------------------------------------------------------

    def cast(self, x, dst, bitcast=False, rounding=None):
        x = self.to_tensor(x)
        if isinstance(dst, constexpr):
            dst = dst.value
        if not isinstance(dst, tl.dtype):
            _err("cast target must be a dtype, got %r", dst)
        src = x.dtype
        dst_ty = x.type.with_element_ty(dst) if x.type.is_block() else dst
        if rounding is not None:
            if rounding not in ("rtne", "rtz"):
                _err("fp_downcast_rounding must be 'rtne' or 'rtz', got %r",
                     rounding)
            if bitcast or not (src.is_floating() and dst.is_floating() and
                               dst.primitive_bitwidth <
                               src.primitive_bitwidth):
                _err("fp_downcast_rounding is only for conversions to a "
                     "narrower float type, not %r to %r", src, dst)
        if src == dst:
            return x
        b = self.builder
        if bitcast:
            if src.is_ptr() or dst.is_ptr():
                if not (src.is_ptr() and dst.is_ptr()):
                    _err("bitcast between a pointer and %r: use .to() to "
                         "convert an int64 to a pointer",
                         dst if src.is_ptr() else src)
            elif src.primitive_bitwidth != dst.primitive_bitwidth:
                _err("bitcast from %r to %r changes the bit width (%d to %d)",
                     src, dst, src.primitive_bitwidth, dst.primitive_bitwidth)
            return tensor(b.bitcast(x.handle, self.type_of(dst_ty)), dst_ty)
        if src.is_ptr() and dst.is_ptr():
            return tensor(b.bitcast(x.handle, self.type_of(dst_ty)), dst_ty)
        if src.is_ptr():
            if not dst.is_int():
                _err("a pointer converts to an integer only, not %r", dst)
            i64 = self.ptr_to_int(x)
            return self.cast(i64, dst)
        if dst.is_ptr():
            if not src.is_int():
                _err("only integers convert to pointers, not %r", src)
            x = self.cast(x, tl.int64)
            return tensor(b.int_to_ptr(x.handle, self.type_of(dst_ty)), dst_ty)
        if src.is_fp8e4b15() or dst.is_fp8e4b15():
            if not dst.is_bool():
                return self._cast_e4b15(x, dst)
        T = self.type_of(dst_ty)
        h = x.handle
        if dst.is_bool():
            zero = self.broadcast_to(self.scalar_constant(0, src),
                                     list(x.shape)) if x.shape else \
                self.scalar_constant(0, src)
            return self.compare("ne", x, zero)
        if src.is_floating() and dst.is_floating():
            name = ("arith.extf" if dst.primitive_bitwidth >
                    src.primitive_bitwidth else "arith.truncf")
            if src.primitive_bitwidth == dst.primitive_bitwidth:
                # fp16 <-> bf16: through fp32.
                mid = self.cast(x, tl.float32)
                return self.cast(mid, dst)
            y = tensor(b.op(name, [h], [T]), dst_ty)
            if rounding == "rtz":
                y = self._round_toward_zero(x, y)
            return y
        if src.is_int() and dst.is_int():
            if dst.int_bitwidth > src.int_bitwidth:
                name = ("arith.extsi" if src.is_int_signed() else
                        "arith.extui")
            elif dst.int_bitwidth < src.int_bitwidth:
                name = "arith.trunci"
            else:
                return tensor(h, dst_ty)  # signedness only
            return tensor(b.op(name, [h], [T]), dst_ty)
        if src.is_int() and dst.is_floating():
            name = ("arith.uitofp" if src.is_int_unsigned() else
                    "arith.sitofp")
            return tensor(b.op(name, [h], [T]), dst_ty)
        if src.is_floating() and dst.is_int():
            name = ("arith.fptoui" if dst.is_int_unsigned() else
                    "arith.fptosi")
            return tensor(b.op(name, [h], [T]), dst_ty)
        _err("cannot cast %r to %r", src, dst)

    # ------------------------------------------------------------------
    # fp8e4b15 (Triton's format, see tl.dtype). MLIR has no such type: the
    # IR carries f8E4M3B11FNUZ as a tag whose bits only loads, stores,
    # bitcasts and selects see, and every conversion is integer
    # arithmetic built here, rounding as Triton's NVIDIA conversion does:
    # to the nearest code with ties away from zero, saturating at +-1.75
    # (code 0x7e; infinities and NaN too, with their sign). Triton takes
    # fp32 through fp16 rounded toward zero first, which gives the same
    # codes (fp16 holds every midpoint between two codes), and ignores
    # fp_downcast_rounding; so does Trident. Codes convert exactly.
    # ------------------------------------------------------------------

    def _cast_e4b15(self, x, dst):
        """`x` converted to or from fp8e4b15 (one of them is)."""
        src = x.dtype
        if src.is_fp8e4b15():
            if dst.is_ptr():
                _err("cannot cast %r to %r", src, dst)
            half = self._e4b15_to_f16(x)
            return half if dst.is_fp16() else self.cast(half, dst)
        if src.is_fp16():
            return self._f16_to_e4b15(x)
        if src.is_fp64():
            # Toward zero keeps each value on its side of every midpoint.
            return self._f32_to_e4b15(self.cast(x, tl.float32,
                                                rounding="rtz"))
        if src.is_floating() or src.is_int():
            # bf16, the other fp8 types and integers: fp32 first (exact for
            # the floats; an integer beyond 2^24 saturates either way).
            return self._f32_to_e4b15(self.cast(x, tl.float32))
        _err("cannot cast %r to %r", src, dst)

    def _e4b15_to_f16(self, x):
        # S.EEEE.MMM is the fp16 S.0EEEE.MMM0000000 (one bias, 15).
        w = self.cast(self.cast(x, tl.uint8, bitcast=True), tl.uint16)
        bits = self.or_(self.shl(self.and_(w, 0x80), 8),
                        self.shl(self.and_(w, 0x7F), 7))
        return self.cast(bits, tl.float16, bitcast=True)

    def _e4b15_of_code(self, code):
        """The fp8e4b15 values of the codes `code` (uint32)."""
        return self.cast(self.cast(code, tl.uint8), tl.float8e4b15,
                         bitcast=True)

    def _f16_to_e4b15(self, x):
        bits = self.cast(self.cast(x, tl.uint16, bitcast=True), tl.uint32)
        mag = self.and_(bits, 0x7FFF)
        # At most 1.75 (fp16 0x3f00); infinities and NaN have larger bits.
        mag = self.where(self.compare("lt", mag, 0x3F00), mag, 0x3F00)
        # Drop 7 mantissa bits, half away from zero (a carry moves into
        # the exponent; fp16's subnormals are fp8e4b15's, scaled).
        code = self.shr(self.add(mag, 0x40), 7)
        sign = self.and_(self.shr(bits, 8), 0x80)
        return self._e4b15_of_code(self.or_(code, sign))

    def _f32_to_e4b15(self, x):
        bits = self.cast(x, tl.uint32, bitcast=True)
        mag = self.and_(bits, 0x7FFFFFFF)
        mag = self.where(self.compare("lt", mag, _E4B15_MAX_F32), mag,
                         _E4B15_MAX_F32)
        # Normal codes (|x| >= 2^-14): re-biased (127 - 15), 20 mantissa
        # bits dropped, half away from zero.
        normal = self.shr(self.add(self.sub(mag, 112 << 23), 1 << 19), 20)
        # Subnormal codes: |x| * 2^17 = man * 2^-(133 - exp), rounded half
        # away from zero as ((man >> (132 - exp)) + 1) >> 1.
        exp = self.shr(mag, 23)
        man = self.or_(self.and_(mag, 0x7FFFFF), 0x800000)
        shift = self.sub(132, exp)
        shift = self.where(self.compare("lt", shift, 31), shift, 31)
        sub = self.shr(self.add(self.shr(man, shift), 1), 1)
        code = self.where(self.compare("ge", mag, 113 << 23), normal, sub)
        sign = self.and_(self.shr(bits, 24), 0x80)
        return self._e4b15_of_code(self.or_(code, sign))

    def _e4b15_constant(self, value, ty):
        """The fp8e4b15 constant `value` (a number) of type `ty` (scalar
        or block), rounded as a cast from fp32 rounds."""
        code = _e4b15_code(value)
        ity = ty.with_element_ty(tl.int8) if ty.is_block() else tl.int8
        h = self.builder.const_int(self.type_of(ity), _int64_bits(
            code - 256 if code > 127 else code))
        return tensor(self.builder.bitcast(h, self.type_of(ty)), ty)

    def _round_toward_zero(self, x, y):
        """`y`, `x` rounded to nearest even in a narrower float type, made
        `x` rounded toward zero: a result larger in magnitude than `x`
        (an infinity too) steps one unit toward zero."""
        away = self.compare("gt", self.abs(self.cast(y, x.dtype)),
                            self.abs(x))
        ity = {8: tl.int8, 16: tl.int16, 32: tl.int32}[
            y.dtype.primitive_bitwidth]
        bits = self.cast(y, ity, bitcast=True)
        bits = self.where(away, self.sub(bits, 1), bits)
        return self.cast(bits, y.dtype, bitcast=True)

    # ------------------------------------------------------------------
    # Program and tile construction
    # ------------------------------------------------------------------

    def program_id(self, axis):
        if axis not in (0, 1, 2):
            _err("program_id axis must be 0, 1, or 2 but got %d", axis)
        return tensor(self.builder.program_id(axis), tl.int32)

    def num_programs(self, axis):
        if axis not in (0, 1, 2):
            _err("num_programs axis must be 0, 1 or 2, got %d", axis)
        return tensor(self.builder.num_programs(axis), tl.int32)

    def arange(self, start, end):
        if end <= start:
            _err("tl.arange(%d, %d): end must be greater than start", start,
                 end)
        n = end - start
        if n & (n - 1):
            _err("tl.arange(%d, %d): the number of elements (%d) must be a "
                 "power of 2", start, end, n)
        ty = tl.block_type(tl.int32, [n])  # refuses too large a tile
        return tensor(self.builder.make_range(start, end), ty)

    def full(self, shape, value, dtype):
        value = _unwrap(value)
        if isinstance(dtype, constexpr):
            dtype = dtype.value
        if not isinstance(dtype, tl.dtype):
            _err("dtype must be a tl dtype, got %r", dtype)
        for d in shape:
            if d <= 0 or d & (d - 1):
                _err("tile dimensions must be powers of 2, got shape %s",
                     shape)
        if isinstance(value, tensor):
            if value.type.is_block():
                _err("tl.full's value must be a scalar, got a tile")
            v = self.cast(value, dtype)
            return self.broadcast_to(v, shape) if shape else v
        if not isinstance(value, numbers.Real) and \
                type(value).__name__ != "bool_":
            _err("tl.full's value must be a number or a scalar tensor, got "
                 "%s", _describe(value))
        value = self.fitted(value, dtype, "tl.full")
        ty = tl.block_type(dtype, shape) if shape else dtype
        if dtype.is_fp8e4b15():
            return self._e4b15_constant(value, ty)
        if dtype.is_floating():
            return tensor(self.builder.const_float(self.type_of(ty), value),
                          ty)
        return tensor(self.builder.const_int(self.type_of(ty),
                                             _int64_bits(value)), ty)

    def expand_dims(self, x, axes):
        x = self.to_tensor(x)
        axes = list(axes)
        rank = (len(x.shape) if x.type.is_block() else 0) + len(axes)
        for a in axes:
            if not -rank <= a < rank:
                _err("invalid axis %d: out of range for expand_dims of a "
                     "rank-%d %s to rank %d (axes in [%d, %d))", a,
                     rank - len(axes),
                     "tile" if x.type.is_block() else "scalar", rank,
                     -rank, rank)
        axes = [a + rank if a < 0 else a for a in axes]
        if len(set(axes)) != len(axes):
            _err("expand_dims got duplicate axes, normalized axes = %s", axes)
        if not x.type.is_block():
            # A scalar: every dimension of the result is a new one.
            return self.broadcast_to(x, [1] * rank) if axes else x
        for a in sorted(axes):
            shape = list(x.shape)
            shape.insert(a, 1)
            ty = tl.block_type(x.dtype, shape)
            x = tensor(self.builder.expand_dims(x.handle, a), ty)
        return x

    def reshape(self, x, shape, can_reorder=False):
        x = self.to_tensor(x)
        numel = 1
        for d in shape:
            numel *= d
        src_numel = x.type.numel if x.type.is_block() else 1
        if numel != src_numel:
            _err("cannot reshape a tile of shape %s (%d elements) to %s (%d "
                 "elements)", list(x.shape), src_numel, shape, numel)
        if not x.type.is_block():
            return self.broadcast_to(x, shape)
        if list(x.shape) == list(shape):
            return x
        ty = tl.block_type(x.dtype, shape)
        return tensor(self.builder.reshape(x.handle, self.type_of(ty),
                                           can_reorder), ty)

    def permute(self, x, dims):
        x = self.to_tensor(x)
        if not x.type.is_block():
            _err("trans/permute needs a tile, got a scalar")
        rank = len(x.shape)
        if dims is None:
            # As Triton: swap the last two dimensions (a batched transpose).
            if rank < 2:
                _err("tl.trans without dims needs a tile of rank 2 or more, "
                     "got rank %d", rank)
            dims = list(range(rank - 2)) + [rank - 1, rank - 2]
        if sorted(dims) != list(range(rank)):
            _err("%s is not a permutation of the %d dimensions", dims, rank)
        if list(dims) == list(sorted(dims)):
            return x
        shape = [x.shape[d] for d in dims]
        ty = tl.block_type(x.dtype, shape)
        return tensor(self.builder.trans(x.handle, list(dims)), ty)

    def join(self, a, b):
        a, b = self.broadcast_pair(a, b)
        if a.dtype != b.dtype:
            _err("tl.join needs operands of one type, got %r and %r",
                 a.dtype, b.dtype)
        if not a.type.is_block():
            a, b = self.broadcast_to(a, [1]), self.broadcast_to(b, [1])
            ty = tl.block_type(a.dtype, [1, 2])
            j = tensor(self.builder.join(a.handle, b.handle), ty)
            return self.reshape(j, [2])
        ty = tl.block_type(a.dtype, list(a.shape) + [2])
        return tensor(self.builder.join(a.handle, b.handle), ty)

    def split(self, x):
        x = self.to_tensor(x)
        if not x.type.is_block() or x.shape[-1] != 2:
            _err("tl.split needs a tile whose last dimension is 2, got %s",
                 list(x.shape))
        shape = list(x.shape[:-1])
        if not shape:
            # As Triton: a tile of 2 splits into two scalars.
            x = self.reshape(x, [1, 2])
            ty = tl.block_type(x.dtype, [1])
            lo, hi = self.builder.split(x.handle)
            return self.unsplat(tensor(lo, ty)), self.unsplat(tensor(hi, ty))
        ty = tl.block_type(x.dtype, shape)
        lo, hi = self.builder.split(x.handle)
        return tensor(lo, ty), tensor(hi, ty)

    def unsplat(self, x, what="item()"):
        """The scalar of a one-element tile (Triton's x.item())."""
        x = self.to_tensor(x)
        if not x.type.is_block():
            return x
        if x.type.numel != 1:
            _err("%s needs a tile of one element, got shape %s", what,
                 list(x.shape))
        from .standard import _first_combine
        return self.reduce(x, None, _first_combine, False)

    def interleave(self, a, b):
        j = self.join(a, b)
        if len(j.shape) == 1:
            return j
        shape = list(j.shape[:-2]) + [j.shape[-2] * 2]
        return self.reshape(j, shape)

    def cat(self, a, b, can_reorder):
        a, b = self.to_tensor(a), self.to_tensor(b)
        if a.type != b.type:
            _err("tl.cat needs tiles of one type, got %r and %r", a.type,
                 b.type)
        j = self.join(a, b)
        rank = len(j.shape)
        order = [rank - 1] + list(range(rank - 1))
        t = self.permute(j, order)
        shape = [2 * a.shape[0]] + list(a.shape[1:])
        return self.reshape(t, shape)

    def subscript(self, x, slices):
        slices = _unwrap(slices)
        if not isinstance(slices, tuple):
            slices = (slices,)
        axes = []
        pos = 0
        for s in slices:
            s = _unwrap(s)
            if s is None:
                axes.append(pos)
                pos += 1
            elif isinstance(s, slice) and s.start is None and \
                    s.stop is None and s.step is None:
                pos += 1
            else:
                _err("unsupported tensor index %r: tiles can be indexed only "
                     "with ':' and None (to add a dimension)", s)
        # As Triton: each None adds a dimension at its place in the index;
        # a ':' keeps one (x[None] of a 2-D tile is [1, M, N], and
        # p[None, None, :] of a scalar is [1, 1]).
        out = x
        for a in axes:
            out = self.expand_dims(out, [a])
        return out

    # ------------------------------------------------------------------
    # Memory
    # ------------------------------------------------------------------

    def _mem_mask(self, ptr, mask, what):
        mask = _unwrap(mask)  # (a None written in the call is constexpr)
        if mask is None:
            return None
        mask = self.to_tensor(mask, "mask")
        if not mask.dtype.is_bool():
            mask = self.cast(mask, tl.int1)
        if ptr.type.is_block():
            mask = self.broadcast_to(mask, list(ptr.shape))
        elif mask.type.is_block():
            _err("%s: a tile mask for a scalar pointer", what)
        return mask

    def load(self, ptr, mask, other, boundary_check, padding, cache, evict,
             volatile):
        ptr = _unwrap(ptr)
        # (a None written in the call arrives as a constexpr)
        mask, other = _unwrap(mask), _unwrap(other)
        if _is_block_ptr(ptr):
            return self.block_load(ptr, mask, other, boundary_check, padding,
                                   cache, evict, volatile)
        if not isinstance(ptr, tensor) or not ptr.dtype.is_ptr():
            _err("tl.load needs a pointer or a tile of pointers, got %s",
                 _describe(ptr))
        if boundary_check:
            _err("boundary_check is only for block pointers "
                 "(tl.make_block_ptr); use mask= with plain pointers")
        elem = ptr.dtype.element_ty
        mask = self._mem_mask(ptr, mask, "tl.load")
        if other is not None and mask is None:
            _err("tl.load: 'other' needs a 'mask'")
        if other is not None:
            other = self.value_for(other, elem, "tl.load's other")
            if ptr.type.is_block():
                other = self.broadcast_to(other, list(ptr.shape))
        if elem.is_bool():
            # i1 lives in memory as i8.
            p8 = self.cast(ptr, tl.pointer_type(tl.int8,
                                                ptr.dtype.address_space))
            o8 = None if other is None else self.cast(other, tl.int8)
            v = self.load(p8, mask, o8, (), "", cache, evict, volatile)
            return self.cast(v, tl.int1)
        ty = ptr.type.with_element_ty(elem) if ptr.type.is_block() else elem
        h = self.builder.load(ptr.handle, -1 if mask is None else mask.handle,
                              -1 if other is None else other.handle,
                              _cache(cache, "tl.load"),
                              _evict(evict, "tl.load"), bool(volatile))
        return tensor(h, ty)

    def store(self, ptr, value, mask, boundary_check, cache, evict):
        ptr, mask = _unwrap(ptr), _unwrap(mask)
        if _is_block_ptr(ptr):
            return self.block_store(ptr, value, mask, boundary_check, cache,
                                    evict)
        if not isinstance(ptr, tensor) or not ptr.dtype.is_ptr():
            _err("tl.store needs a pointer or a tile of pointers, got %s",
                 _describe(ptr))
        if boundary_check:
            _err("boundary_check is only for block pointers "
                 "(tl.make_block_ptr); use mask= with plain pointers")
        if getattr(ptr.dtype, "const", False):
            _err("Cannot store to a constant pointer with tl.store (%r: "
                 "a tl.const parameter)", ptr.dtype)
        elem = ptr.dtype.element_ty
        value = self.value_for(value, elem, "tl.store's value")
        if ptr.type.is_block():
            value = self.broadcast_to(value, list(ptr.shape))
        elif value.type.is_block():
            _err("tl.store: a tile of shape %s stored through a scalar "
                 "pointer", list(value.shape))
        mask = self._mem_mask(ptr, mask, "tl.store")
        if elem.is_bool():
            p8 = self.cast(ptr, tl.pointer_type(tl.int8,
                                                ptr.dtype.address_space))
            return self.store(p8, self.cast(value, tl.int8), mask, (), cache,
                              evict)
        value = self.cast(value, elem)
        self.builder.store(ptr.handle, value.handle,
                           -1 if mask is None else mask.handle,
                           _cache(cache, "tl.store"), _evict(evict, "tl.store"))
        return None

    # Block pointers: a tensor of type pointer_type(block_type(elem, shape))
    # (!tir.blockptr), made by tir.make_block_ptr, moved by tir.advance,
    # read and written by tir.block_load / tir.block_store.

    def make_block_ptr(self, base, shape, strides, offsets, block_shape,
                       order):
        base = self.to_tensor(base)
        if not base.dtype.is_ptr() or base.type.is_block() or \
                base.dtype.element_ty.is_block():
            _err("tl.make_block_ptr's base must be a scalar pointer, got %r",
                 base.type)
        nd = len(block_shape)
        for name, seq in (("shape", shape), ("strides", strides),
                          ("offsets", offsets), ("order", order)):
            if len(_unwrap(seq)) != nd:
                _err("tl.make_block_ptr: %s has %d entries but block_shape "
                     "has %d", name, len(_unwrap(seq)), nd)
        order = [int(_unwrap(o)) for o in order]
        if sorted(order) != list(range(nd)):
            _err("tl.make_block_ptr: order must be a permutation of the "
                 "dimensions 0..%d, got %s", nd - 1, tuple(order))
        shape = [self._i64(s) for s in shape]
        strides = [self._i64(s) for s in strides]
        offsets = [self.cast(self.to_tensor(o), tl.int32) for o in offsets]
        bt = tl.block_type(base.dtype.element_ty, block_shape)
        ty = tl.pointer_type(bt, base.dtype.address_space)
        h = self.builder.make_block_ptr(base.handle,
                                        [s.handle for s in shape],
                                        [s.handle for s in strides],
                                        [o.handle for o in offsets], order,
                                        self.type_of(bt))
        return tensor(h, ty)

    def _i64(self, x):
        """`x` as an i64 scalar (a Python int becomes an i64 constant, so
        that a unit stride is seen as one)."""
        v = _unwrap(x)
        if isinstance(v, numbers.Integral) and not isinstance(v, bool) and \
                -(2 ** 63) <= int(v) < 2 ** 63:
            return self.scalar_constant(int(v), tl.int64)
        return self.cast(self.to_tensor(x), tl.int64)

    def advance(self, base, offsets):
        base = _unwrap(base)
        if not _is_block_ptr(base):
            _err("tl.advance needs a block pointer (tl.make_block_ptr), got "
                 "%s", _describe(base))
        offsets = list(_unwrap(offsets))
        nd = len(base.dtype.element_ty.shape)
        if len(offsets) != nd:
            _err("tl.advance: %d offsets for a %d-D block pointer",
                 len(offsets), nd)
        offs = [self.cast(self.to_tensor(d), tl.int32) for d in offsets]
        h = self.builder.advance(base.handle, [o.handle for o in offs])
        return tensor(h, base.type)

    def _boundary_check(self, ptr, boundary_check):
        """The checked dimensions, distinct and sorted (as Triton)."""
        nd = len(ptr.dtype.element_ty.shape)
        bc = _unwrap(boundary_check)
        if bc is None:
            bc = ()
        elif not isinstance(bc, (tuple, list)):
            bc = (bc,)
        dims = []
        for b in bc:
            b = int(_unwrap(b))
            if not 0 <= b < nd:
                _err("boundary_check dimension %d is out of range for a %d-D"
                     " block pointer", b, nd)
            dims.append(b)
        return sorted(set(dims))

    def block_load(self, ptr, mask, other, boundary_check, padding, cache,
                   evict, volatile):
        if mask is not None or other is not None:
            _err("tl.load through a block pointer takes no mask or other: "
                 "use boundary_check (and padding_option)")
        bc = self._boundary_check(ptr, boundary_check)
        if padding not in ("", None, "zero", "nan"):
            _err("padding_option must be 'zero' or 'nan', got %r", padding)
        bt = ptr.dtype.element_ty
        if padding == "nan" and not bt.element_ty.is_floating():
            _err("padding_option='nan' needs a float tensor, got %r",
                 bt.element_ty)
        h = self.builder.block_load(ptr.handle, bc, padding or "",
                                    _cache(cache, "tl.load"),
                                    _evict(evict, "tl.load"), bool(volatile))
        return tensor(h, bt)

    def block_store(self, ptr, value, mask, boundary_check, cache, evict):
        if mask is not None:
            _err("tl.store through a block pointer takes no mask: use "
                 "boundary_check")
        bc = self._boundary_check(ptr, boundary_check)
        bt = ptr.dtype.element_ty
        value = self.value_for(value, bt.element_ty, "tl.store's value")
        if value.type.is_block() and list(value.shape) != list(bt.shape):
            _err("storing a tile of shape %s through a block pointer of "
                 "block shape %s", list(value.shape), list(bt.shape))
        value = self.broadcast_to(self.cast(value, bt.element_ty),
                                  list(bt.shape))
        self.builder.block_store(ptr.handle, value.handle, bc,
                                 _cache(cache, "tl.store"),
                                 _evict(evict, "tl.store"))
        return None

    def make_tensor_descriptor(self, base, shape, strides, block_shape,
                               padding):
        base = self.to_tensor(base)
        if not base.dtype.is_ptr() or base.type.is_block():
            _err("tl.make_tensor_descriptor's base must be a scalar pointer, "
                 "got %r", base.type)
        nd = len(block_shape)
        if len(shape) != nd or len(strides) != nd:
            _err("tl.make_tensor_descriptor: shape and strides need %d "
                 "entries each (one per block dimension)", nd)
        if padding not in ("zero", "nan", "", None):
            _err("tl.make_tensor_descriptor: padding_option must be 'zero' "
                 "or 'nan', got %r", padding)
        if padding == "nan" and not base.dtype.element_ty.is_floating():
            _err("tl.make_tensor_descriptor: padding_option='nan' needs a "
                 "float tensor, got %r", base.dtype.element_ty)
        # As Triton (TMA's rule, kept on every target): a row of the block
        # holds at least 16 bytes.
        bits = base.dtype.element_ty.primitive_bitwidth
        if nd and block_shape[-1] * bits < 128:
            _err("Descriptor block shape must have at least 16 bytes in the "
                 "last dimension, but got %d * %s = %s bytes (block_shape "
                 "%s of %r)", block_shape[-1], "%g" % (bits / 8),
                 "%g" % (block_shape[-1] * bits / 8), list(block_shape),
                 base.dtype.element_ty)
        shape = [self.cast(self.to_tensor(s), tl.int32) for s in shape]
        strides = [self.cast(self.to_tensor(s), tl.int64) for s in strides]
        bt = tl.block_type(base.dtype.element_ty, block_shape)
        dt = tensor_descriptor_type(bt)
        h = self.builder.make_tensor_desc(base.handle,
                                          [s.handle for s in shape],
                                          [s.handle for s in strides],
                                          self.type_of(dt))
        return tensor_descriptor(h, dt, shape, strides, base,
                                 padding or "zero")

    def descriptor_load(self, desc, offsets):
        offs = [self.cast(self.to_tensor(o), tl.int32) for o in offsets]
        if len(offs) != len(desc.block_shape):
            _err("descriptor load: %d offsets for a %d-D block", len(offs),
                 len(desc.block_shape))
        if desc._padding_key() != "zero":
            from . import _descriptor
            return _descriptor.load_padded(desc, offsets)
        h = self.builder.desc_load(desc.handle, [o.handle for o in offs])
        return tensor(h, desc.type.block_type)

    def descriptor_store(self, desc, offsets, value):
        offs = [self.cast(self.to_tensor(o), tl.int32) for o in offsets]
        if len(offs) != len(desc.block_shape):
            _err("descriptor store: %d offsets for a %d-D block", len(offs),
                 len(desc.block_shape))
        bt = desc.type.block_type
        value = self.broadcast_to(
            self.value_for(value, bt.element_ty, "descriptor store's value"),
            list(bt.shape))
        self.builder.desc_store(desc.handle, value.handle,
                                [o.handle for o in offs])

    _ATOMIC_SEM = {None: "acq_rel", "relaxed": "relaxed", "acquire": "acquire",
                   "release": "release", "acq_rel": "acq_rel"}
    _ATOMIC_SCOPE = {None: "gpu", "gpu": "gpu", "cta": "cta", "sys": "sys"}

    def _atomic_args(self, ptr, val, mask, sem, scope, what):
        if sem not in self._ATOMIC_SEM:
            _err("%s: sem must be one of 'relaxed', 'acquire', 'release', "
                 "'acq_rel', got %r", what, sem)
        if scope not in self._ATOMIC_SCOPE:
            _err("%s: scope must be one of 'gpu', 'cta', 'sys', got %r", what,
                 scope)
        ptr = self.to_tensor(ptr)
        if not ptr.dtype.is_ptr():
            _err("%s needs a pointer or a tile of pointers, got %r", what,
                 ptr.type)
        if getattr(ptr.dtype, "const", False):
            _err("Cannot store to a constant pointer with %s (%r: a "
                 "tl.const parameter)", what, ptr.dtype)
        elem = ptr.dtype.element_ty
        val = self.value_for(val, elem, "%s's val" % what)
        if ptr.type.is_block():
            val = self.broadcast_to(val, list(ptr.shape))
        mask = self._mem_mask(ptr, mask, what)
        return ptr, val, mask, self._ATOMIC_SEM[sem], self._ATOMIC_SCOPE[scope]

    def atomic_rmw(self, op, ptr, val, mask, sem, scope):
        what = "tl.atomic_" + op
        ptr, val, mask, sem, scope = self._atomic_args(ptr, val, mask, sem,
                                                       scope, what)
        elem = val.dtype
        # Triton's element types for read-modify-write atomics: none of 16
        # bits or fewer but fp16 / bf16, and those only for add.
        if elem.is_fp16() or elem.is_bf16():
            if op != "add":
                _err("atomic_%s does not support %s (tl.%s: only atomic_add "
                     "takes 16-bit floats)", op,
                     "fp16" if elem.is_fp16() else "bf16", elem.name)
        elif elem.primitive_bitwidth <= 16:
            _err("atomic_%s does not support %s (tl.%s: atomics take "
                 "elements of 32 or 64 bits, and fp16 / bf16 for add)", op,
                 elem.name, elem.name)
        if elem.is_floating():
            if op == "add":
                kind = "fadd"
            elif op in ("max", "min") and (elem.is_fp32() or elem.is_fp64()):
                return self._atomic_float_minmax(op, ptr, val, mask, sem,
                                                 scope)
            elif op == "xchg":
                kind = "xchg"
            else:
                _err("%s is not defined on %r", what, elem)
        else:
            kind = {"add": "add", "and": "and", "or": "or", "xor": "xor",
                    "xchg": "xchg"}.get(op)
            if op in ("max", "min"):
                kind = op if elem.is_int_signed() else "u" + op
        h = self.builder.atomic_rmw(kind, ptr.handle, val.handle,
                                    -1 if mask is None else mask.handle, sem,
                                    scope)
        return tensor(h, val.type)

    def _atomic_float_minmax(self, op, ptr, val, mask, sem, scope):
        # Triton's rule: float max of values with the sign bit clear is a
        # signed int max of their bits; of values with it set (-0.0 too),
        # an unsigned int min (and the reverse for min). fp32 and fp64.
        ity = tl.int32 if val.dtype.is_fp32() else tl.int64
        ival = self.cast(val, ity, bitcast=True)
        pi = self.cast(ptr, tl.pointer_type(ity))
        neg = self.compare("lt", ival, self.scalar_constant(0, ity))
        nonneg = self.logical_not(neg)
        if mask is not None:
            nonneg, neg = self.and_(nonneg, mask), self.and_(neg, mask)
        k_pos, k_neg = ("max", "umin") if op == "max" else ("min", "umax")
        a = self.builder.atomic_rmw(k_pos, pi.handle, ival.handle,
                                    nonneg.handle, sem, scope)
        c = self.builder.atomic_rmw(k_neg, pi.handle, ival.handle, neg.handle,
                                    sem, scope)
        old = self.where(nonneg, tensor(a, ival.type), tensor(c, ival.type))
        return self.cast(old, val.dtype, bitcast=True)

    def atomic_cas(self, ptr, cmp, val, sem, scope):
        ptr, val, _, sem, scope = self._atomic_args(ptr, val, None, sem,
                                                    scope, "tl.atomic_cas")
        if val.dtype.primitive_bitwidth not in (16, 32, 64):
            _err("atomic_cas only supports elements with width {16, 32, 64} "
                 "(got tl.%s)", val.dtype.name)
        cmp = self.value_for(cmp, val.dtype, "tl.atomic_cas's cmp")
        if ptr.type.is_block():
            cmp = self.broadcast_to(cmp, list(ptr.shape))
        h = self.builder.atomic_cas(ptr.handle, cmp.handle, val.handle, sem,
                                    scope)
        return tensor(h, val.type)

    # ------------------------------------------------------------------
    # dot, select, min/max
    # ------------------------------------------------------------------

    def dot(self, a, b, acc, input_precision, allow_tf32, max_imprecise,
            out_dtype):
        a, b = self.to_tensor(a), self.to_tensor(b)
        if not a.type.is_block() or not b.type.is_block():
            _err("tl.dot needs two tiles, got %r and %r", a.type, b.type)
        if len(a.shape) < 2 or len(a.shape) != len(b.shape):
            _err("tl.dot needs two tiles of one rank, at least 2 (the dims "
                 "before the last two are batch dims), got shapes %s and %s",
                 list(a.shape), list(b.shape))
        if len(a.shape) > 3:
            return self._dot_batched(a, b, acc, input_precision, allow_tf32,
                                     max_imprecise, out_dtype)
        if a.shape[-1] != b.shape[-2]:
            _err("tl.dot: the inner dimensions do not match: %s @ %s (%d vs "
                 "%d)", list(a.shape), list(b.shape), a.shape[-1],
                 b.shape[-2])
        for t in (a, b):
            if min(t.shape[-2:]) < 16:
                _err("tl.dot: every dimension must be at least 16, got %s @ "
                     "%s", list(a.shape), list(b.shape))
        if a.dtype != b.dtype and not (a.dtype.is_fp8() and b.dtype.is_fp8()):
            _err("tl.dot: operands must have one element type, got %r and %r"
                 " (cast one with .to())", a.dtype, b.dtype)
        if a.dtype.is_fp8e4b15() or b.dtype.is_fp8e4b15():
            # As Triton: no MMA takes fp8e4b15; both go to fp16 (exact),
            # which Triton deprecates from sm_90 on (its words).
            m = re.match(r"cuda:(\d+)", str(self.target))
            if m and int(m.group(1)) >= 90:
                warnings.warn("the use of fp8e4b15 is deprecated on Hopper "
                              "and later architectures and can cause "
                              "significant slow down. It will be removed in "
                              "a future triton release")
            a, b = self.cast(a, tl.float16), self.cast(b, tl.float16)
            # fp16 products accumulate in full precision (Triton passes
            # the bound on to an fp16 dot, where it has no effect).
            max_imprecise = 0
        if input_precision is None:
            if allow_tf32 is None or allow_tf32:
                input_precision = "tf32" if a.dtype.is_fp32() else "ieee"
            else:
                input_precision = "ieee"
        # Triton's bf16x3 and bf16x6 emulate an fp32 product with 3 or 6
        # bf16 products (about 16 and 24 bits of mantissa); Trident gives
        # at least that precision: tf32x3 (about 21 bits) and ieee.
        input_precision = {"bf16x3": "tf32x3", "bf16x6": "ieee"}.get(
            input_precision, input_precision)
        if input_precision not in ("ieee", "tf32", "tf32x3"):
            _err("tl.dot: input_precision must be 'ieee', 'tf32', 'tf32x3', "
                 "'bf16x3' or 'bf16x6', got %r", input_precision)
        if not a.dtype.is_fp32():
            input_precision = "ieee"
        shape = list(a.shape[:-1]) + [b.shape[-1]]
        if acc is None:
            if a.dtype.is_int():
                out_dtype = tl.int32
            acc = self.full(shape, 0, out_dtype)
        else:
            acc = self.to_tensor(acc)
            if list(acc.shape) != shape:
                _err("tl.dot: acc has shape %s but the product is %s",
                     list(acc.shape), shape)
        if a.dtype.is_int() != acc.dtype.is_int():
            _err("tl.dot: %r operands cannot accumulate into %r", a.dtype,
                 acc.dtype)
        if max_imprecise is None:
            # As Triton: on sm_90, fp8 products accumulate at wgmma's
            # reduced precision over the whole K (2^30: no promotion, the
            # fast form); elsewhere all in full precision.
            max_imprecise = 0
            if a.dtype.is_fp8() and b.dtype.is_fp8() and \
                    str(self.target).split(":")[-1] in ("90", "90a"):
                max_imprecise = 2 ** 30
        if acc.dtype.is_fp16() and str(self.target).startswith("cpu"):
            # A float16 accumulator: the CPU sums in float32 and rounds once
            # (a GPU's MMA rounds once per instruction, not per product;
            # rounding each of K products would lose more than either).
            wide = self.cast(acc, tl.float32)
            h = self.builder.dot(a.handle, b.handle, wide.handle,
                                 input_precision, int(max_imprecise))
            return self.cast(tensor(h, wide.type), acc.dtype)
        h = self.builder.dot(a.handle, b.handle, acc.handle, input_precision,
                             int(max_imprecise))
        return tensor(h, acc.type)

    def _dot_batched(self, a, b, acc, *options):
        # Several batch dims: one batch dim of their product, as 3-D.
        batch = list(a.shape[:-2])
        if list(b.shape[:-2]) != batch:
            _err("tl.dot: the batch dims do not match: %s @ %s",
                 list(a.shape), list(b.shape))
        n = 1
        for d in batch:
            n *= d
        a = self.reshape(a, [n] + list(a.shape[-2:]))
        b = self.reshape(b, [n] + list(b.shape[-2:]))
        if acc is not None:
            acc = self.to_tensor(acc)
            shape = batch + [a.shape[-2], b.shape[-1]]
            if list(acc.shape) != shape:
                _err("tl.dot: acc has shape %s but the product is %s",
                     list(acc.shape), shape)
            acc = self.reshape(acc, [n] + shape[-2:])
        out = self.dot(a, b, acc, *options)
        return self.reshape(out, batch + list(out.shape[-2:]))

    def where(self, cond, x, y):
        cond = self.to_tensor(cond, "condition")
        if not cond.dtype.is_bool():
            cond = self.cast(cond, tl.int1)
        x_is_scalar = not isinstance(_unwrap(x), tensor)
        y_is_scalar = not isinstance(_unwrap(y), tensor)
        x_value, y_value = x, y
        x, y = self.to_tensor(x), self.to_tensor(y)
        if x.dtype.is_ptr() or y.dtype.is_ptr():
            if x.dtype != y.dtype:
                _err("tl.where: pointers of different types %r and %r",
                     x.dtype, y.dtype)
        else:
            ct = self.computation_type(x.dtype, x_is_scalar, y.dtype,
                                       y_is_scalar, False)
            self.check_scalars_fit("tl.where", ct, x_value, y_value)
            x, y = self.cast(x, ct), self.cast(y, ct)
        shape = self.broadcast_shapes(cond.shape,
                                      self.broadcast_shapes(x.shape, y.shape))
        if shape:
            cond = self.broadcast_to(cond, shape)
            x = self.broadcast_to(x, shape)
            y = self.broadcast_to(y, shape)
        return self._op("arith.select", [cond, x, y], x.type)

    def minmax(self, x, y, which, propagate_nan):
        x, y = self.binary_operands(x, y, "tl.%simum" % which)
        if x.dtype.is_floating():
            if propagate_nan in (None, "none", "NONE", 0) or \
                    str(propagate_nan).endswith("NONE"):
                name = "arith.%snumf" % which
            else:
                name = "arith.%simumf" % which
        else:
            name = "arith.%s%si" % (which, "s" if x.dtype.is_int_signed()
                                    else "u")
        return self._op(name, [x, y], x.type)

    def clamp(self, x, lo, hi, propagate_nan):
        x = self.to_tensor(x)
        if not x.dtype.is_floating():
            _err("tl.clamp needs a float tensor, got %r", x.dtype)
        return self.minmax(self.minmax(x, lo, "max", propagate_nan), hi, "min",
                           propagate_nan)

    def fma(self, x, y, z):
        x, y = self.binary_operands(x, y, "tl.fma")
        x, z = self.binary_operands(x, z, "tl.fma")
        y = self.broadcast_to(y, list(x.shape)) if x.shape else y
        if not x.dtype.is_floating():
            _err("tl.fma needs float operands, got %r", x.dtype)
        return self._op("math.fma", [x, y, z], x.type)

    def umulhi(self, x, y):
        x, y = self.binary_operands(x, y, "tl.umulhi")
        if not x.dtype.is_int():
            _err("tl.umulhi needs integer operands, got %r", x.dtype)
        t = self.type_of(x.type)
        # Unsigned whatever the operands' signedness, as Triton's
        # (__nv_umulhi): the high half of the product of the bit patterns.
        hs = self.builder.opn("arith.mului_extended", [x.handle, y.handle],
                              [t, t])
        return tensor(hs[1], x.type)

    def fdiv(self, x, y, ieee_rounding=False):
        """x / y. As in Triton, a float32 division may be approximate
        (NVIDIA: div.full.f32, within 2 ulp) unless `ieee_rounding`
        (tl.math.div_rn) asks for IEEE rounding to nearest (tir.div_rn)."""
        x, y = self.binary_operands(x, y, "tl.fdiv")
        if not x.dtype.is_floating():
            _err("tl.fdiv needs float operands, got %r", x.dtype)
        r = self._op("arith.divf", [x, y], x.type)
        if ieee_rounding:
            self.builder.mark(r.handle, "tir.div_rn")
        return r

    # Float-only math ops: tl name -> MLIR op.
    MATH = {"exp": "math.exp", "exp2": "math.exp2", "log": "math.log",
            "log2": "math.log2", "log1p": "math.log1p", "expm1": "math.expm1",
            "sqrt": "math.sqrt", "rsqrt": "math.rsqrt", "sin": "math.sin",
            "cos": "math.cos", "tan": "math.tan", "tanh": "math.tanh",
            "erf": "math.erf", "floor": "math.floor", "ceil": "math.ceil",
            "trunc": "math.trunc", "round": "math.roundeven",
            "round_away": "math.round",
            "asin": "math.asin", "acos": "math.acos", "atan": "math.atan",
            "sinh": "math.sinh", "cosh": "math.cosh", "asinh": "math.asinh",
            "acosh": "math.acosh", "atanh": "math.atanh", "log10": "math.log10",
            "cbrt": "math.cbrt", "erfc": "math.erfc", "abs_f": "math.absf"}

    def math_unary(self, name, x):
        x = self.to_tensor(x)
        if not x.dtype.is_floating():
            if x.dtype.is_int():
                x = self.cast(x, tl.float32)
            else:
                _err("tl.%s needs a float operand, got %r", name, x.dtype)
        return self._op(self.MATH[name], [x], x.type)

    def bit_count(self, name, op, x):
        """popc / clz (math.ctpop / math.ctlz) of integers, as int32 for
        either width, as libdevice's __nv_popc(ll) and __nv_clz(ll)."""
        x = self.to_tensor(x)
        if not x.dtype.is_int() or x.dtype.is_bool():
            _err("libdevice.%s needs an integer operand, got %r", name,
                 x.dtype)
        return self.cast(self._op(op, [x], x.type), tl.int32)

    def math_binary(self, name, op, x, y):
        x, y = self.binary_operands(x, y, "tl." + name)
        if not x.dtype.is_floating():
            x, y = self.cast(x, tl.float32), self.cast(y, tl.float32)
        return self._op(op, [x, y], x.type)

    def abs(self, x):
        x = self.to_tensor(x)
        if x.dtype.is_fp8():
            # As Triton: clear the sign bit (no back end computes on fp8).
            bits = self.cast(x, tl.int8, bitcast=True)
            bits = self.and_(bits, self.scalar_constant(0x7F, tl.int8))
            return self.cast(bits, x.dtype, bitcast=True)
        if x.dtype.is_floating():
            return self._op("math.absf", [x], x.type)
        if x.dtype.is_int_signed():
            return self._op("math.absi", [x], x.type)
        if x.dtype.is_int():
            return x
        _err("abs() is not defined on %r", x.dtype)

    # ------------------------------------------------------------------
    # Reductions and scans
    # ------------------------------------------------------------------

    def _region_values(self, op, elems, what):
        blk = self.builder.block(op, 0, 0)
        n = len(elems)
        args = [tensor(self.builder.block_arg(blk, i), elems[i % n])
                for i in range(2 * n)]
        return blk, args

    def _combine(self, op, inputs, combine_fn, what, ret):
        elems = [x.dtype for x in inputs]
        blk, args = self._region_values(op, elems, what)
        ip = self.builder.save_ip()
        self.builder.set_insert_end(blk)
        try:
            results = self.generator.call_function(combine_fn, args)
        finally:
            pass
        if not isinstance(results, tuple):
            results = (results,)
        if len(results) != len(inputs):
            self.builder.restore_ip(ip)
            _err("%s: the combine function returned %d values for %d inputs",
                 what, len(results), len(inputs))
        outs = []
        for r, e in zip(results, elems):
            r = self.to_tensor(r)
            if r.type.is_block():
                _err("%s: the combine function must return scalars", what)
            outs.append(self.cast(r, e).handle)
        ret(outs)
        self.builder.restore_ip(ip)

    def reduce(self, inputs, axis, combine_fn, keep_dims):
        single = not isinstance(inputs, tuple)
        inputs = [self.to_tensor(x) for x in
                  ((inputs,) if single else inputs)]
        for x in inputs:
            if not x.type.is_block():
                _err("tl.reduce needs tiles, got a scalar")
        if axis is None:
            inputs = [self.reshape(x, [x.type.numel], True) for x in inputs]
            axis = 0
        rank = len(inputs[0].shape)
        if not isinstance(axis, int):
            _err("reduction axis must be an integer constexpr, got %r", axis)
        if axis < 0:
            axis += rank
        if not 0 <= axis < rank:
            _err("reduction axis %d is out of range for a tile of rank %d",
                 axis, rank)
        for x in inputs[1:]:
            if list(x.shape) != list(inputs[0].shape):
                _err("tl.reduce: inputs of different shapes %s and %s",
                     list(inputs[0].shape), list(x.shape))
        op = self.builder.reduce([x.handle for x in inputs], axis)
        self._combine(op, inputs, combine_fn, "tl.reduce",
                      self.builder.reduce_return)
        shape = [d for i, d in enumerate(inputs[0].shape) if i != axis]
        outs = []
        for i, x in enumerate(inputs):
            ty = tl.block_type(x.dtype, shape) if shape else x.dtype
            r = tensor(self.builder.result(op, i), ty)
            if keep_dims:
                if shape:
                    r = self.expand_dims(r, [axis])
                else:
                    r = self.broadcast_to(r, [1])
            outs.append(r)
        return outs[0] if single else tuple(outs)

    def scan(self, inputs, axis, combine_fn, reverse):
        single = not isinstance(inputs, tuple)
        inputs = [self.to_tensor(x) for x in
                  ((inputs,) if single else inputs)]
        for x in inputs:
            if not x.type.is_block():
                _err("tl.associative_scan needs tiles, got a scalar")
        rank = len(inputs[0].shape)
        if axis is None or not isinstance(axis, int):
            _err("tl.associative_scan needs an integer axis, got %r", axis)
        if axis < 0:
            axis += rank
        if not 0 <= axis < rank:
            _err("scan axis %d is out of range for a tile of rank %d", axis,
                 rank)
        op = self.builder.scan([x.handle for x in inputs], axis, bool(reverse))
        self._combine(op, inputs, combine_fn, "tl.associative_scan",
                      self.builder.scan_return)
        outs = [tensor(self.builder.result(op, i), x.type)
                for i, x in enumerate(inputs)]
        return outs[0] if single else tuple(outs)

    # ------------------------------------------------------------------
    # Hints and debugging
    # ------------------------------------------------------------------

    def hint(self, x, kind, values):
        x = self.to_tensor(x)
        if isinstance(values, (int, constexpr)):
            values = [_unwrap(values)]
        values = [int(_unwrap(v)) for v in values]
        rank = max(1, len(x.shape))
        if len(values) != rank:
            _err("tl.%s: %d values for a value of rank %d",
                 {"divisibility": "multiple_of",
                  "contiguity": "max_contiguous",
                  "constancy": "max_constancy"}[kind], len(values), rank)
        self.builder.set_hint(x.handle, "tir." + kind, values)
        return x

    def assume(self, cond):
        cond = self.to_tensor(cond, "condition")
        if cond.type.is_block() or not cond.dtype.is_bool():
            _err("tl.assume needs a scalar boolean condition, got %r",
                 cond.type)
        self.builder.assume(cond.handle)

    # ------------------------------------------------------------------
    # Warp specialization
    # ------------------------------------------------------------------

    def _ws_pairs(self, functions_and_args):
        from ..runtime.jit import JITFunction
        pairs = _unwrap(functions_and_args)
        what = ("tl.warp_specialize takes a list of (function, args) pairs: "
                "the default partition first, then at least one worker")
        if not isinstance(pairs, (list, tuple)) or len(pairs) < 2:
            _err(what)
        out = []
        for i, pair in enumerate(pairs):
            pair = _unwrap(pair)
            if not isinstance(pair, (list, tuple)) or len(pair) != 2:
                _err(what + "; entry %d is %r", i, pair)
            fn, args = _unwrap(pair[0]), _unwrap(pair[1])
            if not isinstance(fn, JITFunction):
                _err("tl.warp_specialize: entry %d's function must be a "
                     "@trident.jit function, got %r", i, fn)
            if not isinstance(args, (list, tuple)):
                _err("tl.warp_specialize: entry %d's arguments must be a "
                     "tuple, got %r", i, args)
            out.append((fn, list(args)))
        return out

    def warp_specialize(self, functions_and_args, worker_num_warps,
                        worker_num_regs, default_num_regs):
        pairs = self._ws_pairs(functions_and_args)
        workers = pairs[1:]
        warps = [int(_unwrap(w)) for w in _unwrap(worker_num_warps)]
        if len(warps) != len(workers):
            _err("tl.warp_specialize: %d workers but worker_num_warps has %d "
                 "entries", len(workers), len(warps))
        regs = [int(_unwrap(r)) for r in _unwrap(worker_num_regs) or []]
        if regs and len(regs) != len(workers):
            _err("tl.warp_specialize: %d workers but worker_num_regs has %d "
                 "entries", len(workers), len(regs))
        # Each worker's run-time arguments become captures of the op, in
        # order; constexprs and other compile-time values pass as they are.
        captures, plans = [], []
        for i, (fn, args) in enumerate(workers):
            plan = []
            for j, a in enumerate(args):
                if isinstance(a, tensor):
                    if a.type.is_block():
                        _err("tl.warp_specialize: argument %d of worker %d "
                             "(%s) is a tile of %s; each group lays out "
                             "its own tiles, so a worker takes pointers and "
                             "scalars and makes its tiles", j, i,
                             fn.__name__, a.type)
                    plan.append((len(captures), a.type))
                    captures.append(a)
                else:
                    plan.append((None, a))
            plans.append(plan)
        op = self.builder.warp_specialize(
            [c.handle for c in captures], warps, regs,
            int(_unwrap(default_num_regs) or 0))
        parts = self.builder.warp_partitions(op)
        ip = self.builder.save_ip()
        try:
            for region, ((fn, args), plan) in enumerate(
                    zip(pairs, [None] + plans)):
                blk = (self.builder.block(op, 0, 0) if plan is None else
                       self.builder.block(parts, region - 1, 0))
                self.builder.set_insert_end(blk)
                if plan is not None:
                    args = [a if k is None else
                            tensor(self.builder.block_arg(blk, k), a)
                            for k, a in plan]
                result = self.generator.call_function(fn, args)
                if _unwrap(result) is not None:
                    _err("tl.warp_specialize: %s returned a value; "
                         "partitions return nothing", fn.__name__)
                self.builder.warp_yield()
        finally:
            self.builder.restore_ip(ip)

    def debug_barrier(self):
        self.builder.op("tir.barrier", [], [])

    def device_print(self, prefix, args, hex):
        if not isinstance(prefix, str):
            _err("tl.device_print's prefix must be a string")
        vals = [self.to_tensor(a) for a in args]
        if not hex:
            # fp8e4b15's values as floats (the IR's tag type would print
            # bits): fp32 holds them exactly.
            vals = [self.cast(v, tl.float32) if v.dtype.is_fp8e4b15() else v
                    for v in vals]
        signs = [0 if v.dtype.is_int_unsigned() else 1 for v in vals]
        if vals:
            # What goes between a line's index and its value, as Triton
            # prints it: "x" and "x: " give " x: ", "" gives ": ".
            text = prefix.strip()
            if not text.endswith(":"):
                text += ":"
            prefix = ": " if text == ":" else " " + text + " "
        self.builder.print(prefix, bool(hex), [v.handle for v in vals], signs)

    def device_assert(self, cond, msg, mask):
        cond = self.to_tensor(cond, "condition")
        if not cond.dtype.is_bool():
            cond = self.cast(cond, tl.int1)
        if mask is not None:
            mask = self.cast(self.to_tensor(mask), tl.int1)
            cond, mask = self.broadcast_pair(cond, mask)
            cond = self.or_(cond, self.logical_not(mask))
        self.builder.assert_(cond.handle, msg or "assertion failed")

    def inline_asm(self, asm, constraints, args, dtype, is_pure, pack):
        if isinstance(args, tensor):
            args = [args]
        args = [self.to_tensor(a) for a in _unwrap(args)]
        single = not isinstance(dtype, (tuple, list))
        dtypes = [dtype] if single else list(dtype)
        shape = []
        for a in args:
            shape = self.broadcast_shapes(shape, a.shape)
        if shape:
            args = [self.broadcast_to(a, shape) for a in args]
        tys = [tl.block_type(d, shape) if shape else d for d in dtypes]
        outs = self.builder.inline_asm(asm, constraints,
                                       [a.handle for a in args],
                                       [self.type_of(t) for t in tys],
                                       bool(is_pure), int(pack))
        res = [tensor(h, t) for h, t in zip(outs, tys)]
        return res[0] if single else tuple(res)

    def map_elementwise(self, fn, args, pack):
        from ..runtime.jit import JITFunction
        what = "tl.map_elementwise"
        if not isinstance(fn, JITFunction):
            got = ("the plain Python function '%s' (decorate it with "
                   "@trident.jit)" % fn.__name__
                   if isinstance(fn, types.FunctionType) else repr(fn))
            _err("%s: the scalar function must be a @trident.jit function, "
                 "got %s", what, got)
        if isinstance(pack, bool) or not isinstance(pack, int) or pack < 1:
            _err("%s: pack must be a positive integer constexpr, got %r",
                 what, pack)
        args = [self.to_tensor(a) for a in _unwrap(args)]
        if not args:
            _err("%s needs at least one argument to map over", what)
        for i, a in enumerate(args):
            if a.dtype.is_ptr() or a.dtype.is_void():
                _err("%s: argument %d is a %r; only integer and floating-point"
                     " values can be mapped", what, i, a.dtype)
        shape = []
        for a in args:
            shape = self.broadcast_shapes(shape, a.shape)
        if shape:
            args = [self.broadcast_to(a, shape) for a in args]
        numel = 1
        for d in shape:
            numel *= d
        if numel % pack:
            _err("%s: pack=%d does not divide the %d elements of a tile of "
                 "shape %s", what, pack, numel, list(shape))
        op = self.builder.map_elementwise([a.handle for a in args], pack)
        blk = self.builder.block(op, 0, 0)
        scalars = [tensor(self.builder.block_arg(blk, i * pack + k), a.dtype)
                   for i, a in enumerate(args) for k in range(pack)]
        ip = self.builder.save_ip()
        self.builder.set_insert_end(blk)
        try:
            results = self.generator.call_function(fn, scalars)
            if results is None:
                _err("%s: the scalar function %s returned nothing; it must "
                     "return a scalar or a tuple of scalars", what,
                     fn.__name__)
            results = list(results) if isinstance(results, (tuple, list)) \
                else [results]
            if len(results) % pack:
                _err("%s: the scalar function %s returned %d values; with "
                     "pack=%d it must return %d values per output (a "
                     "multiple of %d)", what, fn.__name__, len(results), pack,
                     pack, pack)
            values = []
            for i, r in enumerate(results):
                r = _unwrap(r)
                if not isinstance(r, tensor) and not isinstance(
                        r, (bool, int, float)):
                    _err("%s: the scalar function %s returned %r (value %d); "
                         "it must return scalars", what, fn.__name__, r, i)
                r = self.to_tensor(r)
                if r.type.is_block():
                    _err("%s: the scalar function %s returned a tile of shape"
                         " %s (value %d); it must return scalars", what,
                         fn.__name__, list(r.shape), i)
                if r.dtype.is_ptr():
                    _err("%s: the scalar function %s returned a pointer "
                         "(value %d); it must return integers or floats",
                         what, fn.__name__, i)
                values.append(r)
            dtypes = []
            for j in range(0, len(values), pack):
                group = values[j:j + pack]
                for k, v in enumerate(group[1:], 1):
                    if v.dtype != group[0].dtype:
                        _err("%s: the %d values the scalar function %s "
                             "returns for output %d have different types "
                             "(%r and %r)", what, pack, fn.__name__,
                             j // pack, group[0].dtype, v.dtype)
                dtypes.append(group[0].dtype)
            self.builder.map_elementwise_return([v.handle for v in values])
        finally:
            self.builder.restore_ip(ip)
        op = self.builder.finalize_map_elementwise(op)
        outs = [tensor(self.builder.result(op, j),
                       tl.block_type(d, shape) if shape else d)
                for j, d in enumerate(dtypes)]
        return outs[0] if len(outs) == 1 else tuple(outs)

    def extern_elementwise(self, lib_name, lib_path, args, table, is_pure,
                           what=None):
        what = what or "extern_elementwise"
        if isinstance(_unwrap(args), tensor):
            args = [args]
        args = [self.to_tensor(a) for a in _unwrap(args)]
        if not args:
            _err("%s needs at least one argument", what)
        def entry(v):
            symbol, ret = _unwrap(v)
            return str(_unwrap(symbol)), _unwrap(ret)
        table = {tuple(_unwrap(d) for d in _unwrap(k)): entry(v)
                 for k, v in dict(_unwrap(table)).items()}
        key = tuple(a.dtype for a in args)
        if key not in table:
            # Triton's rule: promote every argument to their common type.
            common = args[0].dtype
            for a in args[1:]:
                common = self.computation_type(a.dtype, False, common, False,
                                               False)
            if not common.is_ptr() and not common.is_void():
                args = [self.cast(a, common) for a in args]
                key = tuple(a.dtype for a in args)
        if key not in table:
            accepted = ", ".join(
                "(%s)" % ", ".join(str(d) for d in k) for k in table)
            _err("%s has no variant for arguments of type (%s); it takes %s",
                 what, ", ".join(str(a.dtype) for a in args), accepted)
        symbol, ret = table[key]
        shape = []
        for a in args:
            shape = self.broadcast_shapes(shape, a.shape)
        if shape:
            args = [self.broadcast_to(a, shape) for a in args]
        ty = tl.block_type(ret, shape) if shape else ret
        lib_path = _unwrap(lib_path) or ""
        lib_path = (os.fsdecode(lib_path) if isinstance(
            lib_path, (str, bytes, os.PathLike)) else str(lib_path))
        if "\0" in lib_path:
            # A bitcode file the GPU targets link: a NUL byte would cut it
            # short in the file system's C strings.
            _err("%s: the library path %r contains a NUL byte, which no "
                 "file name can hold", what, lib_path)
        h = self.builder.extern_elementwise(str(symbol), str(lib_path or ""),
                                            [a.handle for a in args],
                                            self.type_of(ty), bool(is_pure))
        return tensor(h, ty)

    def dsl_op(self, name, args, num_results, attrs=None):
        from . import ir
        vals = [self.to_tensor(a) for a in args]
        hs = self.builder.dsl_op(name, [v.handle for v in vals],
                                 ir.attr_pairs(attrs, name),
                                 int(num_results))
        outs = [tensor(h, self.type_from_ir(h)) for h in hs]
        if num_results == 1:
            return outs[0]
        return tuple(outs)

    def type_from_ir(self, value_handle):
        """The language type of a value a plugin made (from its IR type)."""
        text = self.builder.type_str(self.builder.value_type(value_handle))
        return parse_ir_type(text)


# ---------------------------------------------------------------------------
# Tensor descriptors
# ---------------------------------------------------------------------------


class tensor_descriptor_type(tl.dtype):
    def __init__(self, block_type):
        self.block_type = block_type
        self.name = "tensordesc<%s>" % block_type.name
        self.primitive_bitwidth = 0
        self.int_bitwidth = 0
        self.int_signedness = "unsigned"

    def is_int(self):
        return False

    def is_floating(self):
        return False

    def __eq__(self, other):
        return (isinstance(other, tensor_descriptor_type) and
                other.block_type == self.block_type)

    def __hash__(self):
        return hash(("desc", self.block_type))


class tensor_descriptor(tl.base_value):
    """A tensor descriptor value (`tl.make_tensor_descriptor`, or a host
    TensorDescriptor argument): `.load(offsets)`, `.store(offsets, v)`,
    `.gather`, `.scatter`, `.atomic_add/min/max/and/or/xor` (_descriptor.py);
    `.shape` (int32 scalars) and `.strides` (int64 scalars), the values it
    was made with. A host descriptor on a GPU target has only its handle
    (the TMA tensor map), so no shape, strides or base."""

    def __init__(self, handle, type, shape=None, strides=None, base=None,
                 padding="zero"):
        self.handle = handle
        # of out-of-bounds reads: "zero", "nan", or a run-time flag (an
        # int1 scalar, true for NaN: a host descriptor on the CPU target)
        self._padding = padding
        self.type = type
        self.dtype = type.block_type.element_ty
        self.block_shape = list(type.block_type.shape)
        self.block_type = type.block_type
        self._shape = None if shape is None else tuple(shape)
        self._strides = None if strides is None else tuple(strides)
        self._base = base

    def _sizes(self, what):
        found = self._shape if what == "shape" else self._strides
        if found is None:
            _err("tensor descriptor's .%s: a host TensorDescriptor argument "
                 "has it on the CPU target, not yet on a GPU target (%s); a "
                 "descriptor made in the kernel (tl.make_tensor_descriptor) "
                 "has it everywhere", what, tl._sem("descriptor").target)
        return found

    @property
    def shape(self):
        return self._sizes("shape")

    @property
    def strides(self):
        return self._sizes("strides")

    def _flatten(self):
        # Through loops, ifs and calls a descriptor travels as the values it
        # is made of (shape, strides, base: scalars) and is made again from
        # them after (so that every access sees the make, as lowering needs);
        # one without them (a host descriptor on a GPU target) as itself.
        if self._base is not None:
            flag = [self._padding] if isinstance(self._padding, tensor) \
                else []
            return list(self._shape) + list(self._strides) + [self._base] + \
                flag
        return [tensor(self.handle, self.type)]

    def _padding_key(self):
        """The padding as a key: 'zero', 'nan' or 'run-time' (a flag)."""
        return self._padding if isinstance(self._padding, str) else \
            "run-time"

    def _unflatten(self, ts):
        if self._base is None:
            return tensor_descriptor(ts[0].handle, self.type)
        nd = len(self._shape)
        shape, strides, base = ts[:nd], ts[nd:2 * nd], ts[2 * nd]
        padding = ts[2 * nd + 1] if isinstance(self._padding, tensor) else \
            self._padding
        h = tl._sem("descriptor").builder.make_tensor_desc(
            base.handle, [t.handle for t in shape],
            [t.handle for t in strides],
            tl._sem("descriptor").type_of(self.type))
        return tensor_descriptor(h, self.type, shape, strides, base,
                                 padding)

    def load(self, offsets):
        return tl._sem("descriptor.load").descriptor_load(
            self, list(_unwrap(offsets)))

    def store(self, offsets, value):
        return tl._sem("descriptor.store").descriptor_store(
            self, list(_unwrap(offsets)), value)

    def gather(self, x_offsets, y_offset):
        from . import _descriptor
        return _descriptor.gather(self, x_offsets, y_offset)

    def scatter(self, value, x_offsets, y_offset):
        from . import _descriptor
        return _descriptor.scatter(self, value, x_offsets, y_offset)

    def _atomic(kind):
        def method(self, offsets, value):
            from . import _descriptor
            return _descriptor.reduce(self, kind, offsets, value)
        method.__name__ = "atomic_" + kind
        method.__doc__ = ("`tl.tensor_descriptor.atomic_%s`: the block at "
                          "`offsets` combined with `value` atomically" % kind)
        return method

    atomic_add, atomic_min, atomic_max = (
        _atomic("add"), _atomic("min"), _atomic("max"))
    atomic_and, atomic_or, atomic_xor = (
        _atomic("and"), _atomic("or"), _atomic("xor"))
    del _atomic


def _is_block_ptr(x):
    """Whether `x` is a block pointer (tl.make_block_ptr's result)."""
    return (isinstance(x, tensor) and x.dtype.is_ptr() and
            x.dtype.element_ty.is_block())


# fp32 1.75, the largest fp8e4b15 value a conversion gives (code 0x7e).
_E4B15_MAX_F32 = 0x3FE00000


def _e4b15_code(value):
    """The fp8e4b15 code (0..255) of the number `value`, taken to fp32
    (to nearest even) and then rounded as `Semantic._f32_to_e4b15`
    rounds."""
    v = float(value)
    sign = 0x80 if _pymath.copysign(1.0, v) < 0 else 0
    a = abs(v)
    if not a < 1.75:  # infinities and NaN saturate too
        return sign | 0x7E
    bits = struct.unpack("<I", struct.pack("<f", a))[0]
    exp = bits >> 23
    if exp >= 113:
        code = (bits - (112 << 23) + (1 << 19)) >> 20
    else:
        man = (bits & 0x7FFFFF) | 0x800000
        code = ((man >> min(132 - exp, 31)) + 1) >> 1
    return sign | min(code, 0x7E)


def _int64_bits(value):
    """`value`, an int that fits its 64-bit-or-narrower type, as the int64
    with the same low 64 bits (the builder takes an int64: a uint64 above
    2^63 - 1 passes as its two's complement)."""
    value = int(value)
    return value - 2 ** 64 if value >= 2 ** 63 else value


def _describe(x):
    if isinstance(x, tensor):
        return "a tensor of type %r" % (x.type,)
    if isinstance(x, constexpr):
        return "the constexpr %r" % (x.value,)
    return "%r" % (x,)


# The cache modifiers each access takes, as Triton accepts them (the
# leading dot is optional here).
_CACHE_MODIFIERS = {"tl.load": ("ca", "cg", "cs", "cv"),
                    "tl.store": ("wb", "cg", "cs", "wt")}
_EVICTION_POLICIES = ("evict_normal", "evict_first", "evict_last")


def _cache(c, what=None):
    """The Tile IR spelling of cache modifier `c` of `what` ("tl.load" or
    "tl.store"); an error for one that `what` does not take."""
    c = (c or "").lstrip(".")
    if what is None or c == "":
        return c
    takes = _CACHE_MODIFIERS[what]
    if c not in takes:
        other = [w for w in _CACHE_MODIFIERS if w != what][0]
        why = ("is only for %s" % other if c in _CACHE_MODIFIERS[other]
               else "is not a cache modifier")
        _err("%s: cache_modifier %r %s; %s takes %s", what, "." + c, why,
             what, ", ".join("'.%s'" % t for t in takes))
    return c


def _evict(e, what):
    """Eviction policy `e` of `what`; an error for an unknown one."""
    e = e or ""
    if e and e not in _EVICTION_POLICIES:
        _err("%s: eviction_policy %r is not one of %s", what, e,
             ", ".join("'%s'" % p for p in _EVICTION_POLICIES))
    return e


_IR_ELEMS = {"i1": tl.int1, "i8": tl.int8, "i16": tl.int16, "i32": tl.int32,
             "i64": tl.int64, "f16": tl.float16, "bf16": tl.bfloat16,
             "f32": tl.float32, "f64": tl.float64,
             "f8E4M3FN": tl.float8e4nv, "f8E5M2": tl.float8e5,
             "f8E4M3FNUZ": tl.float8e4b8, "f8E5M2FNUZ": tl.float8e5b16,
             "f8E4M3B11FNUZ": tl.float8e4b15}


def parse_ir_type(text):
    text = text.strip()
    if text.startswith("tensor<"):
        body = text[len("tensor<"):-1]
        parts = body.split("x")
        dims, elem = [], None
        for i, p in enumerate(parts):
            if p.isdigit():
                dims.append(int(p))
            else:
                elem = parse_ir_type("x".join(parts[i:]))
                break
        return tl.block_type(elem, dims)
    if text.startswith("!tir.blockptr<"):
        inner = text[len("!tir.blockptr<"):-1]
        space = 1
        if not inner.endswith(">"):
            inner, space = inner.rsplit(",", 1)
            space = int(space)
        return tl.pointer_type(parse_ir_type(inner), space)
    if text.startswith("!tir.ptr<"):
        inner = text[len("!tir.ptr<"):-1].split(",")[0]
        return tl.pointer_type(parse_ir_type(inner))
    if text in _IR_ELEMS:
        return _IR_ELEMS[text]
    # A type of the IR the language has no name for: a plugin's (buffers,
    # barriers, tokens), or a tile of such elements.
    return tl.ir_type(text)
