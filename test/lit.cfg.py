# lit configuration for Trident's FileCheck tests.
import os
import lit.formats

config.name = "Trident"
config.test_format = lit.formats.ShTest(execute_external=False)
config.suffixes = [".mlir", ".test"]
config.excludes = ["Inputs", "OutOfTree", "lit.cfg.py", "CMakeLists.txt"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.trident_obj_root, "test")

bindir = os.path.join(config.trident_obj_root, "bin")
plugindir = os.path.join(config.trident_obj_root, "plugins")
config.environment["PATH"] = os.pathsep.join(
    [bindir, config.llvm_tools_dir, config.environment.get("PATH", "")])
# Tests must not see plugins from the caller's environment.
config.environment.pop("TRIDENT_PLUGIN_PATHS", None)

config.substitutions.append(("%trident_src", config.trident_src_root))
config.substitutions.append(("%trident_bin", bindir))
config.substitutions.append(("%plugins", plugindir))
config.substitutions.append(("%testplugins", os.path.join(config.trident_obj_root, "test", "plugins")))

import sys
config.environment["PYTHONPATH"] = os.path.join(config.trident_src_root, "python")
config.environment["TRIDENT_LIBRARY"] = os.path.join(
    config.trident_obj_root, "lib", "libTridentCore.so")
config.substitutions.append(("%python", sys.executable))

# NVIDIA back end. %fakecuda: a host-only stand-in for libcuda.so.1 that the
# launcher tests load through TRIDENT_LIBCUDA. Feature `cuda-gpu`: set only
# when nvidia-smi lists a GPU; tests that run kernels say `REQUIRES: cuda-gpu`
# and are reported UNSUPPORTED otherwise, with the reason noted here.
config.substitutions.append(("%fakecuda", os.path.join(
    config.trident_obj_root, "test", "fakecuda", "libTridentFakeCuda.so")))
config.environment.pop("TRIDENT_LIBCUDA", None)
config.environment.pop("TRIDENT_PTXAS", None)


def _why_no_cuda_gpu():
    import shutil
    import subprocess
    smi = shutil.which("nvidia-smi")
    if not smi:
        return "nvidia-smi is not on PATH"
    try:
        r = subprocess.run([smi, "-L"], capture_output=True, text=True,
                           timeout=60)
    except Exception as e:  # noqa: BLE001 - any failure means no GPU
        return "nvidia-smi failed: %s" % e
    if r.returncode != 0 or "GPU" not in r.stdout:
        return "nvidia-smi lists no GPU: %s" % (r.stderr or r.stdout).strip()[:200]
    return None


_no_gpu = _why_no_cuda_gpu()
if _no_gpu is None:
    config.available_features.add("cuda-gpu")
else:
    lit_config.note("no CUDA GPU (%s): the tests that need one are "
                    "UNSUPPORTED" % _no_gpu)
