#!/usr/bin/env bash
# Creates (once) the virtual environment the Python tests and the main job
# use, at $TRIDENT_VENV (default: build/venv), with pinned packages from
# PyPI. Prints nothing when it is already complete. Safe to re-run.
# --with-torch also installs torch (python/requirements-torch.txt; about 7 GB
# with its CUDA libraries), which the Python tests use for CPU tensors, and
# the pure-Python packages that run on it without their dependencies
# (python/requirements-liger.txt: Liger-Kernel, the acceptance test of
# `import triton` under trident.compat); the main job needs neither.
set -euo pipefail
with_torch=0
[ "${1:-}" = "--with-torch" ] && with_torch=1
root="$(cd "$(dirname "$0")/.." && pwd)"
venv="${TRIDENT_VENV:-${TRIDENT_BUILD_DIR:-$root/build}/venv}"
requirements="$root/python/requirements-test.txt"
stamp="$venv/.trident-requirements"
torch_requirements="$root/python/requirements-torch.txt"
torch_stamp="$venv/.trident-requirements-torch"
liger_requirements="$root/python/requirements-liger.txt"
liger_stamp="$venv/.trident-requirements-liger"
install_torch() {
  [ "$with_torch" = 1 ] || return 0
  if ! { [ -f "$torch_stamp" ] && cmp -s "$torch_stamp" "$torch_requirements"; }; then
    echo "python-env: installing torch (the CUDA wheel, used on the CPU)"
    "$venv/bin/python" -m pip install -q --disable-pip-version-check \
      -r "$torch_requirements"
    cp "$torch_requirements" "$torch_stamp"
  fi
  if ! { [ -f "$liger_stamp" ] && cmp -s "$liger_stamp" "$liger_requirements"; }; then
    echo "python-env: installing $(grep -v '^#' "$liger_requirements" | tr '\n' ' ')(no dependencies)"
    "$venv/bin/python" -m pip install -q --disable-pip-version-check \
      --no-deps -r "$liger_requirements"
    cp "$liger_requirements" "$liger_stamp"
  fi
}
if [ -f "$stamp" ] && cmp -s "$stamp" "$requirements"; then
  install_torch
  exit 0
fi
py="${TRIDENT_PYTHON:-python3}"
if ! "$py" -c 'import venv, ensurepip' 2>/dev/null; then
  echo "python-env: $py has no venv/ensurepip; installing python3-venv"
  SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO=sudo
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq python3-venv >/dev/null
fi
echo "python-env: creating $venv"
"$py" -m venv "$venv"
"$venv/bin/python" -m pip install -q --disable-pip-version-check -r "$requirements"
cp "$requirements" "$stamp"
install_torch
