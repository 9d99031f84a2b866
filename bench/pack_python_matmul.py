"""Run on the build machine: compiles the Python-written grouped matmul
(examples/python/matmul.py, matmul_kernel; bf16 in, fp32 acc, bf16 out) with
trident.compile for cuda:90a in a few tile configurations, and writes each
cubin plus a JSON description next to it, for bench/device_python_matmul.py
to load through the CUDA driver on the GPU machine (which has no MLIR).

    PYTHONPATH=python build/venv/bin/python bench/pack_python_matmul.py [OUT_DIR]

OUT_DIR defaults to .dev/python-matmul (ignored by git). Each config gets
<tag>.cubin, <tag>.ptx and <tag>.json; index.json lists the tags. The
specialization is the one a launch on contiguous row-major tensors would
get: pointers, M, N, K and the leading strides divisible by 16, the unit
strides (stride_ak, stride_bn, stride_cn) folded in as constexprs.
"""
import json
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "examples", "python"))

import trident  # noqa: E402
from matmul import matmul_kernel  # noqa: E402

# (BLOCK_M, BLOCK_N, BLOCK_K, GROUP_M, num_warps, num_stages)
CONFIGS = [
    (128, 128, 64, 8, 4, 3),
    (128, 128, 64, 8, 4, 4),
    (128, 128, 64, 8, 8, 3),
    (128, 128, 64, 8, 8, 4),
    (128, 256, 64, 8, 8, 3),
]

SIGNATURE = {"a_ptr": "*bf16", "b_ptr": "*bf16", "c_ptr": "*bf16",
             "M": "i32", "N": "i32", "K": "i32",
             "stride_am": "i32", "stride_ak": "i32",
             "stride_bk": "i32", "stride_bn": "i32",
             "stride_cm": "i32", "stride_cn": "i32"}
UNIT_STRIDES = {"stride_ak": 1, "stride_bn": 1, "stride_cn": 1}
DIVISIBLE = ("a_ptr", "b_ptr", "c_ptr", "M", "N", "K",
             "stride_am", "stride_bk", "stride_cm")


def tag_of(cfg):
    bm, bn, bk, gm, w, s = cfg
    return "mm_%dx%dx%d_g%d_w%d_s%d" % (bm, bn, bk, gm, w, s)


def main(argv):
    out = argv[1] if len(argv) > 1 else os.path.join(ROOT, ".dev",
                                                     "python-matmul")
    os.makedirs(out, exist_ok=True)
    tags = []
    for cfg in CONFIGS:
        bm, bn, bk, gm, w, s = cfg
        const = dict(BLOCK_M=bm, BLOCK_N=bn, BLOCK_K=bk, GROUP_M=gm,
                     **UNIT_STRIDES)
        attrs = {n: {"tir.divisibility": 16} for n in DIVISIBLE}
        k = trident.compile(matmul_kernel, signature=SIGNATURE,
                            constexprs=const, target="cuda:90a",
                            num_warps=w, num_stages=s, attrs=attrs)
        md = dict(k.metadata)
        # The kernel's parameters, in order: the run-time arguments (the
        # constexprs are folded in and are not parameters).
        # Types as signature strings ("*bf16", "i32").
        args = [[name, SIGNATURE[name]] for name, _ in k.arg_kinds]
        ptx = k.asm["ptx"]
        entry = ptx[ptx.index(".entry"):]
        n_params = entry[:entry.index(")")].count(".param")
        if n_params != len(args):
            raise SystemExit("%s: the PTX entry has %d parameters, the "
                             "signature %d" % (tag_of(cfg), n_params,
                                               len(args)))
        tag = tag_of(cfg)
        desc = {
            "tag": tag,
            "kernel": md["name"],
            "args": args,
            "constexprs": const,
            "divisibility_16": list(DIVISIBLE),
            "block": [bm, bn, bk],
            "group_m": gm,
            "num_warps": md["num_warps"],
            "num_stages": s,
            "threads": 32 * md["num_warps"],
            "shared_bytes": md["shared_bytes"],
            "cluster": md.get("cluster", [1, 1, 1]),
            # One program per output tile, in one grid dimension.
            "grid": "cdiv(M, BLOCK_M) * cdiv(N, BLOCK_N), 1, 1",
            "metadata": md,
            "source": "examples/python/matmul.py:matmul_kernel",
            "wgmma_in_ptx": ptx.count("wgmma.mma_async"),
        }
        with open(os.path.join(out, tag + ".cubin"), "wb") as f:
            f.write(k.asm["cubin"])
        with open(os.path.join(out, tag + ".ptx"), "w") as f:
            f.write(ptx)
        with open(os.path.join(out, tag + ".json"), "w") as f:
            json.dump(desc, f, indent=1, sort_keys=True)
        tags.append(tag)
        print("%s: %d regs, %d spills, %d B shared, wgmma x%d, "
              "serialized=%s, %d B cubin" %
              (tag, md.get("registers", -1),
               md.get("spill_stores", 0) + md.get("spill_loads", 0),
               md["shared_bytes"], desc["wgmma_in_ptx"],
               md.get("wgmma_serialized"), len(k.asm["cubin"])))
    with open(os.path.join(out, "index.json"), "w") as f:
        json.dump({"configs": tags}, f, indent=1)
    print("pack: %d configs in %s" % (len(tags), out))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
