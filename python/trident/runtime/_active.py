"""`trident.runtime.driver.active`: the device queries Triton's host code
makes through `triton.runtime.driver.active`, answered for the target
launches go to (`driver.active_target()`):

    driver.active.get_current_target()        # GPUTarget("cuda", 90, 32)
    driver.active.get_active_torch_device()   # torch.device("cuda", 0)
    driver.active.get_current_device()        # 0
    driver.active.utils.get_device_properties(0)["multiprocessor_count"]

On the CPU target the target is GPUTarget("cpu", "native", 1) and the torch
device is torch.device("cpu"); device properties are the CUDA driver's, so
asking for them without a GPU is an error.
"""
import collections
import os

GPUTarget = collections.namedtuple("GPUTarget", "backend arch warp_size")

# CUdevice_attribute values (cuda.h) of the properties Triton reports.
_PROPERTIES = {
    "max_shared_mem": 97,        # MAX_SHARED_MEMORY_PER_BLOCK_OPTIN
    "max_num_regs": 12,          # MAX_REGISTERS_PER_BLOCK
    "multiprocessor_count": 16,  # MULTIPROCESSOR_COUNT
    "warpSize": 10,              # WARP_SIZE
    "sm_clock_rate": 13,         # CLOCK_RATE (kHz)
    "mem_clock_rate": 36,        # MEMORY_CLOCK_RATE (kHz)
    "mem_bus_width": 37,         # GLOBAL_MEMORY_BUS_WIDTH (bits)
    "max_threads_per_sm": 39,    # MAX_THREADS_PER_MULTIPROCESSOR
}


def _target():
    from . import driver
    return driver.active_target()


def _on_gpu():
    return _target().startswith("cuda")


class _Utils:
    def __init__(self):
        self._cache = {}

    def get_device_properties(self, device):
        """{name: value} of CUDA device `device` (an index), with Triton's
        keys: max_shared_mem (opt-in bytes per block), max_num_regs (per
        block), multiprocessor_count, warpSize, sm_clock_rate and
        mem_clock_rate (kHz), mem_bus_width (bits), max_threads_per_sm."""
        if device is None:
            device = 0
        if device not in self._cache:
            self._cache[device] = _query_cuda(int(device))
        return dict(self._cache[device])


def _query_cuda(index):
    import ctypes  # not on the import path of trident
    try:
        cuda = ctypes.CDLL(os.environ.get("TRIDENT_LIBCUDA", "libcuda.so.1"))
    except OSError as e:
        raise RuntimeError("device properties need the CUDA driver: %s" % e)

    def check(what, result):
        if result != 0:
            raise RuntimeError("%s failed (CUDA error %d)" % (what, result))

    check("cuInit", cuda.cuInit(0))
    dev = ctypes.c_int()
    check("cuDeviceGet(%d)" % index, cuda.cuDeviceGet(ctypes.byref(dev),
                                                      index))
    out = {}
    for name, attribute in _PROPERTIES.items():
        value = ctypes.c_int()
        check("cuDeviceGetAttribute(%s)" % name,
              cuda.cuDeviceGetAttribute(ctypes.byref(value), attribute, dev))
        out[name] = value.value
    return out


class ActiveDriver:
    """What `triton.runtime.driver.active` answers, for Trident's target."""

    def __init__(self):
        self.utils = _Utils()

    def get_current_target(self):
        target = _target()
        backend, _, arch = target.partition(":")
        if backend == "cuda":
            return GPUTarget("cuda", int(arch.rstrip("a")), 32)
        return GPUTarget(backend, arch or "native", 1)

    def get_current_device(self):
        """The index of the current CUDA device (torch's when torch is in
        use); 0 on the CPU target."""
        if not _on_gpu():
            return 0
        import sys
        torch = sys.modules.get("torch")
        return torch.cuda.current_device() if torch is not None else 0

    def get_active_torch_device(self):
        import torch
        if _on_gpu():
            return torch.device("cuda", self.get_current_device())
        return torch.device("cpu")
