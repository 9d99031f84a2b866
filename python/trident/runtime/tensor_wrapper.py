"""`trident.reinterpret(tensor, dtype)`: a tensor's memory seen as another
element type of the same size (Triton's `triton.reinterpret`), for the
types torch has no tensors of (tl.float8e5 on an int8 tensor) or has few
operations on (unsigned integers):

    x = torch.randint(0, 100, (128,), dtype=torch.int32)
    kernel[(1,)](trident.reinterpret(x, tl.uint32))   # the kernel sees *uint32

The result is a TensorWrapper: `.base` is the tensor, `.dtype` the
trident.language dtype; it launches like a tensor (data_ptr, dtype) and
keeps torch's shape, strides and device.
"""
from .._errors import TridentUserError
from ..language import core as tl


class TensorWrapper:
    """A tensor (`base`) whose elements kernels take as `dtype`."""

    def __init__(self, base, dtype):
        self.base = base
        self.dtype = dtype

    @property
    def shape(self):
        return self.base.shape

    @property
    def device(self):
        return self.base.device

    @property
    def data(self):
        return self.base.data

    @data.setter
    def data(self, value):
        # As for a torch tensor: the base now holds `value`'s storage, shape
        # and strides (`w.data = w.data[:, :50]` makes it a view); the
        # element type the kernels see stays `dtype`.
        if isinstance(value, TensorWrapper):
            value = value.base
        self.base.data = value

    def data_ptr(self):
        return self.base.data_ptr()

    def stride(self, *args):
        return self.base.stride(*args)

    def element_size(self):
        return self.base.element_size()

    def numel(self):
        return self.base.numel()

    def dim(self):
        return self.base.dim()

    def size(self, *args):
        return self.base.size(*args)

    def cpu(self):
        return TensorWrapper(self.base.cpu(), self.dtype)

    def to(self, device):
        return TensorWrapper(self.base.to(device), self.dtype)

    def clone(self):
        return TensorWrapper(self.base.clone(), self.dtype)

    def copy_(self, other):
        self.base.copy_(other.base if isinstance(other, TensorWrapper) else other)
        return self

    def new_empty(self, sizes):
        return TensorWrapper(self.base.new_empty(sizes), self.dtype)

    def __len__(self):
        return len(self.base)

    def __repr__(self):
        return "TensorWrapper[%s](%r)" % (self.dtype, self.base)


def _bits(t):
    size = getattr(t, "element_size", None)
    if callable(size):
        return 8 * size()
    itemsize = getattr(getattr(t, "dtype", None), "itemsize", None)
    return None if itemsize is None else 8 * itemsize


def _from_torch_dtype(dtype):
    """The trident.language dtype of a torch dtype (torch.uint8 ->
    tl.uint8), or None when `dtype` is not one."""
    if isinstance(dtype, tl.dtype) or type(dtype).__module__ != "torch":
        return None
    from .driver import _TORCH_DTYPES
    found = _TORCH_DTYPES.get(str(dtype))
    if found is None:
        raise TridentUserError("reinterpret: torch dtype %s has no "
                               "trident.language type" % (dtype,))
    return found


def reinterpret(tensor, dtype):
    """`tensor`'s memory as elements of `dtype` (a trident.language dtype of
    the same width, or a torch dtype, taken as its trident.language type);
    reinterpreting a TensorWrapper back to its base's own dtype gives the
    base."""
    as_tl = _from_torch_dtype(dtype)
    if as_tl is not None:
        if isinstance(tensor, TensorWrapper) and dtype == tensor.base.dtype:
            return tensor.base
        dtype = as_tl
    dtype = tl._unwrap(dtype)
    if isinstance(tensor, TensorWrapper):
        if dtype == tensor.base.dtype:
            return tensor.base
        tensor = tensor.base
    if not hasattr(tensor, "data_ptr"):
        raise TridentUserError("reinterpret needs a tensor (an object with "
                               "data_ptr()), got %s" % type(tensor).__name__)
    if not isinstance(dtype, tl.dtype) or dtype.is_ptr() or \
            dtype.name == "void":
        raise TridentUserError("reinterpret needs a trident.language dtype "
                               "such as tl.uint32, got %r" % (dtype,))
    bits = _bits(tensor)
    width = 8 if dtype.name == "int1" else dtype.primitive_bitwidth
    if bits is not None and bits != width:
        raise TridentUserError(
            "reinterpret: %s has %d-bit elements, %r is %d bits wide" % (
                tensor.dtype, bits, dtype, width))
    return TensorWrapper(tensor, dtype)
