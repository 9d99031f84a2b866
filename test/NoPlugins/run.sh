#!/usr/bin/env bash
# The core needs nothing from plugins/: a copy of the source tree without
# that folder configures (the plugins, and the tests that load them, left
# out) and its build graph holds the core library, the tools and the
# Python extension and no plugin. (The plugins build on the core's
# installed API: see OutOfTree/.)
# Usage: run.sh SOURCE_DIR
set -euo pipefail
src="$1"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
mkdir "$work/src"
(cd "$src" && git ls-files -z | grep -zv '^plugins/' | xargs -0 cp --parents -t "$work/src")
[ ! -e "$work/src/plugins" ] || { echo "no-plugins: the copy has plugins/" >&2; exit 1; }
cmake -G Ninja -S "$work/src" -B "$work/build" -DCMAKE_BUILD_TYPE=Release \
  -DCMAKE_C_COMPILER=clang-22 -DCMAKE_CXX_COMPILER=clang++-22 \
  > "$work/configure.log" 2>&1 || { cat "$work/configure.log"; exit 1; }
grep -q "no plugins/ folder: building the core alone" "$work/configure.log" || {
  echo "no-plugins: the configuration did not notice plugins/ is gone" >&2; exit 1; }
targets="$(ninja -C "$work/build" -t targets all)"
for t in lib/libTridentCore.so bin/trident-opt bin/trident-compile bin/trident-run-cpu; do
  grep -q "^$t:" <<<"$targets" || { echo "no-plugins: no target $t" >&2; exit 1; }
done
if grep -qiE 'plugins/|Plugin\.so' <<<"$(grep -v '^CMakeFiles' <<<"$targets")"; then
  echo "no-plugins: the build still has plugin targets:" >&2
  grep -iE 'plugins/|Plugin\.so' <<<"$targets" >&2
  exit 1
fi
echo "no-plugins: the core configures and its build graph holds no plugin"
