"""Liger-Kernel 0.8.5, unmodified, on Trident's CPU target through
`import triton` under trident.compat: each op's forward and backward
against torch's own computation, in small shapes.

The wheel is pinned in python/requirements-liger.txt and installed (without
its dependencies) by scripts/python-env.sh --with-torch, which
scripts/run-python-tests.sh runs: a missing or different wheel is a
failure here, never a skip."""
import importlib
import importlib.metadata
import os
import sys

import pytest

import trident.compat

LIGER_VERSION = "0.8.5"
REQUIREMENTS = "python/requirements-liger.txt"


def _fail_setup(why):
    pytest.fail("%s; scripts/python-env.sh --with-torch installs the pinned "
                "packages (%s)" % (why, REQUIREMENTS), pytrace=False)


@pytest.fixture(scope="module")
def liger():
    """liger_kernel.ops, imported under trident.compat on the CPU target;
    afterwards the alias is removed and so are Liger's modules (they hold
    Trident's objects as their `triton`)."""
    try:
        import torch  # noqa: F401
    except ImportError as e:
        _fail_setup("torch cannot be imported (%s)" % e)
    try:
        version = importlib.metadata.version("liger-kernel")
    except importlib.metadata.PackageNotFoundError:
        _fail_setup("liger-kernel is not installed")
    if version != LIGER_VERSION:
        _fail_setup("liger-kernel %s is installed, the test is for %s" %
                    (version, LIGER_VERSION))
    saved = {n: m for n, m in sys.modules.items()
             if n == "triton" or n.startswith("triton.")}
    for name in saved:
        del sys.modules[name]
    old_target = os.environ.get("TRIDENT_TARGET")
    os.environ["TRIDENT_TARGET"] = "cpu"
    trident.compat.install()
    try:
        yield importlib.import_module("liger_kernel.ops")
    finally:
        trident.compat.uninstall()
        for name in [n for n in sys.modules if n == "liger_kernel" or
                     n.startswith("liger_kernel.")]:
            del sys.modules[name]
        sys.modules.update(saved)
        if old_target is None:
            os.environ.pop("TRIDENT_TARGET", None)
        else:
            os.environ["TRIDENT_TARGET"] = old_target


@pytest.fixture
def torch(liger):
    import torch
    torch.manual_seed(0)
    return torch


def _randn(torch, *shape, scale=1.0, offset=0.0):
    return torch.randn(*shape, dtype=torch.float32) * scale + offset


def _compare(torch, liger_fn, torch_fn, inputs, grad=True, rtol=1e-5,
             atol=1e-5, grad_tol=None):
    """Runs `liger_fn` and `torch_fn` on copies of `inputs` (the floating
    ones need gradients) and compares their outputs, then their gradients
    for the same random output gradients. Each side gets copies of its
    own: Liger's backward passes write into the tensors they are given."""
    def leaves():
        return [t.detach().clone().requires_grad_(t.is_floating_point())
                for t in inputs]

    mine, ref = leaves(), leaves()
    out, out_ref = liger_fn(*mine), torch_fn(*ref)
    outs = out if isinstance(out, tuple) else (out,)
    outs_ref = out_ref if isinstance(out_ref, tuple) else (out_ref,)
    assert len(outs) == len(outs_ref)
    for a, b in zip(outs, outs_ref):
        torch.testing.assert_close(a, b, rtol=rtol, atol=atol)
    if not grad:
        return
    grad_outs = [torch.randn_like(o) for o in outs_ref]
    wrt = [i for i, t in enumerate(inputs) if t.is_floating_point()]
    grads = torch.autograd.grad(outs, [mine[i] for i in wrt],
                                [g.clone() for g in grad_outs])
    grads_ref = torch.autograd.grad(outs_ref, [ref[i] for i in wrt],
                                    [g.clone() for g in grad_outs])
    rtol, atol = grad_tol or (rtol, atol)
    for i, a, b in zip(wrt, grads, grads_ref):
        torch.testing.assert_close(a, b, rtol=rtol, atol=atol,
                                   msg=lambda m: "gradient of input %d: %s"
                                   % (i, m))


def test_the_ops_run_tridents_kernels(liger):
    import triton
    from liger_kernel.ops import rms_norm, utils
    assert triton.__version__ == trident.compat.TRITON_VERSION
    assert type(rms_norm._rms_norm_forward_kernel) is trident.JITFunction
    assert utils.triton is triton and utils.tl is trident.language


@pytest.mark.parametrize("casting_mode", ["llama", "gemma", "none"])
def test_rms_norm(liger, torch, casting_mode):
    eps, offset = 1e-6, (1.0 if casting_mode == "gemma" else 0.0)

    def reference(x, w):
        return x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + eps) * (
            offset + w)

    _compare(torch, lambda x, w: liger.LigerRMSNormFunction.apply(
        x, w, eps, offset, casting_mode, False), reference,
        [_randn(torch, 2, 7, 96), _randn(torch, 96)],
        grad_tol=(1e-4, 1e-4))


