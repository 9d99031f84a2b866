"""Host-side microscaling (OCP MX) data, as Triton's `triton.tools.mxfp`:

- `MXFP4Tensor`: e2m1 codes (one per uint8, 0..15: sign, two exponent
  bits, one mantissa bit), made from floats or at random, converted back
  to float32, and packed two per byte (the first in the low nibble) for
  `tl.dot_scaled`;
- `MXScaleTensor`: e8m0 scale exponents (uint8; 2^(e-127), 255 is NaN).

Both keep their codes in `.data` (a torch uint8 tensor). They need torch.
"""
import math

import torch

# The magnitudes of the e2m1 codes 0..7 (codes 8..15 are their negatives).
_E2M1 = (0.0, 0.5, 1.0, 1.5, 2.0, 3.0, 4.0, 6.0)


def _size(size):
    return tuple(size) if isinstance(size, (tuple, list)) else (size,)


class _Codes:
    """Codes of a microscaling format made from floats (`data`) or, with
    `size` and `random()`, drawn."""

    def __init__(self, data=None, size=None, device=None):
        name = type(self).__name__
        self.device = device
        if data is not None:
            if not isinstance(data, torch.Tensor):
                raise TypeError("%s: data must be a torch tensor, got %s"
                                % (name, type(data).__name__))
            self.device = data.device
            self.data = self._from_float(data)
        elif size is not None:
            self.size = _size(size)
        else:
            raise ValueError("%s needs data (a float tensor) or size" % name)


class MXFP4Tensor(_Codes):
    """e2m1 values: `MXFP4Tensor(floats)` rounds a float tensor (to nearest,
    ties to an even mantissa; beyond +-6, inf and NaN become +-6; the sign
    of zero is kept); `MXFP4Tensor(size=..., device=...).random()` draws
    codes uniformly."""

    def random(self):
        self.data = torch.randint(0, 16, self.size, dtype=torch.uint8,
                                  device=self.device)
        return self

    def to(self, dtype):
        assert dtype == torch.float32, \
            "MXFP4Tensor converts to torch.float32 only, not %s" % (dtype,)
        table = torch.tensor(_E2M1 + tuple(-v for v in _E2M1),
                             dtype=torch.float32, device=self.data.device)
        return table[self.data.long()]

    def _from_float(self, values):
        values = values.to(torch.float32)
        sign = torch.signbit(values).to(torch.uint8) << 3
        mag = values.abs()
        codes = torch.tensor(_E2M1, dtype=torch.float32, device=values.device)
        mids = (codes[1:] + codes[:-1]) / 2
        # Code i is the first whose upper midpoint is >= mag; on a
        # midpoint, the even code (mantissa bit 0) of the two wins.
        idx = torch.bucketize(mag, mids)
        tie = mag == mids[idx.clamp(max=len(_E2M1) - 2)]
        idx = torch.where(tie & (idx % 2 == 1), idx + 1, idx)
        idx = torch.where(torch.isnan(mag), len(_E2M1) - 1, idx)
        return sign | idx.to(torch.uint8)

    def to_packed_tensor(self, dim):
        """The codes two per byte along `dim` (an odd length padded with a
        zero): element 2i in the low nibble of byte i, 2i+1 in the high."""
        data = self.data
        assert 0 <= dim < data.ndim, \
            "to_packed_tensor: dim %d is not a dimension of a rank-%d " \
            "tensor" % (dim, data.ndim)
        if data.shape[dim] % 2:
            pad = list(data.shape)
            pad[dim] = 1
            data = torch.cat([data, data.new_zeros(pad)], dim=dim)
        pairs = data.unflatten(dim, (data.shape[dim] // 2, 2))
        low, high = pairs.unbind(dim + 1)
        return low | (high << 4)

    def unpack_packed_tensor(self, packed_tensor, dim, original_shape):
        """The inverse of to_packed_tensor: one code per uint8, the padding
        (if `original_shape[dim]` is odd) removed."""
        pairs = torch.stack([packed_tensor & 0xF, packed_tensor >> 4],
                            dim=dim + 1)
        data = pairs.flatten(dim, dim + 1)
        return data.narrow(dim, 0, original_shape[dim]).to(torch.uint8)


class MXScaleTensor(_Codes):
    """e8m0 exponents: `MXScaleTensor(floats)` takes floor(log2(v)) + 127
    (clamped to 0..254; values <= 0, inf and NaN give 255, the NaN code);
    `MXScaleTensor(size=..., device=...).random(low, high)` draws exponents
    uniformly, NaN excluded."""

    def random(self, low=None, high=None):
        """Exponents of powers of two within [low, high] (each optional)."""
        lo = 0 if low is None else max(0, math.ceil(math.log2(low)) + 127)
        hi = 254 if high is None else \
            min(254, max(0, math.floor(math.log2(high)) + 127))
        assert lo <= hi, "MXScaleTensor.random: no power of two in " \
            "[%r, %r]" % (low, high)
        self.data = torch.randint(lo, hi + 1, self.size, dtype=torch.uint8,
                                  device=self.device)
        return self

    def to(self, dtype):
        assert dtype == torch.float32, \
            "MXScaleTensor converts to torch.float32 only, not %s" % (dtype,)
        e = self.data.to(torch.float32)
        value = torch.exp2(e - 127)
        return torch.where(self.data == 255, torch.nan, value)

    def _from_float(self, values):
        values = values.to(torch.float32)
        bad = torch.isnan(values) | torch.isinf(values) | (values <= 0)
        safe = torch.where(bad, 1.0, values)
        e = torch.floor(torch.log2(safe)).to(torch.int32) + 127
        e = e.clamp(0, 254).to(torch.uint8)
        return torch.where(bad, 255, e).to(torch.uint8)
