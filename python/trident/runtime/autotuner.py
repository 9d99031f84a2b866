"""trident.autotune, trident.Config and trident.heuristics, as Triton has
them. The autotuner runs each candidate configuration, times it and keeps
the fastest per value of `key`; on the CPU target the timing is wall clock
around the launch (the GPU timing comes with the runtime issue)."""
import builtins
import numbers
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
        try:
            kwargs = dict(kwargs)
        except (TypeError, ValueError):
            raise TridentUserError(
                "trident.Config: its first argument is a dict of "
                "meta-parameter names to values (Config({'BLOCK': 64})), "
                "not %s" % _shown(kwargs)) from None
        for k in kwargs:
            if not isinstance(k, str):
                raise TridentUserError(
                    "trident.Config: meta-parameter names are strings, not "
                    "%s (in %r)" % (_shown(k), kwargs))
        if pre_hook is not None and not callable(pre_hook):
            raise TridentUserError(
                "trident.Config: pre_hook must be a function of the "
                "arguments (a dict), not %s" % _shown(pre_hook))
        options = {}
        for name, value in (("num_warps", num_warps),
                            ("num_stages", num_stages),
                            ("num_ctas", num_ctas), ("maxnreg", maxnreg)):
            if value is not None and (isinstance(value, bool) or
                                      not isinstance(value, numbers.Integral)
                                      or value < (0 if name == "num_stages"
                                                  else 1)):
                raise TridentUserError(
                    "trident.Config(%r): %s must be a positive integer, not "
                    "%s" % (kwargs, name, _shown(value)))
            options[name] = None if value is None else int(value)
        from ..compiler.compiler import validate_options
        try:  # (what no launch takes: num_warps=3, num_ctas=16, ...)
            validate_options(options["num_warps"] or 4,
                             builtins.max(options["num_stages"] or 3, 1),
                             options["num_ctas"] or 1)
        except TridentUserError as e:
            raise TridentUserError("trident.Config(%r): %s" % (kwargs, e)) \
                from None
        self.kwargs = kwargs
        self.num_warps = options["num_warps"]
        self.num_stages = options["num_stages"]
        self.num_ctas = options["num_ctas"]
        self.maxnreg = options["maxnreg"]
        self.pre_hook = pre_hook
        # Thread-block clusters of programs (a plugin's configs): each program a
        # CTA of a cluster of this shape.
        try:
            self.ctas_per_cga = None if ctas_per_cga is None else \
                tuple(int(c) for c in ctas_per_cga)
        except (TypeError, ValueError):
            raise TridentUserError(
                "trident.Config(%r): ctas_per_cga is a cluster shape of 1 to "
                "3 integers, not %s" % (kwargs, _shown(ctas_per_cga))) \
                from None

    def all_kwargs(self):
        out = dict(self.kwargs)
        out.update(num_warps=self.num_warps, num_stages=self.num_stages,
                   num_ctas=self.num_ctas)
        if self.ctas_per_cga is not None:
            out["ctas_per_cga"] = self.ctas_per_cga
        if self.maxnreg is not None:
            out["maxnreg"] = self.maxnreg
        return out

    def __repr__(self):
        parts = ["%s: %r" % kv for kv in self.kwargs.items()]
        parts += ["num_warps: %s" % self.num_warps,
                  "num_stages: %s" % self.num_stages,
                  "num_ctas: %s" % self.num_ctas]
        return "Config(" + ", ".join(parts) + ")"


class KernelInterface:
    def __getitem__(self, grid):
        return lambda *args, **kwargs: self.run(*args, grid=grid, **kwargs)

    def __call__(self, *args, **kwargs):
        raise TridentUserError(
            "%s is a kernel (wrapped by trident.%s): launch it with "
            "%s[grid](...), the grid being the number of programs" %
            (self.__name__, self._decorator, self.__name__))


