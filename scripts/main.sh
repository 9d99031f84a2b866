#!/usr/bin/env bash
# The main job: builds Trident if needed, then compiles an example Tile IR
# kernel with the example plugins loaded, printing the pipeline it used and
# the IR after each stage. Arguments are passed on to trident-compile (for
# example --target cpu, or another kernel file).
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
echo "== compiling $kernel"
"$build/bin/trident-compile" "${plugins[@]}" --print-pipeline --print-stages "$kernel" "$@"
