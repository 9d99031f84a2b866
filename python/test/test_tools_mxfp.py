"""trident.tools.mxfp (Triton's triton.tools.mxfp): e2m1 codes from floats
(round to nearest, ties to even, clamped to +-6), back to float32, packed
two per byte (low nibble first) and unpacked; e8m0 scales from floats
(floor of log2, 255 for NaN) and back; random draws within their ranges;
and packed data fed to tl.dot_scaled on the CPU target."""
import numpy as np
import pytest

torch = pytest.importorskip("torch")

import trident  # noqa: E402
import trident.language as tl  # noqa: E402
from trident.tools.mxfp import MXFP4Tensor, MXScaleTensor  # noqa: E402

MAGS = [0.0, 0.5, 1.0, 1.5, 2.0, 3.0, 4.0, 6.0]


def test_e2m1_codes_decode_to_their_values():
    t = MXFP4Tensor(size=16)
    t.data = torch.arange(16, dtype=torch.uint8)
    v = t.to(torch.float32)
    assert v.tolist() == MAGS + [-m for m in MAGS]
    assert torch.signbit(v[8]) and not torch.signbit(v[0])


def test_e2m1_from_float_rounds_to_nearest_even_and_clamps():
    x = torch.tensor([0.2, 0.25, 0.3, 0.75, 1.25, 1.75, 2.5, 3.5, 5.0, 5.5,
                      7.0, float("inf"), float("nan"), -0.0, -0.74, -100.0])
    want = [0.0, 0.0, 0.5, 1.0, 1.0, 2.0, 2.0, 4.0, 4.0, 6.0, 6.0, 6.0, 6.0,
            -0.0, -0.5, -6.0]
    t = MXFP4Tensor(x)
    assert t.data.dtype == torch.uint8 and int(t.data.max()) <= 15
    assert t.to(torch.float32).tolist() == want
    assert t.data[13] == 8  # -0.0 keeps its sign
    # Every representable value round-trips.
    vals = torch.tensor(MAGS + [-m for m in MAGS])
    assert torch.equal(MXFP4Tensor(vals).data,
                       torch.arange(16).to(torch.uint8))


@pytest.mark.parametrize("shape, dim", [((6,), 0), ((4, 6), 1), ((4, 6), 0),
                                        ((3, 5), 1), ((2, 3, 4), 2)])
def test_e2m1_packing(shape, dim):
    t = MXFP4Tensor(size=shape).random()
    packed = t.to_packed_tensor(dim=dim)
    assert packed.dtype == torch.uint8
    assert packed.shape[dim] == (shape[dim] + 1) // 2
    d = t.data.movedim(dim, -1)
    p = packed.movedim(dim, -1)
    assert torch.equal(p & 0xF, d[..., 0::2])  # element 2i: low nibble
    assert torch.equal(p[..., :shape[dim] // 2] >> 4, d[..., 1::2])
    if shape[dim] % 2:
        assert (p[..., -1] >> 4 == 0).all()  # padding
    assert torch.equal(t.unpack_packed_tensor(packed, dim, shape), t.data)


def test_e2m1_packing_refuses_a_missing_dim():
    with pytest.raises(AssertionError, match="dim 2"):
        MXFP4Tensor(size=(4, 4)).random().to_packed_tensor(dim=2)


def test_needs_data_or_size():
    with pytest.raises(ValueError, match="data"):
        MXFP4Tensor()
    with pytest.raises(TypeError, match="torch tensor"):
        MXScaleTensor([1.0])


def test_e8m0_scales():
    x = torch.tensor([1.0, 2.0, 3.0, 0.5, 1e-40, 2.0 ** 127, 0.0, -1.0,
                      float("nan"), float("inf")])
    t = MXScaleTensor(x)
    assert t.data.tolist() == [127, 128, 128, 126, 0, 254, 255, 255, 255,
                               255]
    v = t.to(torch.float32)
    assert v[:4].tolist() == [1.0, 2.0, 2.0, 0.5]
    assert v[4].item() == 2.0 ** -127
    assert torch.isnan(v[6:]).all()


def test_random_ranges():
    torch.manual_seed(0)
    s = MXScaleTensor(size=(4000,)).random().data
    assert int(s.min()) == 0 and int(s.max()) == 254
    s = MXScaleTensor(size=(4000,)).random(low=0.25, high=64.0).data
    assert int(s.min()) == 125 and int(s.max()) == 133
    c = MXFP4Tensor(size=(4000,)).random().data
    assert sorted(set(c.tolist())) == list(range(16))


@trident.jit
def _mx_kernel(a_ptr, sa_ptr, b_ptr, sb_ptr, c_ptr, M: tl.constexpr,
               N: tl.constexpr, K: tl.constexpr):
    # a: [M, K // 2] packed along K; b: [K, N // 2] packed along N
    a = tl.load(a_ptr + tl.arange(0, M)[:, None] * (K // 2) +
                tl.arange(0, K // 2)[None, :])
    b = tl.load(b_ptr + tl.arange(0, K)[:, None] * (N // 2) +
                tl.arange(0, N // 2)[None, :])
    G: tl.constexpr = K // 32
    sa = tl.load(sa_ptr + tl.arange(0, M)[:, None] * G +
                 tl.arange(0, G)[None, :])
    sb = tl.load(sb_ptr + tl.arange(0, N)[:, None] * G +
                 tl.arange(0, G)[None, :])
    c = tl.dot_scaled(a, sa, "e2m1", b, sb, "e2m1", rhs_k_pack=False)
    tl.store(c_ptr + tl.arange(0, M)[:, None] * N + tl.arange(0, N)[None, :],
             c)


def test_packed_data_in_dot_scaled():
    torch.manual_seed(1)
    M, N, K = 32, 32, 64
    a = MXFP4Tensor(size=(M, K)).random()
    b = MXFP4Tensor(size=(K, N)).random()
    sa = MXScaleTensor(size=(M, K // 32)).random(low=0.5, high=8.0)
    sb = MXScaleTensor(size=(N, K // 32)).random(low=0.5, high=8.0)
    c = np.zeros((M, N), np.float32)
    _mx_kernel[(1,)](a.to_packed_tensor(1).numpy(), sa.data.numpy(),
                     b.to_packed_tensor(1).numpy(), sb.data.numpy(), c,
                     M, N, K)
    A = a.to(torch.float32) * sa.to(torch.float32).repeat_interleave(32, 1)
    B = b.to(torch.float32) * sb.to(torch.float32).repeat_interleave(32,
                                                                     1).T
    ref = (A.double() @ B.double()).numpy()
    np.testing.assert_allclose(c, ref, rtol=1e-6, atol=1e-6)
