"""What the cases share: the Case record, inputs, NaN-filled outputs, the
error measure."""
import contextlib
import dataclasses
from typing import Callable, Optional

import torch


@dataclasses.dataclass
class Case:
    """One row: a kernel (or variant) of a tutorial at one shape.

    prepare(mod, inputs) returns the call to check and time (no arguments;
    returns the output tensor, or a list of them); it runs the tutorial's
    own host code from `mod`. ref(inputs) is the torch reference (fp32 or
    fp64), compared by ||out - ref|| / ||ref|| <= tol; `check`, if given,
    replaces that comparison: check(out, inputs, call) -> (error, ok).
    """
    kernel: str
    shape: str
    dtype: str
    inputs: Callable[[], dict]
    prepare: Callable
    ref: Optional[Callable] = None
    tol: float = 1e-2
    check: Optional[Callable] = None
    flops: float = 0.0          # TFLOP/s is reported when set
    bytes: float = 0.0          # else GB/s
    tuned: tuple = ()           # autotuned kernels whose pick is reported
    baseline: Optional[Callable] = None  # baseline(inputs) -> call (SDPA)


def randn(*shape, dtype=torch.float16, device, scale=1.0, shift=0.0):
    return torch.randn(*shape, device=device).mul_(scale).add_(shift).to(
        dtype)


def rel_error(out, ref):
    """max over the pairs of ||out - ref|| / ||ref|| in float64; NaN when
    an output holds a NaN (a value never written)."""
    outs = out if isinstance(out, (list, tuple)) else [out]
    refs = ref if isinstance(ref, (list, tuple)) else [ref]
    if len(outs) != len(refs):
        raise ValueError("%d outputs for %d references" % (len(outs),
                                                           len(refs)))
    worst = 0.0
    for o, r in zip(outs, refs):
        o, r = o.detach().double(), r.detach().double().to(o.device)
        if o.shape != r.shape:
            raise ValueError("output shape %s, reference %s" % (
                tuple(o.shape), tuple(r.shape)))
        if torch.isnan(o).any():
            return float("nan")
        worst = max(worst, ((o - r).norm() / r.norm().clamp_min(1e-30))
                    .item())
    return worst


class _NanTorch:
    """`torch` as a tutorial module sees it during a check: empty and
    empty_like give floating tensors filled with NaN, so what the kernel
    does not write shows; everything else is torch's."""

    def __getattr__(self, name):
        return getattr(torch, name)

    @staticmethod
    def empty(*args, **kwargs):
        return _nan_filled(torch.empty(*args, **kwargs))

    @staticmethod
    def empty_like(*args, **kwargs):
        return _nan_filled(torch.empty_like(*args, **kwargs))


def _nan_filled(t):
    if t.dtype.is_floating_point and t.element_size() >= 2:
        t.fill_(float("nan"))
    return t


@contextlib.contextmanager
def nan_outputs(module):
    """Within: `module`'s global `torch` allocates NaN-filled outputs."""
    saved = module.__dict__.get("torch")
    if saved is None:
        yield
        return
    module.torch = _NanTorch()
    try:
        yield
    finally:
        module.torch = saved
