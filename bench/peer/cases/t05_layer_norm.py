"""05 layer norm: LayerNorm.apply forward, and its backward (dx, and dw/db
summed through the tutorial's lock-guarded partial buffers), fp16 as the
tutorial tests it."""
import torch

from common import Case, randn

TUTORIAL = "05-layer-norm.py"
ROOTS = ["LayerNorm"]
EPS = 1e-5
COMPILE = {
    "_layer_norm_fwd_fused": dict(
        signature={"X": "*fp16", "Y": "*fp16", "W": "*fp16", "B": "*fp16",
                   "Mean": "*fp32", "Rstd": "*fp32", "stride": "i32",
                   "N": "i32", "eps": "fp32"},
        constexprs={"BLOCK_SIZE": 8192}, num_warps=8),
    "_layer_norm_bwd_dx_fused": dict(
        signature={"DX": "*fp16", "DY": "*fp16", "DW": "*fp16",
                   "DB": "*fp16", "X": "*fp16", "W": "*fp16",
                   "Mean": "*fp32", "Rstd": "*fp32", "Lock": "*i32",
                   "stride": "i32", "N": "i32"},
        constexprs={"GROUP_SIZE_M": 96, "BLOCK_SIZE_N": 8192}, num_warps=8)}


def _inputs(m, n, device):
    return dict(x=randn(m, n, device=device, scale=0.5, shift=-2.3),
                w=torch.rand(n, device=device, dtype=torch.float16),
                b=torch.rand(n, device=device, dtype=torch.float16),
                dy=randn(m, n, device=device, scale=0.1))


def _reference(i):
    """(y, dx, dw, db) in float32 through torch's autograd."""
    x, w, b = (i[k].float().requires_grad_() for k in ("x", "w", "b"))
    y = torch.nn.functional.layer_norm(x, w.shape, w, b, EPS)
    y.backward(i["dy"].float())
    return y.detach(), x.grad, w.grad, b.grad


def _backward(mod, i):
    x, w, b = (i[k].clone().requires_grad_() for k in ("x", "w", "b"))
    y = mod.LayerNorm.apply(x, w.shape, w, b, EPS)

    def call():
        x.grad = w.grad = b.grad = None
        y.backward(i["dy"], retain_graph=True)
        return [x.grad, w.grad, b.grad]
    return call


def cases(device, quick):
    shapes = [(4096, 8192)] if quick else [(1151, 8192), (4096, 4096),
                                           (4096, 8192)]
    if device == "cpu":
        shapes = [(37, 1024)]
    for m, n in shapes:
        es = 2
        yield Case(
            "layer_norm fwd", "%dx%d" % (m, n), "fp16",
            inputs=lambda m=m, n=n: _inputs(m, n, device),
            prepare=lambda mod, i: lambda: mod.LayerNorm.apply(
                i["x"], i["w"].shape, i["w"], i["b"], EPS),
            ref=lambda i: _reference(i)[0],
            bytes=2 * m * n * es + 2 * n * es + 8 * m)
        yield Case(
            "layer_norm bwd", "%dx%d" % (m, n), "fp16",
            inputs=lambda m=m, n=n: _inputs(m, n, device),
            prepare=_backward, ref=lambda i: list(_reference(i)[1:]),
            bytes=3 * m * n * es + 3 * n * es + 8 * m)
