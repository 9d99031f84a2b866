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
config.substitutions.append(("%plugins", plugindir))
config.substitutions.append(("%testplugins", os.path.join(config.trident_obj_root, "test", "plugins")))

import sys
config.environment["PYTHONPATH"] = os.path.join(config.trident_src_root, "python")
config.environment["TRIDENT_LIBRARY"] = os.path.join(
    config.trident_obj_root, "lib", "libTridentCore.so")
config.substitutions.append(("%python", sys.executable))
