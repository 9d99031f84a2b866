"""03 matrix multiplication: the tutorial's matmul() (autotuned
matmul_kernel), fp16 in and out, and fp8 (e5m2) inputs with B transposed
as the tutorial makes them on CUDA."""
import torch

from common import Case, randn

TUTORIAL = "03-matrix-multiplication.py"
ROOTS = ["matmul"]
COMPILE = {"matmul_kernel": dict(
    signature={"a_ptr": "*fp16", "b_ptr": "*fp16", "c_ptr": "*fp16",
               "M": "i32", "N": "i32", "K": "i32", "stride_am": "i32",
               "stride_ak": "i32", "stride_bk": "i32", "stride_bn": "i32",
               "stride_cm": "i32", "stride_cn": "i32"},
    constexprs={"BLOCK_SIZE_M": 128, "BLOCK_SIZE_N": 256,
                "BLOCK_SIZE_K": 64, "GROUP_SIZE_M": 8, "ACTIVATION": "",
                # strides of 1 are constants, as a launch specializes them
                "stride_ak": 1, "stride_bn": 1, "stride_cn": 1},
    num_warps=8)}


def _inputs(m, n, k, fp8, device):
    a = randn(m, k, device=device)
    b = randn(k, n, device=device)
    if fp8:  # as the tutorial: B is the transpose of an (N, K) tensor
        a = a.to(torch.float8_e5m2)
        b = b.T.contiguous().to(torch.float8_e5m2).T
    return dict(a=a, b=b)


def cases(device, quick):
    sizes = [(4096, 4096, 4096)] if quick else [(4096, 4096, 4096),
                                                (8192, 8192, 8192)]
    if device == "cpu":
        sizes = [(128, 96, 160)]
    for fp8 in (False, True):
        if fp8 and device == "cpu":
            continue
        for m, n, k in sizes:
            yield Case(
                "matmul", "%dx%dx%d" % (m, n, k), "fp8" if fp8 else "fp16",
                inputs=lambda m=m, n=n, k=k, fp8=fp8: _inputs(m, n, k, fp8,
                                                              device),
                prepare=lambda mod, i: lambda: mod.matmul(i["a"], i["b"]),
                ref=lambda i: i["a"].float() @ i["b"].float(),
                tol=2e-2 if fp8 else 1e-2, flops=2.0 * m * n * k,
                tuned=("matmul_kernel",))
