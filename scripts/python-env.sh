#!/usr/bin/env bash
# Creates (once) the virtual environment the Python tests and the main job
# use, at $TRIDENT_VENV (default: build/venv), with pinned packages from
# PyPI. Prints nothing when it is already complete. Safe to re-run.
# --with-torch also installs torch (python/requirements-torch.txt; about 7 GB
# with its CUDA libraries), which the Python tests use for CPU tensors; the
# main job does not need it.
set -euo pipefail
with_torch=0
[ "${1:-}" = "--with-torch" ] && with_torch=1
root="$(cd "$(dirname "$0")/.." && pwd)"
venv="${TRIDENT_VENV:-${TRIDENT_BUILD_DIR:-$root/build}/venv}"
requirements="$root/python/requirements-test.txt"
stamp="$venv/.trident-requirements"
torch_requirements="$root/python/requirements-torch.txt"
torch_stamp="$venv/.trident-requirements-torch"
install_torch() {
  [ "$with_torch" = 1 ] || return 0
  if [ -f "$torch_stamp" ] && cmp -s "$torch_stamp" "$torch_requirements"; then
    return 0
  fi
  echo "python-env: installing torch (the CUDA wheel, used on the CPU)"
  "$venv/bin/python" -m pip install -q --disable-pip-version-check \
    -r "$torch_requirements"
  cp "$torch_requirements" "$torch_stamp"
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
