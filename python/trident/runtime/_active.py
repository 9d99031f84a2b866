"""`trident.runtime.driver.active`: the device queries Triton's host code
makes through `triton.runtime.driver.active`, answered for the target
launches go to (`driver.active_target()`):

    driver.active.get_current_target()        # GPUTarget("cuda", 90, 32)
    driver.active.get_active_torch_device()   # torch.device("cuda", 0)
    driver.active.get_current_device()        # 0
    driver.active.utils.get_device_properties(0)["multiprocessor_count"]

On the CPU target the target is GPUTarget("cpu", "native", 1), the torch
device is torch.device("cpu"), and the device properties are the host's,
under the same keys (see `_query_cpu`); on CUDA they are the driver's.
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
        key = (_target(), device)
        if key not in self._cache:
            self._cache[key] = (_query_cuda(int(device)) if _on_gpu()
                                else _query_cpu())
        return dict(self._cache[key])


# Bytes of tiles a CPU program keeps on its stack: the `stack-bytes` option
# of convert-tir-to-cpu (include/trident/Conversion/Passes.td).
CPU_STACK_TILE_BYTES = 262144


def _query_cpu():
    """The CPU target's answers under Triton's keys. A program instance is
    one host thread, and what a GPU keeps in shared memory it keeps in
    tile buffers: max_shared_mem is the bytes of those it keeps on its
    stack (larger tiles still compile, on the heap, so this is the size to
    plan for, not a refusal); max_num_regs counts the 32-bit lanes of the
    vector registers; multiprocessor_count is how many programs run at
    once (TRIDENT_CPU_THREADS, else the cores this process may use);
    warpSize and max_threads_per_sm are 1; sm_clock_rate is the cores'
    top clock in kHz; mem_clock_rate and mem_bus_width are 0 (the host
    does not say)."""
    threads = int(os.environ.get("TRIDENT_CPU_THREADS", "0") or 0)
    if threads <= 0:
        try:
            threads = len(os.sched_getaffinity(0))
        except (AttributeError, OSError):
            threads = os.cpu_count() or 1
    flags, mhz = _cpuinfo()
    if "avx512f" in flags:
        registers = 32 * 16   # 32 zmm of 16 lanes
    elif "avx" in flags:
        registers = 16 * 8    # 16 ymm of 8 lanes
    else:
        registers = 16 * 4    # 16 xmm (or NEON's 32 q of 4 lanes: 128)
        if "asimd" in flags:
            registers = 32 * 4
    return {
        "max_shared_mem": CPU_STACK_TILE_BYTES,
        "max_num_regs": registers,
        "multiprocessor_count": threads,
        "warpSize": 1,
        "sm_clock_rate": _cpu_khz(mhz),
        "mem_clock_rate": 0,
        "mem_bus_width": 0,
        "max_threads_per_sm": 1,
    }


def _cpuinfo():
    """(the CPU's feature flags, its highest listed clock in MHz or 0)."""
    flags, mhz = set(), 0.0
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                name, _, value = line.partition(":")
                name = name.strip()
                if name in ("flags", "Features") and not flags:
                    flags = set(value.split())
                elif name == "cpu MHz":
                    try:
                        mhz = max(mhz, float(value))
                    except ValueError:
                        pass
    except OSError:
        pass
    return flags, mhz


def _cpu_khz(mhz):
    try:
        with open("/sys/devices/system/cpu/cpu0/cpufreq/"
                  "cpuinfo_max_freq") as f:
            return int(f.read().strip())
    except (OSError, ValueError):
        return int(mhz * 1000)


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
