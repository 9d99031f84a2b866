"""06 fused attention: attention() forward and backward (warp_specialize
off), causal and not, head dim 64 and 128, fp16, beside torch's
scaled_dot_product_attention (timed in the same run)."""
import torch
import torch.nn.functional as F

from common import Case, randn

TUTORIAL = "06-fused-attention.py"
ROOTS = ["attention"]
SM_SCALE = 0.5
COMPILE = {"_attn_fwd": dict(
    signature={"sm_scale": "fp32", "M": "*fp32", "Z": "i32", "H": "i32",
               "desc_q": "*fp16", "desc_k": "*fp16", "desc_v": "*fp16",
               "desc_o": "*fp16", "N_CTX": "i32"},
    constexprs={"HEAD_DIM": 64, "BLOCK_M": 128, "BLOCK_N": 64,
                "FP8_OUTPUT": False, "STAGE": 3, "warp_specialize": False,
                "IS_HOPPER": True}),
    "_attn_bwd": dict(
    signature={"Q": "*fp16", "K": "*fp16", "V": "*fp16", "sm_scale": "fp32",
               "DO": "*fp16", "DQ": "*fp16", "DK": "*fp16", "DV": "*fp16",
               "M": "*fp32", "D": "*fp32", "stride_z": "i32",
               "stride_h": "i32", "stride_tok": "i32",
               "H": "i32", "N_CTX": "i32"},
    # stride_d is 1 on contiguous tensors: a launch specializes it (as
    # Triton does an int argument equal to 1).
    constexprs={"BLOCK_M1": 32, "BLOCK_N1": 128, "BLOCK_M2": 128,
                "BLOCK_N2": 32, "BLK_SLICE_FACTOR": 2, "HEAD_DIM": 64,
                "stride_d": 1},
    num_stages=5)}


def _inputs(z, h, n, d, device):
    return {k: randn(z, h, n, d, device=device) for k in ("q", "k", "v",
                                                          "do")}


def _reference(i, causal, bwd):
    q, k, v = (i[n].float().requires_grad_(bwd) for n in ("q", "k", "v"))
    o = F.scaled_dot_product_attention(q, k, v, is_causal=causal,
                                       scale=SM_SCALE)
    if not bwd:
        return o.detach()
    o.backward(i["do"].float())
    return [q.grad, k.grad, v.grad]


def _backward_call(forward, i):
    q, k, v = (i[n].clone().requires_grad_() for n in ("q", "k", "v"))
    o = forward(q, k, v)

    def call():
        q.grad = k.grad = v.grad = None
        o.backward(i["do"], retain_graph=True)
        return [q.grad, k.grad, v.grad]
    return call


def _case(z, h, n, d, causal, bwd, device):
    def tutorial(mod):
        return lambda q, k, v: mod.attention(q, k, v, causal, SM_SCALE,
                                             False)

    def sdpa(q, k, v):
        return F.scaled_dot_product_attention(q, k, v, is_causal=causal,
                                              scale=SM_SCALE)
    if bwd:
        prepare = lambda mod, i: _backward_call(tutorial(mod), i)  # noqa
        baseline = lambda i: _backward_call(sdpa, i)  # noqa: E731
    else:
        prepare = lambda mod, i: lambda: tutorial(mod)(  # noqa: E731
            i["q"], i["k"], i["v"])
        baseline = lambda i: lambda: sdpa(i["q"], i["k"], i["v"])  # noqa
    flops = 4.0 * z * h * n * n * d * (0.5 if causal else 1.0) * \
        (2.5 if bwd else 1.0)
    return Case(
        "attention %s%s" % ("bwd" if bwd else "fwd",
                            " causal" if causal else ""),
        "%dx%dx%dx%d" % (z, h, n, d), "fp16",
        inputs=lambda: _inputs(z, h, n, d, device), prepare=prepare,
        ref=lambda i: _reference(i, causal, bwd), flops=flops,
        tuned=() if bwd else ("_attn_fwd",), baseline=baseline)


def cases(device, quick):
    if device == "cpu":
        shapes = [(1, 2, 128, 64)]
    elif quick:
        shapes = [(4, 32, 1024, 64), (4, 32, 1024, 128)]
    else:
        shapes = [(4, 32, n, d) for d in (64, 128) for n in (1024, 4096)]
        shapes.append((1, 32, 16384, 128))
    for z, h, n, d in shapes:
        for bwd in (False, True):
            for causal in (True, False):
                yield _case(z, h, n, d, causal, bwd, device)
