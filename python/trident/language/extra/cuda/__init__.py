"""CUDA-specific extras of the language."""
from . import libdevice  # noqa: F401
