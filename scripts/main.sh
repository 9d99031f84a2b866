#!/usr/bin/env bash
# The main job: builds Trident if needed, then compiles an example Tile IR
# kernel (a row softmax) with the example plugins loaded, for the H200
# (cuda:90a), through every stage to a cubin, printing the pipeline it used
# and each stage's output (IR, LLVM IR, PTX, cubin metadata); the stage
# outputs are also written to build/main-job/. Arguments replace the default
# trident-compile options (for example: --target cpu).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
build="${TRIDENT_BUILD_DIR:-$root/build}"
"$root/scripts/build.sh" >/dev/null

kernel="$root/examples/kernels/softmax.mlir"
plugins=()
for p in "$build"/plugins/lib*.so; do
  [ -e "$p" ] && plugins+=("--load-plugin=$p")
done

echo "== plugins"
"$build/bin/trident-compile" "${plugins[@]}" --list-plugins
echo
opts=("$@")
[ ${#opts[@]} -eq 0 ] && opts=(--target cuda:90a --emit cubin --dump-dir "$build/main-job")
echo "== compiling $kernel (${opts[*]})"
"$build/bin/trident-compile" "${plugins[@]}" --print-pipeline --print-stages "${opts[@]}" "$kernel"
