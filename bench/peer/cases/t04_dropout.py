"""04 low-memory dropout: dropout() (a kept-mask tensor in) and
seeded_dropout() (the mask from tl.rand on a seed). The seeded mask has no
torch reference: each output must be 0 or x / (1 - p), about 1 - p of them
kept, and the same seed must give the same output again."""
import torch

from common import Case, randn

TUTORIAL = "04-low-memory-dropout.py"
ROOTS = ["dropout", "seeded_dropout"]
P = 0.5
COMPILE = {
    "_dropout": dict(signature={"x_ptr": "*fp32", "x_keep_ptr": "*i32",
                                "output_ptr": "*fp32", "n_elements": "i32",
                                "p": "fp32"},
                     constexprs={"BLOCK_SIZE": 1024}),
    "_seeded_dropout": dict(signature={"x_ptr": "*fp32",
                                       "output_ptr": "*fp32",
                                       "n_elements": "i32", "p": "fp32",
                                       "seed": "i32"},
                            constexprs={"BLOCK_SIZE": 1024})}


def _inputs(n, device):
    x = randn(n, dtype=torch.float32, device=device)
    keep = (torch.rand(n, device=device) > P).to(torch.int32)
    return dict(x=x, keep=keep)


def _check_seeded(first, i, call):
    """(fraction of outputs neither 0 nor x/(1-p) + kept-fraction error,
    ok); a second call must give the same output."""
    x = i["x"]
    kept = first != 0
    wrong = ~torch.where(kept, torch.isclose(first, x / (1 - P)),
                         torch.ones_like(kept))
    if torch.isnan(first).any():
        return float("nan"), False
    bad = wrong.double().mean().item()
    drift = abs(kept.double().mean().item() - (1 - P))
    same = torch.equal(first, call())
    return bad + drift, bad == 0 and drift < 0.01 and same


def cases(device, quick):
    sizes = [1 << 24] if quick else [1 << 20, 1 << 24]
    if device == "cpu":
        sizes = [100000]
    for n in sizes:
        yield Case(
            "dropout", "n=%d" % n, "fp32",
            inputs=lambda n=n: _inputs(n, device),
            prepare=lambda mod, i: lambda: mod.dropout(
                i["x"], x_keep=i["keep"], p=P),
            ref=lambda i: torch.where(i["keep"] != 0, i["x"].double() /
                                      (1 - P), 0.0),
            tol=1e-6, bytes=3 * 4 * n)
        yield Case(
            "seeded_dropout", "n=%d" % n, "fp32",
            inputs=lambda n=n: _inputs(n, device),
            prepare=lambda mod, i: lambda: mod.seeded_dropout(
                i["x"], p=P, seed=123),
            check=_check_seeded, bytes=2 * 4 * n)