class Autotuner(KernelInterface):
    _decorator = "autotune"

    def __init__(self, fn, configs, key, reset_to_zero=None,
                 restore_value=None, pre_hook=None, post_hook=None,
                 prune_configs_by=None, warmup=None, rep=None,
                 do_bench=None):
        self.fn = fn
        self.base_fn = _base_kernel(fn, "autotune")
        self.__name__ = self.base_fn.__name__
        self.arg_names = self.base_fn.arg_names
        self.configs = self._checked_configs(configs)
        # A key that names no parameter is left out, as Triton does (08's
        # tutorial has one misspelled), with a warning.
        key = self._names(key, "key")
        self.keys = [k for k in key if k in self.arg_names]
        for k in key:
            if k not in self.arg_names:
                import warnings
                warnings.warn("autotune key '%s' is not a parameter of %s; "
                              "it is ignored" % (k, self.base_fn.__name__),
                              stacklevel=3)
        self.reset_to_zero = self._parameters(reset_to_zero, "reset_to_zero")
        self.restore_value = self._parameters(restore_value, "restore_value")
        self.user_pre_hook = self._function(pre_hook, "pre_hook")
        self.post_hook = self._function(post_hook, "post_hook")
        self.do_bench = self._function(do_bench, "do_bench")
        prune = prune_configs_by or {}
        if not isinstance(prune, dict):
            raise self._error("prune_configs_by is a dict (keys "
                              "'early_config_prune', 'perf_model', 'top_k'),"
                              " not %s" % _shown(prune))
        unknown = sorted(set(prune) - {"early_config_prune", "perf_model",
                                       "top_k"}, key=str)
        if unknown:
            raise self._error(
                "prune_configs_by has no key %r%s; its keys are "
                "'early_config_prune', 'perf_model' and 'top_k'" % (
                    unknown[0], _did_you_mean(
                        unknown[0], ["early_config_prune", "perf_model",
                                     "top_k"])))
        self.perf_model = self._function(prune.get("perf_model"),
                                         "prune_configs_by['perf_model']")
        self.early_config_prune = self._function(
            prune.get("early_config_prune"),
            "prune_configs_by['early_config_prune']")
        self.top_k = prune.get("top_k")
        if self.top_k is not None and (
                isinstance(self.top_k, bool) or
                not isinstance(self.top_k, (int, float)) or
                self.top_k <= 0 or (isinstance(self.top_k, float) and
                                    self.top_k > 1.0)):
            raise self._error(
                "prune_configs_by['top_k'] is a number of configs (an int of"
                " at least 1) or a fraction of them (a float in (0, 1]), not"
                " %r" % (self.top_k,))
        for name, value, least in (("warmup", warmup, 0), ("rep", rep, 1)):
            if value is not None and (isinstance(value, bool) or
                                      not isinstance(value, (int, float)) or
                                      not value >= least):
                raise self._error("%s must be a number of at least %d, not "
                                  "%r" % (name, least, value))
        self.reps = int(rep) if rep else 3
        self.cache = {}
        self.best_config = None
        self.bench_times = {}

    # -- what the decorator was given, checked --------------------------

    def _error(self, reason):
        return TridentUserError("autotune of %s: %s" % (
            _where_kernel(self.base_fn), reason))

    def _checked_configs(self, configs):
        if configs is None:
            configs = []
        if isinstance(configs, (Config, str, bytes, dict)) or \
                not hasattr(configs, "__iter__"):
            raise self._error("configs is a list of trident.Config, not %s" %
                              _shown(configs))
        configs = list(configs)
        if not configs:  # as Triton: one config of the defaults
            return [Config({})]
        options = ("num_warps", "num_stages", "num_ctas", "maxnreg",
                   "ctas_per_cga")
        for i, c in enumerate(configs):
            if not isinstance(c, Config):
                raise self._error("configs[%d] is %s, not a trident.Config" %
                                  (i, _shown(c)))
            for k in c.kwargs:
                if k in self.arg_names:
                    continue
                if k in options:
                    raise self._error(
                        "configs[%d] %r sets %s among its meta-parameters, "
                        "and %s has no parameter of that name: a launch "
                        "option is given as Config(..., %s=...)" % (
                            i, c, k, self.base_fn.__name__, k))
                raise self._error(
                    "configs[%d] %r sets '%s', which is not a parameter of "
                    "%s%s" % (i, c, k, _signature(self.base_fn),
                              _did_you_mean(k, self.arg_names)))
        return configs

    def _names(self, value, what):
        """A list of names given as `what` (not a lone string)."""
        if value is None:
            return []
        if isinstance(value, str):
            raise self._error("%s is a list of parameter names: write "
                              "%s=[%r], not %s=%r" % (what, what, value, what,
                                                      value))
        if not hasattr(value, "__iter__"):
            raise self._error("%s is a list of parameter names, not %s" %
                              (what, _shown(value)))
        names = list(value)
        for n in names:
            if not isinstance(n, str):
                raise self._error("%s names parameters (strings), not %s" %
                                  (what, _shown(n)))
        return names

    def _parameters(self, value, what):
        names = self._names(value, what)
        for n in names:
            if n not in self.arg_names:
                raise self._error("'%s' (in %s) is not a parameter of %s%s" %
                                  (n, what, _signature(self.base_fn),
                                   _did_you_mean(n, self.arg_names)))
        return names

    def _function(self, value, what):
        if value is not None and not callable(value):
            raise self._error("%s must be a function, not %s" %
                              (what, _shown(value)))
        return value

    def _call_user(self, fn, what, *args, **kwargs):
        """fn(*args, **kwargs), a function the user gave; what it raises is
        reported as that function's failure (the original is the
        __cause__)."""
        try:
            return fn(*args, **kwargs)
        except Exception as e:
            raise self._error("%s %s raised %s: %s" % (
                what, _where_function(fn), type(e).__name__, e)) from e

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
            what = "prune_configs_by['early_config_prune']"
            pruned = self._call_user(self.early_config_prune, what, configs,
                                     named, **kwargs)
            try:
                configs = list(pruned)
            except TypeError:
                configs = None
            if not configs or not all(isinstance(c, Config)
                                      for c in configs):
                raise self._error(
                    "%s %s returned %s; it must return a non-empty list of "
                    "the configs (trident.Config) to time" % (
                        what, _where_function(self.early_config_prune),
                        _shown(pruned)))
        if self.perf_model and self.top_k is not None:
            top_k = self.top_k
            if isinstance(top_k, float):
                top_k = int(len(configs) * top_k)
            est = [(self._call_user(self.perf_model,
                                    "prune_configs_by['perf_model']",
                                    **named, **c.all_kwargs()), c)
                   for c in configs]
            est.sort(key=lambda x: x[0])
            configs = [c for _, c in est[:builtins.max(1, top_k)]]
        return configs

    def _hooks_before(self, config, meta):
        """Triton's order: the config's pre_hook, then the autotuner's."""
        if config.pre_hook:
            self._call_user(config.pre_hook, "the pre_hook of %r" % config,
                            meta)
        if self.user_pre_hook:
            self._call_user(self.user_pre_hook,
                            "pre_hook (running %r)" % config, meta)

    def _bench(self, config, args, kwargs, grid):
        """The time of `config`. As in Triton, before each run the
        reset_to_zero arguments are zeroed, and after it the restore_value
        arguments get back what they held before the tuning, so that each
        run (and the launch after the tuning) sees the caller's data."""
        named = self._named(args, kwargs)
        meta = {**named, **config.all_kwargs()}
        saved = {n: _copy(named[n], n, self) for n in self.restore_value
                 if named.get(n) is not None}

        def once():
            try:
                self._zero_resets(named)
                self._hooks_before(config, dict(meta))
                try:
                    _launch(self.fn, args, grid,
                            {**kwargs, **config.all_kwargs()})
                except Exception as e:
                    # As Triton's: the post_hook hears of the failure.
                    if self.post_hook:
                        self.post_hook(dict(meta), e)
                    raise
                if self.post_hook:
                    self._call_user(self.post_hook,
                                    "post_hook (running %r)" % config,
                                    dict(meta), None)
            finally:
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

    def _zero_resets(self, named):
        for n in self.reset_to_zero:
            if named.get(n) is not None:
                _zero(named[n], n, self)

    def _check_conflicts(self, configs, named, kwargs):
        for c in configs:
            for k in c.kwargs:
                if k in named:
                    raise self._error(
                        "conflicting meta-parameter '%s': the launch gives it"
                        " (%s) and so does the config %r; leave it to the "
                        "configs" % (k, "by keyword" if k in kwargs else
                                     "positionally", c))

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
        try:
            config = self.cache.get(key)
        except TypeError:  # a key value that is not hashable
            raise self._error("the key's values %r cannot key a choice (a "
                              "key names arguments of hashable values: "
                              "sizes, strides, dtypes)" % (key,)) from None
        if config is None:
            config = self._choose(key, named, args, kwargs, grid)
        self.best_config = config
        if config.pre_hook:
            self._call_user(config.pre_hook, "the pre_hook of %r" % config,
                            {**named, **config.all_kwargs()})
        return _launch(self.fn, args, grid, {**kwargs, **config.all_kwargs()})

    def _choose(self, key, named, args, kwargs, grid):
        """The config for `key`: the only one left after pruning, the one
        saved on disk, or the fastest, timed now."""
        configs = self.prune_configs(named, kwargs)
        self._check_conflicts(configs, named, kwargs)
        if len(configs) == 1:
            self.cache[key] = configs[0]
            return configs[0]
        saved = self._load_choice(key, configs)
        if saved is not None:
            self.cache[key] = saved
            return saved
        timings = {}
        failed = {}
        for c in configs:
            # As Triton's autotuner: a config the kernel does not support (a
            # static_assert), that needs more than the target has, or that
            # ptxas refuses is passed over.
            try:
                timings[c] = self._bench(c, args, kwargs, grid)
            except (CompileTimeAssertionFailure, OutOfResources,
                    PTXASError, UnsupportedLaunchOption) as e:
                timings[c] = float("inf")
                failed[c] = e
        if len(failed) == len(configs):
            raise CompilationError(
                "%s: none of its %d autotune configs compiles and runs:\n%s"
                % (self.__name__, len(configs),
                   "\n".join("  %r: %s" % (c, str(e).split("\n")[0])
                             for c, e in failed.items()))
            ) from next(iter(failed.values()))
        self.bench_times[key] = timings
        # Triton's name for the last tuning's timings (read by its users).
        self.configs_timings = timings
        best = builtins.min(timings, key=timings.get)
        self.cache[key] = best
        self._save_choice(key, best, timings)
        # The timed runs added into the reset_to_zero arguments: zeroed
        # again, the launch that follows starts from zero as later ones
        # (given zeroed arguments) do (Triton's reset_only pre_hook).
        self._zero_resets(named)
        return best


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


