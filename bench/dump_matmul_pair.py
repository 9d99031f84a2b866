"""Writes Trident's and Triton 3.6's PTX (and SASS, with Triton's bundled
nvdisasm/cuobjdump when present) for examples/python/matmul.py at one
config into OUT_DIR, to compare the two main loops. On the GPU machine:

    python3 bench/dump_matmul_pair.py OUT_DIR BM BN BK WARPS STAGES
"""
import glob
import os
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import device_runtime as dr  # noqa: E402  (unpacks Trident, imports both)

torch, triton = dr.torch, dr.triton


def main():
    out, bm, bn, bk, w, s = sys.argv[1], *map(int, sys.argv[2:7])
    os.makedirs(out, exist_ok=True)
    from matmul import matmul_kernel
    theirs = dr.load_on_triton(os.path.join(dr.EXAMPLES, "matmul.py"),
                               "matmul").matmul_kernel
    n = 2048
    a = torch.randn(n, n, device="cuda", dtype=torch.bfloat16)
    c = torch.empty(n, n, device="cuda", dtype=torch.bfloat16)
    cfg = dict(BLOCK_M=bm, BLOCK_N=bn, BLOCK_K=bk, GROUP_M=8, num_warps=w,
               num_stages=s)
    cubins = []
    grid = (triton.cdiv(n, bm) * triton.cdiv(n, bn),)
    for side, kern in (("trident", matmul_kernel), ("triton", theirs)):
        ret = kern[grid](a, a, c, n, n, n, n, 1, n, 1, n, 1, **cfg)
        torch.cuda.synchronize()
        k = next(iter(kern.cache.values()))[0] if side == "trident" else ret
        for key, text in k.asm.items():
            path = os.path.join(out, "%s.%s" % (side, key))
            with open(path, "wb" if isinstance(text, bytes) else "w") as f:
                f.write(text)
            if key == "cubin":
                cubins.append((side, path))
        if side == "trident":
            print(side, "registers", k.metadata.get("registers"), "shared",
                  k.metadata.get("shared_bytes"))
        else:
            print(side, "registers", k.n_regs, "shared", k.metadata.shared)
    tools = glob.glob(os.path.join(os.path.dirname(triton.__file__),
                                   "backends/nvidia/bin/nvdisasm")) + \
        glob.glob(os.path.join(os.path.dirname(triton.__file__),
                               "backends/nvidia/bin/cuobjdump"))
    for side, path in cubins:
        for tool in tools:
            args = [tool, "-sass", path] if tool.endswith("cuobjdump") \
                else [tool, "-c", path]
            r = subprocess.run(args, capture_output=True, text=True)
            with open(os.path.join(out, "%s.%s.sass" % (
                    side, os.path.basename(tool))), "w") as f:
                f.write(r.stdout + r.stderr)
    print("tools:", tools)


if __name__ == "__main__":
    main()
