"""Trident's environment knobs, in one registry.

    >>> import trident
    >>> trident.knobs                 # every knob, its value and its effect
    >>> trident.knobs.cache_dir       # one knob's current value

Each knob is read from the environment when it is used (set it in
`os.environ` at any time). `in_cache_key` says whether a compiled kernel
cached on disk depends on it: those are part of every cache key (directly,
or through what they select: the target, the loaded plugins).
"""
import os

from ._paths import checked_path


class Knob:
    def __init__(self, env, default, doc, in_cache_key=False, kind="str",
                 key_via=None):
        self.env = env
        self.default = default
        self.doc = doc
        self.in_cache_key = in_cache_key
        self.kind = kind
        self.key_via = key_via  # what carries it into the key, if not itself

    @property
    def name(self):
        return self.env[len("TRIDENT_"):].lower()

    def raw(self):
        return os.environ.get(self.env)

    def value(self):
        v = self.raw()
        if v is None or v == "":
            return self.default() if callable(self.default) else self.default
        if self.kind == "bool":
            return v.strip().lower() not in ("0", "false", "no", "off", "")
        if self.kind == "int":
            try:
                return int(v)
            except ValueError:
                raise ValueError("%s must be an integer, got %r" %
                                 (self.env, v)) from None
        if self.kind == "path":
            return checked_path(v, self.env)
        if self.kind == "paths":
            for entry in v.split(":"):
                checked_path(entry, "an entry of " + self.env)
        return v


def _default_cache_dir():
    return os.path.join(os.path.expanduser("~"), ".trident", "cache")


KNOBS = [
    Knob("TRIDENT_CACHE_DIR", _default_cache_dir,
         "where compiled kernels are cached on disk", kind="path"),
    Knob("TRIDENT_ALWAYS_COMPILE", False,
         "compile every kernel, never reading the disk cache (it is still "
         "written)", kind="bool"),
    Knob("TRIDENT_DUMP_DIR", None,
         "write every stage of every kernel compiled or loaded from the "
         "cache there (<kernel>-<key>/<stage>.<ext>)", kind="path"),
    Knob("TRIDENT_TARGET", None,
         "the target of launches (cuda:90a, cuda:80, cpu); default: this "
         "machine's GPU, else the CPU", in_cache_key=True,
         key_via="the target"),
    Knob("TRIDENT_PLUGIN_PATHS", None,
         "plugins to load at import (':'-separated)", in_cache_key=True,
         key_via="each loaded plugin's name, version, path and cache key",
         kind="paths"),
    Knob("TRIDENT_PTXAS", None,
         "the ptxas that builds cubins (default: /usr/local/cuda's, else "
         "PATH's)", in_cache_key=True, kind="path"),
    Knob("TRIDENT_LIBDEVICE", None,
         "CUDA's libdevice.10.bc (default: next to ptxas)",
         in_cache_key=True, kind="path"),
    Knob("TRIDENT_CPU_THREADS", 0,
         "threads that run CPU-target kernels (0: one per hardware thread)",
         kind="int"),
    Knob("TRIDENT_CPU_BOUNDS_CHECK", False,
         "compile CPU-target kernels with a check of every load, store and "
         "atomic against the launch's arrays and tensors: an out-of-bounds "
         "access raises an error naming its source line (slow; a debug "
         "mode; set it before a kernel's first launch)", in_cache_key=True,
         kind="bool"),
    Knob("TRIDENT_DEBUG_BARRIERS", False,
         "compile GPU kernels so that a barrier wait (mbarrier) that does not "
         "complete within TRIDENT_DEBUG_BARRIERS_MS prints the barrier, its "
         "phase, the block, the warp and its region, and the wait's source "
         "line, then traps: a hang becomes a failed launch (a debug mode; "
         "set it before a kernel's first launch)",
         in_cache_key=True, kind="bool"),
    Knob("TRIDENT_DEBUG_BARRIERS_MS", 1000,
         "the bound of TRIDENT_DEBUG_BARRIERS, in milliseconds",
         in_cache_key=True, kind="int"),
    Knob("TRIDENT_LIBCUDA", None,
         "the CUDA driver library to load (default libcuda.so.1)",
         kind="path"),
    Knob("TRIDENT_LIBRARY", None,
         "libTridentCore.so to load (default: the one next to the package)",
         kind="path"),
    Knob("TRIDENT_AS_TRITON", False,
         "at `import trident`, make `import triton` give Trident's modules "
         "(trident.compat.install(); docs/triton-compat.md)", kind="bool"),
    Knob("TRIDENT_DEFAULT_FP_FUSION", True,
         "whether a*b+c may become one fma in CUDA kernels launched without "
         "enable_fp_fusion (Triton's knobs.language.default_fp_fusion, which "
         "sets it from Python)", in_cache_key=True,
         key_via="the launch's options", kind="bool"),
    Knob("TRIDENT_NO_CRASH_GUARD", False,
         "compile without the crash guard, so that a crash reaches a "
         "debugger or a sanitizer with its own stack and ends the process "
         "(read once per process; docs/fuzzing.md)", kind="bool"),
]

