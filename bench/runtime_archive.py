"""Trident on the GPU machine, where there is no toolchain: from a wheel
in .dev/ (pip install --target) or from the archive bench/pack_runtime.sh
makes (.dev/trident-runtime.tar.xz), unpacked into DEST. `unpack()` puts
the package on sys.path and sets TRIDENT_PTXAS, TRIDENT_LIBDEVICE and
TRIDENT_LIBRARY; it imports nothing (neither trident nor torch nor
triton), so a caller can still install trident.compat's alias first."""
import os
import subprocess
import sys
import tarfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DEST = "/tmp/trident-runtime"


def unpack():
    """Trident from the wheel in .dev/ (pip install --target, as a user of a
    GPU machine without a toolchain would; ptxas and libdevice bundled), or
    else from the archive bench/pack_runtime.sh makes."""
    import glob
    wheels = sorted(glob.glob(os.path.join(ROOT, ".dev", "trident-*.whl")))
    if wheels:
        target = DEST + "-wheel"
        if not os.path.isdir(target):
            t0 = time.perf_counter()
            subprocess.run([sys.executable, "-m", "pip", "install", "-q",
                            "--no-deps", "--no-index", "--target", target,
                            wheels[-1]], check=True)
            print("installed %s with pip in %.1f s" % (
                os.path.basename(wheels[-1]), time.perf_counter() - t0))
        sys.path.insert(0, target)
        sys.path.insert(0, os.path.join(ROOT, "python", "test", "kernels"))
        sys.path.insert(0, os.path.join(ROOT, "examples", "python"))
        return os.path.join(ROOT, "examples", "python"), target
    archive = os.path.join(ROOT, ".dev", "trident-runtime.tar.xz")
    if not os.path.isdir(DEST):
        with tarfile.open(archive) as tar:
            try:
                tar.extractall(DEST, filter="data")
            except TypeError:
                tar.extractall(DEST)
    # An archive packed with PACK_PTXAS=0 has none: the machine's own.
    ptxas = os.path.join(DEST, "bin", "ptxas")
    os.environ["TRIDENT_PTXAS"] = (ptxas if os.path.exists(ptxas) else
                                   "/usr/local/cuda/bin/ptxas")
    os.environ["TRIDENT_LIBDEVICE"] = os.path.join(DEST, "bin",
                                                   "libdevice.10.bc")
    lib = os.path.join(DEST, "python", "trident", "_lib")
    os.environ["TRIDENT_LIBRARY"] = os.path.join(lib, "libTridentCore.so")
    sys.path.insert(0, os.path.join(DEST, "python"))
    sys.path.insert(0, os.path.join(DEST, "kernels"))
    sys.path.insert(0, os.path.join(DEST, "examples"))
    return os.path.join(DEST, "examples"), os.path.join(DEST, "python")
