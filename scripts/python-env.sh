#!/usr/bin/env bash
# Creates (once) the virtual environment the Python tests and the main job
# use, at $TRIDENT_VENV (default: build/venv), with pinned packages from
# PyPI. Prints nothing when it is already complete. Safe to re-run.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
venv="${TRIDENT_VENV:-${TRIDENT_BUILD_DIR:-$root/build}/venv}"
requirements="$root/python/requirements-test.txt"
stamp="$venv/.trident-requirements"
if [ -f "$stamp" ] && cmp -s "$stamp" "$requirements"; then
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
