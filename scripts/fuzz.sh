#!/usr/bin/env bash
# Builds the libFuzzer target (AddressSanitizer, coverage) into build-fuzz/
# (or $TRIDENT_FUZZ_BUILD_DIR) and runs it: first every input of
# fuzz/corpus and fuzz/regressions once, then fuzzing for --time seconds.
# A finding stops the run with exit status 1 and leaves the input under
# build-fuzz/findings/. See docs/fuzzing.md.
#
#   scripts/fuzz.sh                 # 60 s (what CI runs)
#   scripts/fuzz.sh --time 600      # longer; -- passes options to libFuzzer
#   scripts/fuzz.sh --time 0        # only the corpus and the regressions
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
build="${TRIDENT_FUZZ_BUILD_DIR:-$root/build-fuzz}"
seconds=60
jobs=1
extra=()
while [ $# -gt 0 ]; do
  case "$1" in
    --time) seconds="$2"; shift 2 ;;
    --jobs) jobs="$2"; shift 2 ;;
    --) shift; extra=("$@"); break ;;
    *) echo "fuzz.sh: unknown option '$1' (--time S, --jobs N, -- LIBFUZZER_ARGS)" >&2
       exit 2 ;;
  esac
done
"$root/scripts/setup.sh"

if [ ! -f "$build/build.ninja" ]; then
  launcher=()
  if [ "${TRIDENT_NO_CCACHE:-0}" != 1 ] && command -v ccache >/dev/null; then
    launcher=(-DCMAKE_C_COMPILER_LAUNCHER=ccache -DCMAKE_CXX_COMPILER_LAUNCHER=ccache)
  fi
  cmake -G Ninja -S "$root" -B "$build" \
    -DCMAKE_BUILD_TYPE=Release -DTRIDENT_ENABLE_FUZZER=ON \
    -DTRIDENT_BUILD_TESTS=OFF \
    -DCMAKE_C_COMPILER=clang-22 -DCMAKE_CXX_COMPILER=clang++-22 \
    -DCMAKE_EXE_LINKER_FLAGS=-fuse-ld=lld -DCMAKE_SHARED_LINKER_FLAGS=-fuse-ld=lld \
    -DCMAKE_MODULE_LINKER_FLAGS=-fuse-ld=lld \
    "${launcher[@]}" >/dev/null
fi
cmake --build "$build" --target trident-fuzz -j "${TRIDENT_JOBS:-$(nproc)}"

work="$build/fuzz-run"
mkdir -p "$work/corpus" "$build/findings"
# The leak checker would report MLIR's intentionally immortal objects.
export ASAN_OPTIONS="detect_leaks=0:${ASAN_OPTIONS:-}"
unset TRIDENT_PLUGIN_PATHS
args=(-timeout=20 -rss_limit_mb=4096 -malloc_limit_mb=2048 -max_len=65536
      -dict="$root/fuzz/mlir.dict" -artifact_prefix="$build/findings/"
      -print_final_stats=1)
if [ "$seconds" = 0 ]; then
  args+=(-runs=0)
else
  args+=(-max_total_time="$seconds")
fi
if [ "$jobs" -gt 1 ]; then
  args+=(-fork="$jobs")
fi
echo "fuzz.sh: $build/bin/trident-fuzz over fuzz/corpus and fuzz/regressions, ${seconds}s"
set +e
"$build/bin/trident-fuzz" "${args[@]}" "${extra[@]}" \
  "$work/corpus" "$root/fuzz/corpus" "$root/fuzz/regressions"
status=$?
set -e
if [ $status -ne 0 ]; then
  echo "fuzz.sh: FINDING (exit $status); the input is in $build/findings/" >&2
  ls -t "$build/findings" | head -3 >&2
  # CI keeps only the log: print the newest finding so that it can be
  # reproduced from the log alone (base64 of the first 64 KiB).
  newest="$(ls -t "$build/findings" | head -1)"
  if [ -n "$newest" ]; then
    echo "fuzz.sh: $newest, base64 (decode with base64 -d):" >&2
    head -c 65536 "$build/findings/$newest" | base64 >&2
    echo "fuzz.sh: end of $newest" >&2
  fi
  exit 1
fi
echo "fuzz.sh: no finding"