def _zero(x, name, tuner):
    try:
        if hasattr(x, "zero_"):
            x.zero_()
        else:
            x[...] = 0
    except (TypeError, ValueError, AttributeError, IndexError) as e:
        raise tuner._error("reset_to_zero: argument '%s' (%s) cannot be "
                           "zeroed: %s" % (name, type(x).__name__, e)) from e


def _copy(x, name, tuner):
    try:
        return x.clone() if hasattr(x, "clone") else x.copy()
    except (TypeError, ValueError, AttributeError) as e:
        raise tuner._error("restore_value: argument '%s' (%s) cannot be "
                           "copied: %s" % (name, type(x).__name__, e)) from e


def _restore(x, saved):
    if hasattr(x, "copy_"):
        x.copy_(saved)
    else:
        x[...] = saved


def _base_kernel(fn, decorator):
    """The @jit kernel under `fn` (autotune and heuristics wrap one)."""
    base = fn
    while not isinstance(base, JITFunction):
        if not isinstance(base, KernelInterface):
            what = getattr(base, "__name__", None)
            raise TridentUserError(
                "trident.%s applies to a @trident.jit kernel (or to one "
                "wrapped by autotune or heuristics), not to %s; put "
                "@trident.jit below @trident.%s" % (
                    decorator, _where_function(base) if what else
                    _shown(base), decorator))
        base = base.fn
    return base


