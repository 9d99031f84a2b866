"""Trident: a tile-level GPU kernel compiler with run-time plugins.

The `@trident.jit` front end comes later; today the package exposes the
core's plugin and pipeline API.
"""
from ._core import (PluginError, TridentError, compile_mlir, core_build_id,
                    load_plugin, pipeline, plugins)

__all__ = ["PluginError", "TridentError", "compile_mlir", "core_build_id",
           "load_plugin", "pipeline", "plugins"]
