"""02 fused softmax: the tutorial's softmax(), which sizes its persistent
grid from the device's properties and the kernel's registers
(softmax_kernel.warmup(...).n_regs, .metadata.shared)."""
import torch

from common import Case, randn

TUTORIAL = "02-fused-softmax.py"
ROOTS = ["softmax"]
COMPILE = {"softmax_kernel": dict(
    signature={"output_ptr": "*fp32", "input_ptr": "*fp32",
               "input_row_stride": "i32", "output_row_stride": "i32",
               "n_rows": "i32", "n_cols": "i32"},
    constexprs={"BLOCK_SIZE": 1024, "num_stages": 4}, num_warps=8)}


def cases(device, quick):
    shapes = [(4096, 4096)] if quick else [(1823, 781), (4096, 1024),
                                           (4096, 8192)]
    if device == "cpu":
        shapes = [(67, 781)]
    for m, n in shapes:
        yield Case(
            "softmax", "%dx%d" % (m, n), "fp32",
            inputs=lambda m=m, n=n: dict(x=randn(m, n, dtype=torch.float32,
                                                 device=device)),
            prepare=lambda mod, i: lambda: mod.softmax(i["x"]),
            ref=lambda i: torch.softmax(i["x"].double(), dim=1),
            tol=1e-5, bytes=2 * 4 * m * n)
