"""Host-side surface Triton's language tests lean on: `desc.shape` and
`desc.strides` of a tensor descriptor made in the kernel, tuples and
torch.Size as kernel arguments, assigning `TensorWrapper.data`, and
`trident.reinterpret` to a torch dtype."""
import pytest

import trident
import trident.language as tl
from trident._errors import TridentUserError
from trident.runtime.tensor_wrapper import TensorWrapper

torch = pytest.importorskip("torch")


@trident.jit
def desc_sizes(out_ptr, a_ptr, M, N, MB: tl.constexpr, NB: tl.constexpr):
    desc = tl.make_tensor_descriptor(a_ptr, shape=[M, N], strides=[N, 1],
                                     block_shape=[MB, NB])
    tl.static_assert(desc.block_shape == [MB, NB])
    tl.static_assert(desc.shape[0].dtype == tl.int32)
    tl.static_assert(desc.strides[0].dtype == tl.int64)
    tl.store(out_ptr + 0, desc.shape[0])
    tl.store(out_ptr + 1, desc.shape[1])
    tl.store(out_ptr + 2, desc.strides[0].to(tl.int32))
    tl.store(out_ptr + 3, desc.strides[1].to(tl.int32))


def test_descriptor_shape_and_strides_in_the_kernel():
    a = torch.zeros(24, 32)
    out = torch.zeros(4, dtype=torch.int32)
    desc_sizes[(1,)](out, a, 24, 32, 8, 8)
    assert out.tolist() == [24, 32, 32, 1]


@trident.jit
def host_descriptor_shape(out_ptr, desc):
    tl.store(out_ptr, desc.shape[0])


def test_descriptor_argument_shape_on_the_cpu_target():
    # (more in test_descriptor_more.py, with the GPU target's refusal)
    from trident.tools.tensor_descriptor import TensorDescriptor
    a = torch.zeros(24, 16)
    desc = TensorDescriptor.from_tensor(a, [8, 8])
    out = torch.zeros(1, dtype=torch.int32)
    host_descriptor_shape[(1,)](out, desc)
    assert out.tolist() == [24]


@trident.jit
def tuple_args(out_ptr, shape, strides, BLOCK):
    offs = tl.arange(0, BLOCK[0])
    tl.store(out_ptr + offs, shape[0] * 100 + shape[1] * 10 + strides[0])


def test_tuples_and_torch_size_as_arguments():
    a = torch.zeros(3, 4)
    out = torch.zeros(8, dtype=torch.int32)
    tuple_args[(1,)](out, a.shape, a.stride(), (tl.constexpr(8),))
    assert out.tolist() == [344] * 8
    # another value is another specialization, not the cached one
    tuple_args[(1,)](out, (5, 6), (7, 1), (8,))
    assert out.tolist() == [567] * 8


def test_tuple_holding_an_unknown_object_is_refused_clearly():
    # (tuples holding tensors are passed: test_triton_tuples.py)
    out = torch.zeros(8, dtype=torch.int32)
    with pytest.raises(trident.LaunchError,
                       match=r"argument 'strides\[0\]': cannot pass a "
                             r"object to a kernel"):
        tuple_args[(1,)](out, (5, 6), (object(), out), (8,))


def test_assigning_tensor_wrapper_data_makes_the_base_a_view():
    base = torch.arange(12, dtype=torch.int32).reshape(3, 4)
    w = trident.reinterpret(base, tl.uint32)
    w.data = w.data[:, :2]
    assert isinstance(w, TensorWrapper) and w.dtype == tl.uint32
    assert tuple(w.shape) == (3, 2) and w.stride() == (4, 1)
    assert w.base.tolist() == [[0, 1], [4, 5], [8, 9]]


def test_reinterpret_to_a_torch_dtype():
    x = torch.zeros(4, dtype=torch.float16)
    w = trident.reinterpret(x, torch.int16)
    assert isinstance(w, TensorWrapper) and w.dtype == tl.int16
    # back to the base's own torch dtype gives the base
    assert trident.reinterpret(w, torch.float16) is x
    with pytest.raises(TridentUserError, match="16-bit elements"):
        trident.reinterpret(x, torch.int32)
