"""`TensorDescriptor`: a TMA descriptor built on the host, as Triton's
`triton.tools.tensor_descriptor.TensorDescriptor`.

    from trident.tools.tensor_descriptor import TensorDescriptor
    a_desc = TensorDescriptor.from_tensor(a, [BLOCK_M, BLOCK_K])
    kernel[grid](a_desc, ...)        # in the kernel: a_desc.load([m, k])

The kernel parameter that receives it is a `!tir.tensordesc` of the block
shape; the launcher encodes the CUDA tensor map (cuTensorMapEncodeTiled)
from the base tensor's address, the shape and strides (in elements,
outermost first; the innermost stride must be 1 and the others multiples
of 16 bytes) and what the compiled kernel chose for the box and swizzle,
and passes its 128 bytes by value. On the CPU target the kernel takes the
base address, the shape, the strides and the padding (1 for "nan") as
scalars instead, so it can read `desc.shape` / `desc.strides` and gather,
scatter and reduce through it (trident/language/_descriptor.py).
"""
class TensorDescriptor:
    """base, shape, strides, block_shape, padding ("zero" or "nan"): as
    Triton's dataclass of the same name (a plain class here, so that
    importing it costs nothing on a launch's path)."""

    __slots__ = ("base", "shape", "strides", "block_shape", "padding")

    def __init__(self, base, shape, strides, block_shape, padding="zero"):
        self.base = base
        self.shape = shape
        self.strides = strides
        self.block_shape = block_shape
        self.padding = padding
        self.__post_init__()

    def __repr__(self):
        return ("TensorDescriptor(base=%r, shape=%r, strides=%r, "
                "block_shape=%r, padding=%r)" % (
                    self.base, self.shape, self.strides, self.block_shape,
                    self.padding))

    def __eq__(self, other):
        if other.__class__ is not self.__class__:
            return NotImplemented
        return all(getattr(self, k) is getattr(other, k) or
                   getattr(self, k) == getattr(other, k)
                   for k in self.__slots__)

    __hash__ = None

    def __post_init__(self):
        rank = len(self.shape)
        if not 1 <= rank <= 5:
            raise ValueError("a tensor descriptor has 1 to 5 dimensions, got "
                             "%d" % rank)
        if len(self.strides) != rank or len(self.block_shape) != rank:
            raise ValueError("shape %s, strides %s and block_shape %s must "
                             "have the same length" %
                             (self.shape, self.strides, self.block_shape))
        if self.strides[-1] != 1:
            raise ValueError("the innermost stride must be 1, got %s" %
                             (self.strides,))
        if self.padding not in ("zero", "nan"):
            raise ValueError("padding must be 'zero' or 'nan', got %r" %
                             (self.padding,))
        for b in self.block_shape:
            if b < 1 or b & (b - 1):
                raise ValueError("block sizes must be powers of 2, got %s" %
                                 (self.block_shape,))
        self.shape = [int(s) for s in self.shape]
        self.strides = [int(s) for s in self.strides]
        self.block_shape = [int(b) for b in self.block_shape]

    @staticmethod
    def from_tensor(tensor, block_shape, padding="zero"):
        return TensorDescriptor(tensor, list(tensor.shape),
                                list(tensor.stride()), list(block_shape),
                                padding)
