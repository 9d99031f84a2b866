"""09 persistent matmul: each variant that runs on Hopper, through the
tutorial's wrappers: matmul (naive), matmul_persistent, matmul_tma,
matmul_tma_persistent, matmul_descriptor_persistent (the TMA ones take B
transposed, and run with warp_specialize off and on), fp16."""
import torch

from common import Case, randn

TUTORIAL = "09-persistent-matmul.py"
ROOTS = ["matmul", "matmul_persistent", "matmul_tma", "matmul_tma_persistent",
         "matmul_descriptor_persistent"]
_SIG = {"a_ptr": "*fp16", "b_ptr": "*fp16", "c_ptr": "*fp16", "M": "i32",
        "N": "i32", "K": "i32"}
_TILE = {"BLOCK_SIZE_M": 128, "BLOCK_SIZE_N": 256, "BLOCK_SIZE_K": 64,
         "GROUP_SIZE_M": 8}
COMPILE = {
    "matmul_kernel_persistent": dict(
        signature=dict(_SIG, **{s: "i32" for s in (
            "stride_am", "stride_ak", "stride_bk", "stride_bn", "stride_cm",
            "stride_cn")}),
        constexprs=dict(_TILE, NUM_SMS=132, stride_ak=1, stride_bn=1,
                        stride_cn=1), num_warps=8),
    "matmul_kernel_descriptor_persistent": dict(
        signature=_SIG, constexprs=dict(_TILE, EPILOGUE_SUBTILE=False,
                                        NUM_SMS=132, WARP_SPECIALIZE=False,
                                        FLATTEN=True), num_warps=8)}

# variant: (wrapper, B transposed, autotuned kernel)
VARIANTS = {
    "naive": ("matmul", False, "matmul_kernel"),
    "persistent": ("matmul_persistent", False, "matmul_kernel_persistent"),
    "tma": ("matmul_tma", True, "matmul_kernel_tma"),
    "tma_persistent": ("matmul_tma_persistent", True,
                       "matmul_kernel_tma_persistent"),
    "descriptor_persistent": ("matmul_descriptor_persistent", True,
                              "matmul_kernel_descriptor_persistent"),
}


def _inputs(m, n, k, device):
    a, b = randn(m, k, device=device), randn(k, n, device=device)
    return dict(a=a, b=b, bt=b.T.contiguous())


def _prepare(wrapper, transposed, ws):
    def prepare(mod, i):
        fn = getattr(mod, wrapper)
        if transposed:
            return lambda: fn(i["a"], i["bt"], ws)
        return lambda: fn(i["a"], i["b"])
    return prepare


def cases(device, quick):
    sizes = [(4096, 4096, 4096)] if quick else [(4096, 4096, 4096),
                                                (8192, 8192, 8192)]
    if device == "cpu":
        sizes = [(256, 256, 128)]
    for m, n, k in sizes:
        for name, (wrapper, transposed, kernel) in VARIANTS.items():
            for ws in (False, True) if transposed and not quick else (False,):
                yield Case(
                    name + (" ws" if ws else ""), "%dx%dx%d" % (m, n, k),
                    "fp16", inputs=lambda m=m, n=n, k=k: _inputs(m, n, k,
                                                                 device),
                    prepare=_prepare(wrapper, transposed, ws),
                    ref=lambda i: i["a"].float() @ i["b"].float(),
                    flops=2.0 * m * n * k, tuned=(kernel,))
