#!/usr/bin/env bash
# Installs what building and testing Trident needs, if missing. Safe to re-run.
# Everything comes from Debian 12's archive (LLVM/MLIR 22 from its security
# suite, which a stock Debian 12 has configured); lit is llvm-22-tools' own.
set -euo pipefail

need_apt=()
for pkg in libmlir-22-dev llvm-22-dev mlir-22-tools llvm-22-tools clang-22 lld-22 \
           ccache ninja-build cmake libzstd-dev zlib1g-dev libgtest-dev zstd \
           libclang-rt-22-dev; do
  dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed" \
    || need_apt+=("$pkg")
done
if [ ${#need_apt[@]} -gt 0 ]; then
  echo "setup: installing ${need_apt[*]}"
  SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO=sudo
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${need_apt[@]}" >/dev/null
fi