def test_layer_norm(liger, torch):
    eps = 1e-5
    _compare(torch, lambda x, w, b: liger.LigerLayerNormFunction.apply(
        x, w, b, eps), lambda x, w, b: torch.nn.functional.layer_norm(
        x, (80,), w, b, eps),
        [_randn(torch, 10, 80, scale=2.0, offset=0.5), _randn(torch, 80),
         _randn(torch, 80)], grad_tol=(1e-4, 1e-4))


def _rotate_half(x):
    import torch
    half = x.shape[-1] // 2
    return torch.cat((-x[..., half:], x[..., :half]), dim=-1)


def test_rope(liger, torch):
    batch, seq, head_dim = 2, 6, 32
    angles = torch.randn(1, seq, head_dim // 2)
    cos = torch.cat([angles.cos()] * 2, -1)
    sin = torch.cat([angles.sin()] * 2, -1)

    def reference(q, k):
        c, s = cos.unsqueeze(1), sin.unsqueeze(1)
        return (q * c + _rotate_half(q) * s, k * c + _rotate_half(k) * s)

    _compare(torch, lambda q, k: liger.LigerRopeFunction.apply(q, k, cos,
                                                               sin),
             reference, [_randn(torch, batch, 4, seq, head_dim),
                         _randn(torch, batch, 2, seq, head_dim)])


def test_swiglu(liger, torch):
    _compare(torch, liger.LigerSiLUMulFunction.apply,
             lambda a, b: torch.nn.functional.silu(a) * b,
             [_randn(torch, 3, 5, 72), _randn(torch, 3, 5, 72)])


def test_geglu(liger, torch):
    _compare(torch, liger.LigerGELUMulFunction.apply,
             lambda a, b: torch.nn.functional.gelu(a, approximate="tanh") * b,
             [_randn(torch, 3, 5, 72), _randn(torch, 3, 5, 72)])


@pytest.mark.parametrize("reduction", ["mean", "sum"])
@pytest.mark.parametrize("label_smoothing", [0.0, 0.1])
def test_cross_entropy(liger, torch, reduction, label_smoothing):
    target = torch.randint(0, 300, (12,))
    target[[2, 7]] = -100
    _compare(torch, lambda x: liger.LigerCrossEntropyFunction.apply(
        x, target, None, -100, 0.0, label_smoothing, reduction)[0],
        lambda x: torch.nn.functional.cross_entropy(
            x, target, ignore_index=-100, reduction=reduction,
            label_smoothing=label_smoothing),
        [_randn(torch, 12, 300, scale=3.0)])


def test_fused_linear_cross_entropy(liger, torch):
    hidden, vocab, tokens = 48, 200, 10
    target = torch.randint(0, vocab, (tokens,))
    target[3] = -100
    _compare(torch, lambda x, w, b: liger.LigerFusedLinearCrossEntropyFunction
             .apply(x, w, target, b)[0],
             lambda x, w, b: torch.nn.functional.cross_entropy(
                 x @ w.t() + b, target, ignore_index=-100),
             [_randn(torch, tokens, hidden), _randn(torch, vocab, hidden,
                                                    scale=0.2),
              _randn(torch, vocab, scale=0.1)])


@pytest.mark.parametrize("log_target", [False, True])
def test_kl_div(liger, torch, log_target):
    y_true = torch.softmax(torch.randn(8, 150), -1)
    if log_target:
        y_true = y_true.log()
    _compare(torch, lambda y: liger.LigerKLDivLossFunction.apply(
        y, y_true, "batchmean", log_target),
        lambda y: torch.nn.functional.kl_div(y, y_true, reduction="batchmean",
                                             log_target=log_target),
        [torch.log_softmax(torch.randn(8, 150), -1)])


@pytest.mark.parametrize("beta", [0.5, 0.3])
def test_jsd(liger, torch, beta):
    log_p = torch.log_softmax(torch.randn(6, 140), -1)

    def reference(log_q):
        # Generalized JSD: beta * KL(P || M) + (1 - beta) * KL(Q || M),
        # M = beta * P + (1 - beta) * Q, averaged over the rows.
        p, q = log_p.exp(), log_q.exp()
        log_m = torch.log(beta * p + (1 - beta) * q)
        return (beta * (p * (log_p - log_m)).sum() +
                (1 - beta) * (q * (log_q - log_m)).sum()) / log_q.shape[0]

    _compare(torch, lambda log_q: liger.LigerJSDFunction.apply(
        log_q, log_p, None, beta), reference,
        [torch.log_softmax(torch.randn(6, 140), -1)])
