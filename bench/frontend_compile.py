"""How much the Python front end adds to a compile (issue 10's bound: the
grouped matmul from Python to a cubin costs at most 1.3x what
trident-compile costs on the same Tile IR).

Measures, on this machine, medians of N runs each, interleaved:
  python  trident.compile(matmul_kernel, ...) to the cubin (AST walk,
          typing, IR building, then the pipeline);
  mlir    the same Tile IR (the module the front end built, as text)
          through the same pipeline in the same process
          (trident.compile_mlir, the C API: parse + pipeline);
  tool    `trident-compile --emit cubin` on that text, a new process each
          time (what a user of the C++ tool pays);
  front   the front end alone (AST walk, typing, building and verifying
          the Tile IR: compiler.build_module).
and prints python/mlir and python/tool.

    python bench/frontend_compile.py [N]
"""
import os
import statistics
import subprocess
import sys
import tempfile
import time

here = os.path.dirname(os.path.abspath(__file__))
root = os.path.dirname(here)
sys.path.insert(0, os.path.join(root, "examples", "python"))

import trident  # noqa: E402
from matmul import matmul_kernel  # noqa: E402

from matmul import BF16_ATTRS as ATTRS  # noqa: E402
from matmul import BF16_CONSTEXPRS as CONST  # noqa: E402
from matmul import BF16_SIGNATURE as SIG  # noqa: E402


def main():
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 7
    build = os.environ.get("TRIDENT_BUILD_DIR", os.path.join(root, "build"))
    tool = os.path.join(build, "bin", "trident-compile")
    k = trident.compile(matmul_kernel, signature=SIG, constexprs=CONST,
                        target="cuda:90a", attrs=ATTRS)
    src = k.source_ir
    fd, path = tempfile.mkstemp(suffix=".mlir")
    with os.fdopen(fd, "w") as f:
        f.write(src)
    out = path + ".cubin"
    from trident.compiler.compiler import build_module
    py, mlir, proc, fe = [], [], [], []
    try:
        for _ in range(n):
            t0 = time.perf_counter()
            trident.compile(matmul_kernel, signature=SIG, constexprs=CONST,
                            target="cuda:90a", attrs=ATTRS)
            py.append(time.perf_counter() - t0)
            t0 = time.perf_counter()
            build_module(matmul_kernel, SIG, CONST, "cuda:90a", ATTRS)
            fe.append(time.perf_counter() - t0)
            t0 = time.perf_counter()
            trident.compile_mlir(src, target="cuda:90a", until_stage="cubin",
                                 name="matmul.mlir")
            mlir.append(time.perf_counter() - t0)
            t0 = time.perf_counter()
            subprocess.run([tool, "--target", "cuda:90a", "--emit", "cubin",
                            "-o", out, path], check=True)
            proc.append(time.perf_counter() - t0)
    finally:
        for p in (path, out, out[:-len(".cubin")] + ".json"):
            if os.path.exists(p):
                os.unlink(p)
    m = {name: statistics.median(v) for name, v in
         (("python", py), ("mlir", mlir), ("tool", proc))}
    print("grouped matmul (bf16, 128x128x64, cuda:90a) to a cubin, median of "
          "%d:" % n)
    print("  python front end + pipeline   %.3f s" % m["python"])
    print("  same Tile IR, same process    %.3f s  -> ratio %.2fx" %
          (m["mlir"], m["python"] / m["mlir"]))
    print("  trident-compile (new process) %.3f s  -> ratio %.2fx" %
          (m["tool"], m["python"] / m["tool"]))
    print("  front end alone (AST -> verified Tile IR) %.4f s = %.1f%% of the"
          " pipeline's time" % (statistics.median(fe),
                                100 * statistics.median(fe) / m["mlir"]))
    print("  (the rest of python - mlir is run-to-run variance of the "
          "pipeline, mostly ptxas)")


if __name__ == "__main__":
    main()
