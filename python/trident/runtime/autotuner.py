"""trident.autotune, trident.Config and trident.heuristics, as Triton has
them. The autotuner runs each candidate configuration, times it and keeps
the fastest per value of `key`; on the CPU target the timing is wall clock
around the launch (the GPU timing comes with the runtime issue)."""
import builtins
import time

from .._errors import (CompilationError, CompileTimeAssertionFailure,
                       OutOfResources, PTXASError, TridentUserError,
                       UnsupportedLaunchOption)
from .jit import JITFunction

# The saved autotune choices reported unusable in this process.
_REPORTED = set()


class Config:
    """Meta-parameters (`kwargs`) and launch options of one candidate."""

    def __init__(self, kwargs, num_warps=4, num_stages=3, num_ctas=1,
                 maxnreg=None, pre_hook=None, ctas_per_cga=None):
        self.kwargs = dict(kwargs)
        self.num_warps = num_warps
        self.num_stages = num_stages
        self.num_ctas = num_ctas
        self.maxnreg = maxnreg
        self.pre_hook = pre_hook
        # Thread-block clusters of programs (a plugin's configs): each program a
        # CTA of a cluster of this shape.
        self.ctas_per_cga = None if ctas_per_cga is None else \
            tuple(int(c) for c in ctas_per_cga)

    def all_kwargs(self):
        out = dict(self.kwargs)
        out.update(num_warps=self.num_warps, num_stages=self.num_stages,
                   num_ctas=self.num_ctas)
        if self.ctas_per_cga is not None:
            out["ctas_per_cga"] = self.ctas_per_cga
        return out

    def __repr__(self):
        parts = ["%s: %r" % kv for kv in self.kwargs.items()]
        parts += ["num_warps: %d" % self.num_warps,
                  "num_stages: %d" % self.num_stages,
                  "num_ctas: %d" % self.num_ctas]
        return "Config(" + ", ".join(parts) + ")"


class KernelInterface:
    def __getitem__(self, grid):
        return lambda *args, **kwargs: self.run(*args, grid=grid, **kwargs)


