"""01 vector add: the tutorial's add() (add_kernel, BLOCK_SIZE=1024)."""
import torch

from common import Case, randn

TUTORIAL = "01-vector-add.py"
ROOTS = ["add"]
COMPILE = {"add_kernel": dict(
    signature={"x_ptr": "*fp32", "y_ptr": "*fp32", "output_ptr": "*fp32",
               "n_elements": "i32"}, constexprs={"BLOCK_SIZE": 1024})}


def cases(device, quick):
    sizes = [1 << 24] if quick else [98432, 1 << 24, 1 << 27]
    if device == "cpu":
        sizes = [98432]
    for n in sizes:
        yield Case(
            "add", "n=%d" % n, "fp32",
            inputs=lambda n=n: dict(x=randn(n, dtype=torch.float32, device=device),
                                    y=randn(n, dtype=torch.float32, device=device)),
            prepare=lambda mod, i: lambda: mod.add(i["x"], i["y"]),
            ref=lambda i: i["x"].double() + i["y"].double(),
            tol=1e-6, bytes=3 * 4 * n)
