#!/usr/bin/env bash
# The main job: builds Trident if needed, then
#   0. runs a Python kernel (examples/python/matmul.py, a Triton-style
#      grouped matmul written with `import trident as triton`) on the CPU
#      target against numpy in float64, and compiles the same source for
#      the H200 (sm_90a), reporting wgmma and cp.async in its PTX;
# then, with the example plugins loaded:
#   1. runs a GEMM kernel (examples/kernels/matmul_fma_f32.mlir) on the CPU:
#      compiled for the cpu target, JIT-loaded and run on a thread pool over
#      host buffers, checked against a float64 reference; prints the
#      pipeline it used and the result check. Needs no GPU.
#   2. compiles an example kernel (a row softmax) for the H200 (cuda:90a)
#      through every stage to a cubin, printing the pipeline it used and
#      each stage's output (IR, LLVM IR, PTX, cubin metadata); the stage
#      outputs are also written to build/main-job/. Without ptxas it stops
#      at the PTX. Arguments replace these default trident-compile options
#      (for example: --target cpu).
#   3. when an sm_90 GPU is present (nvidia-smi lists one), runs that cubin
#      on it with trident-launch and checks it.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
build="${TRIDENT_BUILD_DIR:-$root/build}"
"$root/scripts/build.sh" >/dev/null
"$root/scripts/python-env.sh"

echo "== a Python kernel on the CPU: examples/python/matmul.py"
PYTHONPATH="$root/python" TRIDENT_LIBRARY="$build/lib/libTridentCore.so" \
  TRIDENT_TARGET=cpu "${TRIDENT_VENV:-$build/venv}/bin/python" \
  "$root/examples/python/matmul.py"
echo

plugins=()
for p in "$build"/plugins/lib*.so; do
  [ -e "$p" ] && plugins+=("--load-plugin=$p")
done

echo "== plugins"
"$build/bin/trident-compile" "${plugins[@]}" --list-plugins
echo

# 1. GEMM on the CPU. Sizes are not multiples of the 64x64 tiles, so the
# masks matter; the grid is (ceil(N/64), ceil(M/64)).
gemm="$root/examples/kernels/matmul_fma_f32.mlir"
m=500 n=520 k=300
echo "== GEMM on the CPU: $gemm (C = A @ B, fp32, M=$m N=$n K=$k)"
"$build/bin/trident-run-cpu" "${plugins[@]}" --print-pipeline "$gemm" \
  --kernel matmul --m $m --n $n --k $k --grid $(((n + 63) / 64)),$(((m + 63) / 64)) \
  --time 10
echo

# 2. The softmax example through every stage of the GPU target.
kernel="$root/examples/kernels/softmax.mlir"
opts=("$@")
default=0 emit=
if [ ${#opts[@]} -eq 0 ]; then
  default=1
  emit=cubin
  # trident-compile's own search for ptxas.
  if [ -z "${TRIDENT_PTXAS:-}" ] && [ ! -x /usr/local/cuda/bin/ptxas ] &&
     ! command -v ptxas >/dev/null; then
    echo "(no ptxas here: set TRIDENT_PTXAS or install the CUDA toolkit for" \
         "the cubin stage; compiling through stage ptx)"
    emit=ptx
  fi
  opts=(--target cuda:90a --emit "$emit" --dump-dir "$build/main-job")
fi
echo "== compiling $kernel (${opts[*]})"
"$build/bin/trident-compile" "${plugins[@]}" --print-pipeline --print-stages "${opts[@]}" "$kernel"

# 3. With an sm_90 GPU: run the cubin (4 rows of up to 256 columns per
# program).
if [ $default = 1 ] && [ "$emit" = cubin ] && command -v nvidia-smi >/dev/null &&
   nvidia-smi --query-gpu=compute_cap --format=csv,noheader 2>/dev/null | grep -qx '9.0'; then
  rows=4099 cols=250
  echo
  echo "== running $build/main-job/softmax.cubin on GPU 0"
  "$build/bin/trident-launch" "$build/main-job/softmax.cubin" --kernel softmax \
    --rows $rows --cols $cols --grid $(((rows + 3) / 4)) --time 20
fi