def _where_kernel(k):
    code = k.fn.__code__
    return "%s (%s:%d)" % (k.__name__, code.co_filename, k.starting_line)


def _where_function(f):
    """'name (file:line)' of a function the user gave."""
    name = getattr(f, "__name__", None)
    code = getattr(f, "__code__", None)
    if name is None:
        return repr(f)
    if code is None:
        return name
    return "%s (%s:%d)" % (name, code.co_filename, code.co_firstlineno)


def _signature(k):
    return "%s(%s)" % (k.__name__, ", ".join(k.arg_names))


def _did_you_mean(name, names):
    import difflib
    close = difflib.get_close_matches(str(name), [str(n) for n in names], 1)
    return " (did you mean '%s'?)" % close[0] if close else ""


def _shown(v):
    text = repr(v)
    if len(text) > 60:
        text = text[:57] + "..."
    return "%s (%s)" % (text, type(v).__name__)


def autotune(configs, key=None, prune_configs_by=None, reset_to_zero=None,
             restore_value=None, pre_hook=None, post_hook=None, warmup=None,
             rep=None, use_cuda_graph=False, do_bench=None, cache_results=False):
    """Decorator: time `configs` once per distinct value of the `key`
    arguments and launch the fastest."""
    if isinstance(configs, KernelInterface) or isinstance(configs,
                                                          JITFunction) or (
            callable(configs) and key is None):
        raise TridentUserError(
            "trident.autotune takes its configs and key before the kernel: "
            "@trident.autotune(configs=[trident.Config(...)], key=['n']) "
            "above @trident.jit")
    if key is None:
        raise TridentUserError(
            "trident.autotune needs key=[...]: the names of the parameters "
            "whose values make a new choice of config (key=[] for one "
            "choice)")

    def decorator(fn):
        return Autotuner(fn, configs, key, reset_to_zero, restore_value,
                         pre_hook, post_hook, prune_configs_by, warmup, rep,
                         do_bench)
    return decorator