_BY_NAME = {k.name: k for k in KNOBS}


class _RuntimeHooks:
    """`trident.knobs.runtime`: Triton's run-time hooks, set from Python
    (runtime/_hooks.py says how they are called): `jit_cache_hook` runs
    before a kernel's new specialization is compiled, `jit_post_compile_hook`
    after it."""

    _NAMES = ("jit_cache_hook", "jit_post_compile_hook")

    def __init__(self):
        for name in self._NAMES:
            object.__setattr__(self, name, None)

    def __setattr__(self, name, value):
        if name not in self._NAMES:
            raise AttributeError(
                "trident.knobs.runtime has no setting '%s' (it has: %s)" %
                (name, ", ".join(self._NAMES)))
        if value is not None and not callable(value):
            raise TypeError("trident.knobs.runtime.%s must be a function or "
                            "None, not %r" % (name, value))
        object.__setattr__(self, name, value)

    def __repr__(self):
        return "trident.knobs.runtime(%s)" % ", ".join(
            "%s=%r" % (n, getattr(self, n)) for n in self._NAMES)


class _LanguageKnobs:
    """`trident.knobs.language`: Triton's language knobs, settable from
    Python (None: back to the environment's value). A change applies to
    the specializations compiled after it: the launchers' plans are
    forgotten, so that the next launch of each kernel looks again."""

    _KNOBS = {"default_fp_fusion": "TRIDENT_DEFAULT_FP_FUSION"}

    def __init__(self):
        object.__setattr__(self, "_set", {})

    def __getattr__(self, name):
        if name not in self._KNOBS:
            raise AttributeError(
                "trident.knobs.language has no setting '%s' (it has: %s)" %
                (name, ", ".join(self._KNOBS)))
        if name in self._set:
            return self._set[name]
        return next(k for k in KNOBS if k.env == self._KNOBS[name]).value()

    def __setattr__(self, name, value):
        if name not in self._KNOBS:
            raise AttributeError(
                "trident.knobs.language has no setting '%s' (it has: %s)" %
                (name, ", ".join(self._KNOBS)))
        if value is None:
            self._set.pop(name, None)
        elif isinstance(value, bool):
            self._set[name] = value
        else:
            raise TypeError("trident.knobs.language.%s is True, False or "
                            "None, not %r" % (name, value))
        import sys
        jit = sys.modules.get(__package__ + ".runtime.jit")
        if jit is not None:
            jit.forget_launch_plans()

    def __repr__(self):
        return "trident.knobs.language(%s)" % ", ".join(
            "%s=%r" % (n, getattr(self, n)) for n in self._KNOBS)


class _Registry:
    """`trident.knobs`: attribute access by short name (cache_dir,
    always_compile, ...), and a table when printed; `runtime` holds the
    run-time hooks."""

    runtime = _RuntimeHooks()
    language = _LanguageKnobs()

    def __getattr__(self, name):
        k = _BY_NAME.get(name)
        if k is None:
            raise AttributeError("trident.knobs has no knob '%s' (the knobs: "
                                 "%s)" % (name, ", ".join(sorted(_BY_NAME))))
        return k.value()

    def __dir__(self):
        return sorted(_BY_NAME) + ["language", "runtime"]

    def all(self):
        return list(KNOBS)

    def cache_key(self):
        """The values of the knobs that cached kernels depend on directly
        (those carried by the target or the plugins are keyed there)."""
        return tuple((k.env, k.raw() or "") for k in KNOBS
                     if k.in_cache_key and k.key_via is None)

    def __repr__(self):
        rows = []
        for k in KNOBS:
            v = k.value()
            key = "in cache key" + (" (via %s)" % k.key_via if k.key_via
                                    else "") if k.in_cache_key else "-"
            rows.append("%-24s = %-30s %s\n    %s" % (
                k.env, repr(v) if k.raw() is not None else "%r (default)" % (
                    v,), key, k.doc))
        return "trident.knobs:\n" + "\n".join(rows)


knobs = _Registry()
