#!/usr/bin/env bash
# Installs the Trident build into a scratch prefix, builds the installed
# plugin template (PREFIX/share/trident/template, from plugins/template)
# against it with find_package(Trident), loads the plugin into the installed
# trident-compile and checks its edit and its pass.
# Usage: run.sh BUILD_DIR
set -euo pipefail
build="$1"
src="$(cd "$(dirname "$0")" && pwd)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

cmake --install "$build" --prefix "$work/prefix" >/dev/null
template="$work/prefix/share/trident/template"
for f in "$template/CMakeLists.txt" "$work/prefix/share/trident/examples/gpu-ext/GpuxOps.td"; do
  [ -f "$f" ] || { echo "out-of-tree: the install lacks $f" >&2; exit 1; }
done
cmake -G Ninja -S "$template" -B "$work/build" \
  -DCMAKE_PREFIX_PATH="$work/prefix" -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build "$work/build" >/dev/null
plugin="$work/build/liboutoftree-plugin.so"
compile="$work/prefix/bin/trident-compile"
FileCheck=/usr/lib/llvm-22/bin/FileCheck

"$compile" --load-plugin="$plugin" --print-pipeline | $FileCheck "$src/pipeline.check"
"$compile" --load-plugin="$plugin" --emit=tir "$src/kernel.mlir" | $FileCheck "$src/kernel.mlir"
# The template's own lit tests, through trident_add_lit_tests.
ctest --test-dir "$work/build" --output-on-failure >/dev/null || {
  ctest --test-dir "$work/build" --output-on-failure; exit 1; }

# TLX, built from its installed sources against the installed Trident, and
# its lowering checked with the installed trident-opt.
tlx="$work/prefix/share/trident/tlx"
[ -f "$tlx/CMakeLists.txt" ] || { echo "out-of-tree: the install lacks $tlx" >&2; exit 1; }
cmake -G Ninja -S "$tlx" -B "$work/tlx" \
  -DCMAKE_PREFIX_PATH="$work/prefix" -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build "$work/tlx" >/dev/null
[ -f "$work/tlx/python/tlx/__init__.py" ] || { echo "out-of-tree: TLX's Python module was not copied" >&2; exit 1; }
lowering="$src/../Plugin/tlx-lower-to-gir.mlir"
"$work/prefix/bin/trident-opt" --load-plugin="$work/tlx/libTlxPlugin.so" \
  --tlx-lower-to-gir "$lowering" | $FileCheck "$lowering"
echo "out-of-tree plugin: built, loaded, run and tested (template and TLX)"
