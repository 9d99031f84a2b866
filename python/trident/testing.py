"""Timing kernels: `trident.testing.do_bench`, as Triton's.

On a GPU (torch with CUDA): CUDA events around each call, the L2 cache
flushed before each (a 256 MB buffer written), warm-up and repetitions
sized from a first estimate to fill `warmup` and `rep` milliseconds; the
median by default. On the CPU target: wall-clock time around each call.
"""
import sys
import time

_L2_FLUSH_BYTES = 256 << 20
_FLUSH = []


def _summarize(times, quantiles, return_mode):
    if quantiles is not None:
        times = sorted(times)
        out = []
        for q in quantiles:
            if not 0 <= q <= 1:
                raise ValueError("quantiles must be in [0, 1], got %r" % (q,))
            pos = q * (len(times) - 1)
            lo = int(pos)
            hi = min(lo + 1, len(times) - 1)
            out.append(times[lo] + (times[hi] - times[lo]) * (pos - lo))
        return out[0] if len(out) == 1 else out
    import statistics  # (not at `import trident`)
    modes = {"median": statistics.median, "mean": statistics.fmean,
             "min": min, "max": max, "all": list}
    if return_mode not in modes:
        raise ValueError("return_mode must be one of %s, got %r" %
                         (", ".join(modes), return_mode))
    return modes[return_mode](times)


def _gpu_torch():
    torch = sys.modules.get("torch")
    if torch is None:
        try:
            import torch
        except ImportError:
            return None
    try:
        return torch if torch.cuda.is_available() else None
    except Exception:
        return None


def do_bench(fn, warmup=25, rep=100, grad_to_none=None, quantiles=None,
             return_mode="median", device=None):
    """Milliseconds per call of `fn` (see the module's docstring).
    `device`: "cuda" or "cpu"; default: the GPU when torch has one."""
    torch = _gpu_torch() if device in (None, "cuda") else None
    if device == "cuda" and torch is None:
        raise RuntimeError("do_bench(device='cuda') needs torch with a CUDA "
                           "device")
    if torch is None:
        return _bench_cpu(fn, warmup, rep, quantiles, return_mode)
    if not _FLUSH:
        _FLUSH.append(torch.empty(_L2_FLUSH_BYTES // 4, dtype=torch.int32,
                                  device="cuda"))
    cache = _FLUSH[0]
    fn()
    torch.cuda.synchronize()
    # A first estimate: 5 calls.
    start = torch.cuda.Event(enable_timing=True)
    end = torch.cuda.Event(enable_timing=True)
    start.record()
    for _ in range(5):
        cache.zero_()
        fn()
    end.record()
    torch.cuda.synchronize()
    estimate = max(start.elapsed_time(end) / 5, 1e-4)
    n_warmup = max(1, int(warmup / estimate))
    n_repeat = max(1, int(rep / estimate))
    starts = [torch.cuda.Event(enable_timing=True) for _ in range(n_repeat)]
    ends = [torch.cuda.Event(enable_timing=True) for _ in range(n_repeat)]
    for _ in range(n_warmup):
        fn()
    for i in range(n_repeat):
        if grad_to_none is not None:
            for x in grad_to_none:
                x.grad = None
        cache.zero_()
        starts[i].record()
        fn()
        ends[i].record()
    torch.cuda.synchronize()
    times = [s.elapsed_time(e) for s, e in zip(starts, ends)]
    return _summarize(times, quantiles, return_mode)


def _bench_cpu(fn, warmup, rep, quantiles, return_mode):
    fn()
    t0 = time.perf_counter()
    fn()
    estimate = max((time.perf_counter() - t0) * 1e3, 1e-4)
    for _ in range(max(1, int(warmup / estimate))):
        fn()
    times = []
    for _ in range(max(3, min(1000, int(rep / estimate)))):
        t0 = time.perf_counter()
        fn()
        times.append((time.perf_counter() - t0) * 1e3)
    return _summarize(times, quantiles, return_mode)