class Autotuner(KernelInterface):
    def __init__(self, fn, configs, key, reset_to_zero=None,
                 restore_value=None, pre_hook=None, post_hook=None,
                 prune_configs_by=None, warmup=None, rep=None,
                 do_bench=None):
        if not configs:
            configs = [Config({})]
        self.fn = fn
        self.base_fn = fn
        while not isinstance(self.base_fn, JITFunction):
            self.base_fn = self.base_fn.fn
        self.arg_names = self.base_fn.arg_names
        self.configs = list(configs)
        # A key that names no parameter is left out, as Triton does (08's
        # tutorial has one misspelled), with a warning.
        self.keys = [k for k in key if k in self.arg_names]
        for k in key:
            if k not in self.arg_names:
                import warnings
                warnings.warn("autotune key '%s' is not a parameter of %s; "
                              "it is ignored" % (k, self.base_fn.__name__),
                              stacklevel=3)
        self.reset_to_zero = list(reset_to_zero or [])
        self.restore_value = list(restore_value or [])
        for name in self.reset_to_zero + self.restore_value:
            if name not in self.arg_names:
                raise TridentUserError(
                    "autotune: '%s' (reset_to_zero/restore_value) is not a "
                    "parameter of %s" % (name, self.base_fn.__name__))
        self.user_pre_hook = pre_hook
        self.post_hook = post_hook
        prune = prune_configs_by or {}
        self.perf_model = prune.get("perf_model")
        self.top_k = prune.get("top_k")
        self.early_config_prune = prune.get("early_config_prune")
        self.reps = rep or 3
        self.do_bench = do_bench
        self.cache = {}
        self.best_config = None
        self.bench_times = {}
        self.__name__ = self.base_fn.__name__

    def _key(self, named):
        """The values of the key's parameters, then, as Triton's autotuner
        has it, the dtype of every tensor argument: tutorial 03 tunes fp16
        and fp8 at the same M, N, K, and each dtype needs its own choice
        (fp8 at 4096^3 kept fp16's config: 893 TFLOP/s instead of 1283)."""
        key = [_key_part(named.get(k)) for k in self.keys]
        for v in named.values():
            t = type(v)
            if t is int or t is float or t is bool or v is None:
                continue  # most arguments: sizes and strides
            if _is_tensor(v):
                key.append(_dtype_name(v))
        return tuple(key)

    def _named(self, args, kwargs):
        named = dict(zip(self.arg_names, args))
        named.update(kwargs)
        return named

    def prune_configs(self, named, kwargs=None):
        """As Triton's: early_config_prune(configs, named_args, **kwargs),
        with the launch's keyword arguments."""
        configs = self.configs
        kwargs = kwargs or {}
        if self.early_config_prune:
            configs = list(self.early_config_prune(configs, named, **kwargs))
        if self.perf_model and self.top_k is not None:
            top_k = self.top_k
            if isinstance(top_k, float) and top_k <= 1.0:
                top_k = int(len(configs) * top_k)
            est = [(self.perf_model(**named, **c.all_kwargs()), c)
                   for c in configs]
            est.sort(key=lambda x: x[0])
            configs = [c for _, c in est[:builtins.max(1, top_k)]]
        return configs

    def _bench(self, config, args, kwargs, grid):
        named = self._named(args, kwargs)
        for k in config.kwargs:
            if k in kwargs:
                raise TridentUserError(
                    "conflicting meta-parameter '%s': given at the launch and "
                    "by an autotune config" % k)
        saved = {n: _copy(named[n]) for n in self.restore_value}

        def once():
            for n in self.reset_to_zero:
                _zero(named[n])
            if config.pre_hook:
                config.pre_hook({**named, **config.all_kwargs()})
            if self.user_pre_hook:
                self.user_pre_hook({**named, **config.all_kwargs()})
            _launch(self.fn, args, grid, {**kwargs, **config.all_kwargs()})
            if self.post_hook:
                self.post_hook({**named, **config.all_kwargs()}, None)
            for n, v in saved.items():
                _restore(named[n], v)

        from . import driver
        if not driver.active_target().startswith("cpu"):
            # On a GPU: CUDA events, L2 flushed, the median (do_bench).
            from ..testing import do_bench
            bench = self.do_bench or do_bench
            return bench(once)
        once()  # compile and warm up
        times = []
        for _ in builtins.range(self.reps):
            t0 = time.perf_counter()
            once()
            times.append(time.perf_counter() - t0)
        times.sort()
        return times[len(times) // 2]

    def _disk_key(self, key):
        """(the file that keeps this key's choice across processes, the
        facts its name is a digest of, as JSON values): the file records
        the facts, so that a file reached from other facts is not used."""
        import hashlib
        import json
        import os
        from . import driver
        from ..knobs import knobs
        parts = [self.base_fn.cache_key, driver.active_target(),
                 [repr(k) for k in key],
                 [sorted((k, repr(v)) for k, v in c.all_kwargs().items())
                  for c in self.configs]]
        text = json.dumps(parts, default=str)
        h = hashlib.sha256(text.encode())
        return (os.path.join(knobs.cache_dir, "autotune",
                             h.hexdigest() + ".json"), json.loads(text))

    def _load_choice(self, key, configs):
        import json
        from ..knobs import knobs
        if knobs.always_compile:
            return None
        path, facts = self._disk_key(key)
        try:
            with open(path) as f:
                saved = json.load(f)
        except FileNotFoundError:
            return None
        except (OSError, ValueError) as e:
            return self._stale_choice(path, "unreadable: %s" % e)
        if not isinstance(saved, dict) or saved.get("key") != facts:
            return self._stale_choice(
                path, "it was saved for another kernel, key or list of "
                "configs (a digest collision, or written by an older "
                "Trident)")
        try:
            choice = self.configs[int(saved["index"])]
        except (KeyError, IndexError, TypeError, ValueError):
            return self._stale_choice(path, "it names no config of the "
                                            "list")
        return choice if choice in configs else None

    def _stale_choice(self, path, reason):
        """Reports (once per file and process) a saved choice that is not
        used; the choice is timed again and the file rewritten."""
        import warnings
        if path not in _REPORTED:
            _REPORTED.add(path)
            warnings.warn("trident: the autotune choice %s of %s is not used "
                          "(%s); the configs are timed again" %
                          (path, self.__name__, reason), RuntimeWarning,
                          stacklevel=4)
        return None

    def _save_choice(self, key, config, timings):
        import json
        import os
        import tempfile
        path, facts = self._disk_key(key)
        try:
            os.makedirs(os.path.dirname(path), exist_ok=True)
            fd, tmp = tempfile.mkstemp(dir=os.path.dirname(path),
                                       prefix=".tmp-")
            with os.fdopen(fd, "w") as f:
                json.dump({"key": facts,
                           "index": self.configs.index(config),
                           "config": repr(config),
                           "times": [[repr(c), t] for c, t in
                                     timings.items()]}, f)
            os.replace(tmp, path)
        except OSError:
            pass

    def run(self, *args, grid, **kwargs):
        named = self._named(args, kwargs)
        key = self._key(named)
        if key not in self.cache:
            configs = self.prune_configs(named, kwargs)
            if len(configs) == 1:
                self.cache[key] = configs[0]
            else:
                saved = self._load_choice(key, configs)
                if saved is not None:
                    self.cache[key] = saved
                else:
                    timings = {}
                    failed = {}
                    for c in configs:
                        # As Triton's autotuner: a config the kernel does
                        # not support (a static_assert), that needs more
                        # than the target has, or that ptxas refuses is
                        # passed over.
                        try:
                            timings[c] = self._bench(c, args, kwargs, grid)
                        except (CompileTimeAssertionFailure, OutOfResources,
                                PTXASError, UnsupportedLaunchOption) as e:
                            timings[c] = float("inf")
                            failed[c] = e
                    if len(failed) == len(configs):
                        raise CompilationError(
                            "%s: none of its %d autotune configs compiles "
                            "and runs:\n%s" % (
                                self.__name__, len(configs),
                                "\n".join("  %r: %s" % (
                                    c, str(e).split("\n")[0])
                                    for c, e in failed.items()))
                        ) from next(iter(failed.values()))
                    self.bench_times[key] = timings
                    best = builtins.min(timings, key=timings.get)
                    self.cache[key] = best
                    self._save_choice(key, best, timings)
        config = self.cache[key]
        self.best_config = config
        if config.pre_hook:
            config.pre_hook({**named, **config.all_kwargs()})
        return _launch(self.fn, args, grid, {**kwargs, **config.all_kwargs()})


def _launch(fn, args, grid, kwargs):
    """Launches `fn` (a kernel, or another autotuner or heuristics around
    one). A kernel goes through its C++ launcher (`fn[grid]`), as a direct
    launch does: `run` binds and specializes in Python, tens of
    microseconds per launch, which a kernel of a few microseconds (08's
    grouped GEMM) would wait on, and the timings that pick a config would
    measure."""
    if isinstance(fn, JITFunction):
        return fn[grid](*args, **kwargs)
    return fn.run(*args, grid=grid, **kwargs)


# Per type: whether its values are tensors (torch or numpy); per dtype: its
# name. The key is computed at every launch of an autotuned kernel.
_TENSOR_TYPES = {}
_DTYPE_NAMES = {}


def _is_tensor(v):
    t = type(v)
    known = _TENSOR_TYPES.get(t)
    if known is None:
        known = _TENSOR_TYPES[t] = hasattr(v, "dtype") and (
            hasattr(v, "data_ptr") or hasattr(v, "__array_interface__"))
    return known


def _dtype_name(v):
    dtype = v.dtype
    name = _DTYPE_NAMES.get(dtype)
    if name is None:
        name = _DTYPE_NAMES[dtype] = str(dtype)
    return name


def _key_part(v):
    return _dtype_name(v) if _is_tensor(v) else v


def _zero(x):
    if hasattr(x, "zero_"):
        x.zero_()
    else:
        x[...] = 0


def _copy(x):
    return x.clone() if hasattr(x, "clone") else x.copy()


def _restore(x, saved):
    if hasattr(x, "copy_"):
        x.copy_(saved)
    else:
        x[...] = saved


def autotune(configs, key, prune_configs_by=None, reset_to_zero=None,
             restore_value=None, pre_hook=None, post_hook=None, warmup=None,
             rep=None, use_cuda_graph=False, do_bench=None, cache_results=False):
    """Decorator: time `configs` once per distinct value of the `key`
    arguments and launch the fastest."""
    def decorator(fn):
        return Autotuner(fn, configs, key, reset_to_zero, restore_value,
                         pre_hook, post_hook, prune_configs_by, warmup, rep,
                         do_bench)
    return decorator


class Heuristics(KernelInterface):
    def __init__(self, fn, values):
        self.fn = fn
        self.values = values
        base = fn
        while not isinstance(base, JITFunction):
            base = base.fn
        self.arg_names = base.arg_names
        self.__name__ = base.__name__

    def run(self, *args, grid, **kwargs):
        named = dict(zip(self.arg_names, args))
        named.update(kwargs)
        for name, fn in self.values.items():
            kwargs[name] = fn({**named, **kwargs})
            named[name] = kwargs[name]
        return _launch(self.fn, args, grid, kwargs)


def heuristics(values):
    """Decorator: meta-parameters computed from the other arguments."""
    def decorator(fn):
        return Heuristics(fn, values)
    return decorator
