"""The kernel language: `import trident.language as tl` (the surface of
`triton.language`)."""
from . import extra, ir, math  # noqa: F401
from .core import (  # noqa: F401
    advance, arange, associative_scan, assume, atomic_add, atomic_and,
    atomic_cas, atomic_max, atomic_min, atomic_or, atomic_xchg, atomic_xor,
    base_value, bfloat16, block_type, broadcast, broadcast_to, builtin, cast, cat, clamp,
    const, constexpr, constexpr_type, debug_barrier, device_assert, device_print, div_rn, dot,
    dot_scaled,
    dsl_op, dtype, expand_dims, extern, extern_elementwise, fdiv, float8e4b15,
    float8e4nv, float8e5, float8e4b8, float8e5b16, float16, float32,
    float64, fma, full, full_like, inline_asm_elementwise, int1, int8, int16,
    ir_type,
    int32, int64, interleave, item, join, load, load_tensor_descriptor,
    make_block_ptr, make_tensor_descriptor, map_elementwise, max_constancy,
    max_contiguous,
    maximum, minimum, multiple_of, num_programs, permute, pi32_t,
    pointer_type, program_id, range, ravel, reduce, reshape, split,
    sqrt_rn, static_assert, static_print, static_range, store,
    store_tensor_descriptor, tensor, trans, uint8, uint16, uint32, uint64,
    umulhi, view, void, warp_specialize, where, zeros, zeros_like)
from .math import (  # noqa: F401
    abs, ceil, cos, erf, exp, exp2, floor, log, log2, rsqrt, sin, sqrt)
from .semantic import tensor_descriptor, tensor_descriptor_type  # noqa
from ._gather import gather  # noqa: F401
from ._tuple import tuple  # noqa: F401,A001
from .core import PropagateNan  # noqa: F401
from .core import TRIDENT_MAX_TENSOR_NUMEL, TRITON_MAX_TENSOR_NUMEL  # noqa
from . import random  # noqa: F401
from .random import (  # noqa: F401
    pair_uniform_to_normal, philox, philox_impl, rand, rand4x, randint,
    randint4x, randn, randn4x, uint_to_uniform_float)
from .standard import (  # noqa: F401
    argmax, argmin, cdiv, cumprod, cumsum, histogram, max, min, reduce_and,
    reduce_or, sigmoid, softmax, sum, swizzle2d, xor_sum)
from ._sort import bitonic_merge, flip, sort, topk  # noqa: F401

float8e4m3fn = float8e4nv
float8e5m2 = float8e5