# What a launch takes besides the kernel's parameters.
_LAUNCH_OPTIONS = ("num_warps", "num_stages", "num_ctas", "ctas_per_cga",
                   "maxnreg", "enable_fp_fusion", "enable_reflect_ftz",
                   "launch_cooperative_grid", "launch_pdl")


class Heuristics(KernelInterface):
    _decorator = "heuristics"

    def __init__(self, fn, values):
        self.fn = fn
        base = _base_kernel(fn, "heuristics")
        self.arg_names = base.arg_names
        self.__name__ = base.__name__
        where = _where_kernel(base)
        if not isinstance(values, dict):
            raise TridentUserError(
                "heuristics of %s: its argument is a dict of parameter "
                "names to functions of the arguments, not %s" %
                (where, _shown(values)))
        for name, f in values.items():
            if name not in self.arg_names and name not in _LAUNCH_OPTIONS:
                raise TridentUserError(
                    "heuristics of %s: '%s' is not a parameter of %s%s" % (
                        where, name, _signature(base),
                        _did_you_mean(name, self.arg_names)))
            if not callable(f):
                raise TridentUserError(
                    "heuristics of %s: the value for '%s' must be a function "
                    "of the arguments (a dict), e.g. lambda args: ..., not %s"
                    % (where, name, _shown(f)))
        self.values = values
        self._where = where

    def run(self, *args, grid, **kwargs):
        named = dict(zip(self.arg_names, args))
        named.update(kwargs)
        for name, fn in self.values.items():
            try:
                kwargs[name] = fn({**named, **kwargs})
            except Exception as e:
                raise TridentUserError(
                    "heuristics of %s: the function for '%s', %s, raised %s: "
                    "%s" % (self._where, name, _where_function(fn),
                            type(e).__name__, e)) from e
            named[name] = kwargs[name]
        return _launch(self.fn, args, grid, kwargs)


def heuristics(values):
    """Decorator: meta-parameters computed from the other arguments."""
    def decorator(fn):
        return Heuristics(fn, values)
    return decorator
