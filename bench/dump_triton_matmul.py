"""Writes the intermediate forms of bench/matmul_ratio.py's Triton kernel
(128x128x64 tiles, 4 warps, 3 stages; or as given) into OUT_DIR (ttgir,
llir, ptx, sass when Triton's bundled tools give it), and the SASS of the
cubins passed after it, so that the two main loops can be compared.

    python3 bench/dump_triton_matmul.py OUT_DIR [CUBIN ...]
"""
import glob
import os
import subprocess
import sys

import torch
import triton

sys.path.insert(0, os.path.dirname(__file__))
from matmul_ratio import tiled_mm  # noqa: E402


def main():
    out_dir = sys.argv[1]
    os.makedirs(out_dir, exist_ok=True)
    n = 2048
    a = torch.randn(n, n, device="cuda", dtype=torch.bfloat16)
    b = torch.randn(n, n, device="cuda", dtype=torch.bfloat16)
    c = torch.empty(n, n, device="cuda", dtype=torch.bfloat16)
    grid = (triton.cdiv(n, 128), triton.cdiv(n, 128))
    for warps in (4, 8):
        k = tiled_mm[grid](a, b, c, n, n, n, n, 1, n, 1, n, 1, BM=128, BN=128,
                           BK=64, num_warps=warps, num_stages=3)
        for key, text in k.asm.items():
            mode = "wb" if isinstance(text, bytes) else "w"
            with open(os.path.join(out_dir, f"triton_w{warps}.{key}"), mode) as f:
                f.write(text)
        print(f"triton {warps} warps: n_regs={k.n_regs} shared={k.metadata.shared}")
    tools = glob.glob(os.path.join(os.path.dirname(triton.__file__),
                                   "backends/nvidia/bin/cuobjdump"))
    for cubin in sys.argv[2:]:
        if not tools:
            print("no cuobjdump in Triton's tools")
            break
        sass = subprocess.run([tools[0], "-sass", cubin], capture_output=True,
                              text=True)
        name = os.path.basename(cubin).replace(".cubin", ".sass")
        with open(os.path.join(out_dir, name), "w") as f:
            f.write(sass.stdout + sass.stderr)
        print(f"{cubin}: {len(sass.stdout.splitlines())} lines of SASS")


if __name__ == "__main__":
    main()
