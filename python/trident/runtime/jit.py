"""@trident.jit: kernels as Python functions, specialized and cached.

`kernel[grid](*args, num_warps=..., num_stages=..., **meta)` binds the
arguments, specializes them as Triton does (pointer element types, integer
widths, divisibility by 16, integers equal to 1), compiles once per
specialization (kept in memory) and launches. Without a GPU runtime the
target is the CPU (`TRIDENT_TARGET=cpu` forces it): the kernel runs as
compiled native code on numpy arrays or CPU torch tensors.
"""
import functools
import sys
import threading
import weakref
from os import stat as _stat

from .._errors import TridentUserError
from ..language import core as tl
from .tensor_wrapper import TensorWrapper, reinterpret  # noqa: F401

# The kernels whose C++ launcher holds launch plans (forget_launch_plans).
_WITH_PLANS = weakref.WeakSet()


def forget_launch_plans():
    """Drops every kernel's C++ launch plans (not its compiled kernels):
    the next launch of each specialization looks again at what a plan
    took as fixed (knobs.language.default_fp_fusion)."""
    for fn in list(_WITH_PLANS):
        fn._dispatcher = None

_SPECIALIZE_DIVISIBILITY = 16
_WARMUP = threading.local()  # .active: inside JITFunction.warmup


class _Required:
    """The default of a parameter without one (for the C++ launcher)."""

    def __repr__(self):
        return "<required>"


_REQUIRED = _Required()


class JITFunction:
    def __init__(self, fn, version=None, do_not_specialize=(),
                 do_not_specialize_on_alignment=(), debug=None,
                 noinline=False, repr=None, launch_metadata=None,
                 pipeline=None):
        self.fn = fn
        self.__name__ = fn.__name__
        self.__qualname__ = getattr(fn, "__qualname__", fn.__name__)
        self.__doc__ = fn.__doc__
        self.__module__ = fn.__module__
        self.__wrapped__ = fn
        self.version = version
        self.noinline = noinline
        self.debug = debug
        # repr(specialization) -> the compiled kernel's name (Triton's
        # @jit(repr=)); specialization.signature and .constants.
        self.repr = repr
        self.pipeline = pipeline
        # Parameters from the code object (no `inspect` on the import and
        # first-call path; `signature` is there for binding by keyword).
        self._defaults = _parameter_defaults(fn)
        self.arg_names = list(self._defaults)
        annotations = getattr(fn, "__annotations__", {}) or {}
        self.constexpr_names = {name for name in self.arg_names
                                if _is_constexpr_annotation(
                                    annotations.get(name))}
        self.const_names = {name for name in self.arg_names
                            if _is_const_annotation(annotations.get(name))}
        self.do_not_specialize = {self._param(p) for p in do_not_specialize}
        self.do_not_specialize_on_alignment = {
            self._param(p) for p in do_not_specialize_on_alignment}
        self.starting_line = fn.__code__.co_firstlineno
        self._source = None  # (file, dedented source, indent), on demand
        self._signature = None
        self._tree = None
        self._lock = threading.Lock()
        self.cache = {}
        self._dispatcher = None
        self._cache_key = None
        functools.update_wrapper(self, fn)

    @property
    def signature(self):
        if self._signature is None:
            import inspect
            self._signature = inspect.signature(self.fn)
        return self._signature

    def _load_source(self):
        if self._source is None:
            import inspect
            import textwrap
            try:
                raw = inspect.getsource(self.fn)
            except OSError as e:
                raise TridentUserError("@trident.jit needs the source of %s:"
                                       " %s" % (self.__name__, e)) from None
            first = raw.splitlines()[0] if raw else ""
            self._source = (inspect.getsourcefile(self.fn) or "<unknown>",
                            textwrap.dedent(raw),
                            len(first) - len(first.lstrip()))
        return self._source

    @property
    def src(self):
        """The function's source, dedented (read when first needed)."""
        return self._load_source()[1]

    def _unsafe_update_src(self, new_src):
        """Compiles `new_src` instead of the function's own source (Triton's
        JITFunction API, which tests use to fill a template kernel's text):
        the same parameters, the function's globals; what was compiled from
        the old text is dropped."""
        import textwrap
        file, _, indent = self._load_source()
        self._source = (file, textwrap.dedent(new_src), indent)
        self._patched = True
        self._tree = None
        self._cache_key = None
        self.cache = {}
        self._dispatcher = None

    @property
    def file(self):
        return self._load_source()[0]

    @property
    def indent(self):
        return self._load_source()[2]

    def _param(self, p):
        if isinstance(p, int):
            return self.arg_names[p]
        return p

    def __repr__(self):
        return "JITFunction(%s)" % self.__qualname__

    def parse(self):
        if self._tree is None:
            import ast
            module = ast.parse(self.src)
            fdefs = [n for n in module.body if isinstance(n, ast.FunctionDef)]
            if not fdefs:
                raise TridentUserError("@trident.jit: %s is not a function "
                                       "definition" % self.__name__)
            self._tree = fdefs[0]
        return self._tree

    def _key_text(self):
        """The function's lines as its file holds them (bytes), for the
        cache key: read without `inspect` (the first call in a new process
        with a warm cache needs no more). Functions without a file (exec,
        notebooks) use the source inspect finds."""
        if getattr(self, "_patched", False):
            return self.src.encode()
        co = self.fn.__code__
        lines = _file_lines(co.co_filename)
        end = _last_line(co)
        if lines is not None and co.co_firstlineno <= end <= len(lines):
            return b"".join(lines[co.co_firstlineno - 1:end])
        return self.src.encode()

    def closure_vars(self):
        fn = self.fn
        if not fn.__closure__:
            return {}
        out = {}
        for name, cell in zip(fn.__code__.co_freevars, fn.__closure__):
            try:
                out[name] = cell.cell_contents
            except ValueError:
                pass
        return out

    @property
    def cache_key(self):
        """A hash of the source of this function and of every @jit function
        it may call (found among its globals and closure); computed once."""
        if self._cache_key is None:
            self._cache_key = self._compute_cache_key()
        return self._cache_key

    def _compute_cache_key(self):
        from .._sha256 import sha256
        h = sha256()
        seen = set()

        def add(f):
            if id(f) in seen:
                return
            seen.add(id(f))
            h.update(f._key_text())
            h.update(repr(f.version).encode())
            closure = f.closure_vars()
            names = _referenced_names(f.fn.__code__)
            if getattr(f, "_patched", False):
                import ast
                names = {n.id for n in ast.walk(f.parse())
                         if isinstance(n, ast.Name)}
            for name in sorted(names):
                g = f.fn.__globals__.get(name, closure.get(name))
                if isinstance(g, JITFunction):
                    add(g)
        add(self)
        return h.hexdigest()

    def __call__(self, *args, **kwargs):
        raise self.launch_error(
            "%s is a @trident.jit kernel: launch it with %s[grid](...) (the "
            "grid is the number of programs, e.g. (triton.cdiv(n, BLOCK),)),"
            " or call it from another @trident.jit function" %
            (self.__name__, self.__name__))

    def launch_error(self, reason, cls=None):
        """A LaunchError (or `cls`, a subclass) for a host-side mistake
        with this kernel: the message points at its definition."""
        from .._errors import LaunchError
        col = self.indent + 1
        lines = self.src.splitlines()
        def_line = self.starting_line
        text = None
        for i, line in enumerate(lines):
            if line.lstrip().startswith(("def ", "async def ")):
                def_line = self.starting_line + i
                text = " " * self.indent + line
                break
        parts = ["%s:%d:%d: %s" % (self.file, def_line, col, reason)]
        if text is not None:
            parts += ["    " + text, "    " + " " * (col - 1) + "^"]
        return (cls or LaunchError)("\n".join(parts))

    def _signature_text(self):
        params = []
        for name, p in self.signature.parameters.items():
            params.append(name + (": tl.constexpr"
                                  if name in self.constexpr_names else ""))
        return "%s(%s)" % (self.__name__, ", ".join(params))

    def __getitem__(self, grid):
        # The launch runs in C++ (trident._C.Dispatcher): it keys the
        # arguments' specialization and launches a cached plan; a new
        # specialization comes back to _plan_for, anything unusual to
        # _slow_launch.
        return (self._dispatcher or self._make_dispatcher())[grid]

    def _make_dispatcher(self):
        from .. import _C
        from . import driver
        flags, defaults = [], []
        for name, default in self._defaults.items():
            f = 1 if name in self.constexpr_names else 0
            if name in self.do_not_specialize:
                f |= 2
            if name in self.do_not_specialize_on_alignment:
                f |= 4
            flags.append(f)
            defaults.append(default)
        self._dispatcher = _C.Dispatcher(
            tuple(self.arg_names), tuple(flags), tuple(defaults),
            self._plan_for, self._slow_launch, driver.type_kind,
            driver.dtype_code, _REQUIRED)
        _WITH_PLANS.add(self)
        return self._dispatcher

    def _plan_for(self, values, num_warps, num_stages, num_ctas):
        """The launch plan of a specialization the C++ launcher has not seen
        (`values`: every parameter's, in order)."""
        from . import driver
        try:
            from ..compiler.compiler import extra_options
            bound = dict(zip(self.arg_names, values))
            kernel, runtime = self._kernel_for(
                bound, num_warps, num_stages, num_ctas,
                warmup=getattr(_WARMUP, "active", False),
                extra=extra_options())
            if not all(isinstance(n, str) for n in runtime):
                # (the C++ launcher sends tuples holding tensors to
                # _slow_launch: it packs parameters, not their leaves)
                raise TridentUserError("internal: a tuple argument holding "
                                       "tensors reached the fast launch path")
            indices = [self.arg_names.index(n) for n in runtime]
            # What kernel[grid](*every parameter) launches once warmup
            # returned it (Triton's way).
            kernel._jit_params = (len(self.arg_names), indices)
            return driver.plan_for(kernel, indices)
        except TridentUserError as e:
            raise self._host_error(e) from None

    def _slow_launch(self, grid, args, kwargs):
        return self.run(*args, grid=grid, **kwargs)

    # ------------------------------------------------------------------
    # Specialization and launch
    # ------------------------------------------------------------------

    def _bind(self, args, kwargs):
        try:
            bound = self.signature.bind(*args, **kwargs)
        except TypeError as e:
            reason = str(e)
            unknown = [k for k in kwargs if k not in self.signature.parameters]
            if unknown:
                import difflib
                close = difflib.get_close_matches(unknown[0], self.arg_names,
                                                  1)
                reason = "unknown keyword argument '%s'%s" % (
                    unknown[0],
                    " (did you mean '%s'?)" % close[0] if close else "")
            elif len(args) > len(self.arg_names):
                reason = "takes %d arguments but %d were given" % (
                    len(self.arg_names), len(args))
            raise TridentUserError("launching %s: %s; the kernel is %s" %
                                   (self.__name__, reason,
                                    self._signature_text())) from None
        bound.apply_defaults()
        args = bound.arguments
        np = sys.modules.get("numpy")
        if np is not None:
            # numpy scalars (np.int64 from np.prod, np.float32, np.bool_)
            # are Python scalars here, not arrays to pass by address.
            for k, v in args.items():
                if isinstance(v, np.generic):
                    args[k] = v.item()
        return args

    def specialize(self, bound):
        """(signature, constexprs, attrs, run-time argument names)."""
        from . import driver
        signature, constexprs, attrs, runtime = {}, {}, {}, []
        for name in self.arg_names:
            v = bound[name]
            if name in self.constexpr_names:
                if hasattr(v, "data_ptr") or \
                        hasattr(v, "__array_interface__"):
                    raise TridentUserError(
                        "argument '%s' is a tl.constexpr (a value known when "
                        "the kernel is compiled) but was given a %s; pass a "
                        "Python int, float, bool or str, or drop its "
                        "tl.constexpr annotation" % (name, type(v).__name__))
                constexprs[name] = tl._unwrap(v)
                continue
            kind, ty, divisible, value_one = driver.classify(v, name)
            if kind == "constexpr":
                constexprs[name] = v
                continue
            if kind == "tuple":
                self._specialize_tuple(name, v, signature, constexprs, attrs,
                                       runtime)
                continue
            if value_one and name not in self.do_not_specialize:
                constexprs[name] = 1
                continue
            if name in self.const_names and ty.is_ptr():
                ty = tl.pointer_type(ty.element_ty, ty.address_space,
                                     const=True)
            signature[name] = ty
            if divisible and name not in self.do_not_specialize and \
                    name not in self.do_not_specialize_on_alignment:
                attrs[name] = {"tir.divisibility": _SPECIALIZE_DIVISIBILITY}
            runtime.append(name)
        return signature, constexprs, attrs, runtime

    def _specialize_tuple(self, name, v, signature, constexprs, attrs,
                          runtime):
        """A tuple argument holding tensors: each tensor is a run-time
        argument of its own, runtime gets (name, path) for it
        (runtime/_tuple_args.py)."""
        from . import driver
        from . import _tuple_args
        types, constants, leaves = _tuple_args.split(v, name,
                                                     driver.classify)
        if not leaves:
            constexprs[name] = constants
            return
        signature[name] = types
        constexprs[name] = constants
        specialize = name not in self.do_not_specialize and \
            name not in self.do_not_specialize_on_alignment
        for path, _, divisible in leaves:
            if divisible and specialize:
                attrs[_tuple_args.label(name, path)] = {
                    "tir.divisibility": _SPECIALIZE_DIVISIBILITY}
            runtime.append((name, path))

    def _launch_values(self, bound, runtime):
        """(values, indices) of a launch: every parameter's value, then
        the tensors of tuple arguments; `indices` those the kernel takes,
        in its argument order."""
        from . import _tuple_args
        values = [bound[n] for n in self.arg_names]
        indices = []
        for r in runtime:
            if isinstance(r, str):
                indices.append(self.arg_names.index(r))
            else:
                indices.append(len(values))
                values.append(_tuple_args.leaf(bound[r[0]], r[1]))
        return values, indices

    def _host_error(self, e):
        # A host-side mistake (kernel errors are CompilationErrors).
        msg = str(e)
        if not msg.startswith("launching "):
            msg = "launching %s: %s" % (self.__name__, msg)
        from .._errors import (ArgumentOverflow, InvalidLaunchOption,
                               LaunchOptionError, LaunchOverflowError)
        cls = LaunchOverflowError if isinstance(e, ArgumentOverflow) else \
            LaunchOptionError if isinstance(e, InvalidLaunchOption) else None
        return self.launch_error(msg, cls)

    def run(self, *args, grid, **kwargs):
        try:
            return self._run(*args, grid=grid, **kwargs)
        except TridentUserError as e:
            raise self._host_error(e) from None

    def _run(self, *args, grid, num_warps=None, num_stages=None,
             num_ctas=None, warmup=False, ctas_per_cga=None, **kwargs):
        from . import driver
        from ..compiler.compiler import cluster_shape, pop_extra_options
        cluster = cluster_shape(ctas_per_cga, num_ctas or 1)
        extra = pop_extra_options(kwargs, self._defaults)
        # A launch option that is also a parameter (softmax's num_stages:
        # tl.constexpr) is both, as in Triton.
        for name, value in (("num_warps", num_warps),
                            ("num_stages", num_stages),
                            ("num_ctas", num_ctas)):
            if value is not None and name in self._defaults:
                kwargs.setdefault(name, value)
        bound = self._bind(args, kwargs)
        kernel, runtime = self._kernel_for(bound, num_warps, num_stages,
                                           num_ctas, cluster, warmup, extra)
        values, indices = self._launch_values(bound, runtime)
        if warmup:
            # What kernel[grid](*every parameter) launches (Triton's way;
            # not with tuples holding tensors: it takes its run-time
            # arguments then).
            if len(values) == len(self.arg_names):
                kernel._jit_params = (len(self.arg_names), indices)
            return kernel
        meta = dict(bound)
        meta.update(num_warps=kernel.metadata.get("num_warps", num_warps),
                    num_stages=3 if num_stages is None else num_stages,
                    num_ctas=num_ctas or 1)
        origin = None
        if callable(grid):
            g = grid(meta)
            origin = "the grid function %s returned %r" % (
                getattr(grid, "__qualname__", None) or repr(grid), g)
        else:
            g = grid
        driver.launch(kernel, g, values, indices, grid_origin=origin)
        return kernel

    def _kernel_for(self, bound, num_warps, num_stages, num_ctas,
                    cluster=None, warmup=False, extra=()):
        """(compiled kernel, run-time parameter names) of one
        specialization, compiled on first use (`cluster`: the
        thread-block cluster shape of ctas_per_cga, or None; `extra`:
        compiler.extra_options())."""
        signature, constexprs, attrs, runtime = self.specialize(bound)
        return self._kernel_of(signature, constexprs, attrs, runtime,
                               num_warps, num_stages, num_ctas, cluster,
                               warmup, extra)

    def _kernel_of(self, signature, constexprs, attrs, runtime, num_warps,
                   num_stages, num_ctas, cluster, warmup, extra=()):
        from . import driver
        from . import _hooks
        from .. import _pipelines
        from ..compiler.compiler import compile as _compile
        from ..compiler.compiler import normalize_target
        target = normalize_target(driver.active_target())
        num_warps = 4 if num_warps is None else num_warps
        num_stages = 3 if num_stages is None else num_stages
        num_ctas = 1 if num_ctas is None else num_ctas
        from ..compiler.compiler import validate_options
        # (a CPU program's warps are of one thread: Triton's tests ask for
        # N // warp_size warps of the target's warp size)
        validate_options(num_warps, num_stages, num_ctas,
                         1 if target.startswith("cpu") else 32)
        pipeline = _pipelines.selected(self)
        if self.pipeline:
            _pipelines._check(self.pipeline)
        from ..knobs import knobs
        checked = target.startswith("cpu") and knobs.cpu_bounds_check
        from ..compiler.compiler import debug_barriers_ms
        bounded = 0 if target.startswith("cpu") else debug_barriers_ms()
        key = (target, pipeline, checked, bounded, num_warps, num_stages,
               num_ctas, cluster,
               tuple(sorted((k, str(v)) for k, v in signature.items())),
               tuple(sorted((k, repr(v)) for k, v in constexprs.items())),
               tuple(sorted(attrs))) + ((extra,) if extra else ())
        entry = self.cache.get(key)
        if entry is not None:
            return entry
        with self._lock:
            entry = self.cache.get(key)
            if entry is not None:
                return entry
            options = (num_warps, num_stages, num_ctas, cluster, extra)
            hooks = knobs.runtime
            _hooks.call(hooks.jit_cache_hook, self, key, signature,
                        constexprs, attrs, options, warmup, False)
            kernel = self._disk_cached(target, pipeline, num_warps,
                                       num_stages, num_ctas, signature,
                                       constexprs, attrs, _compile, cluster,
                                       extra)
            self.cache[key] = (kernel, runtime)
            _hooks.call(hooks.jit_post_compile_hook, self, key, signature,
                        constexprs, attrs, options, warmup, True)
        return kernel, runtime

    def preload(self, specialization_data):
        """The kernel of the specialization a jit_cache_hook was given
        (`compile["specialization_data"]`), compiled (or read from the
        cache) without launching it, as Triton's preload."""
        from . import _hooks
        from . import _tuple_args
        try:
            signature, constexprs, attrs, options = \
                _hooks.load_specialization(self, specialization_data)
            runtime = []
            for name in self.arg_names:
                if isinstance(signature.get(name), tuple):
                    runtime += [(name, p) for p in
                                _tuple_args.leaf_paths(signature[name])]
                elif name in signature:
                    runtime.append(name)
            kernel, runtime = self._kernel_of(signature, constexprs, attrs,
                                              runtime, *options[:4], True,
                                              *options[4:])
        except TridentUserError as e:
            raise self._host_error(e) from None
        if all(isinstance(n, str) for n in runtime):
            kernel._jit_params = (len(self.arg_names),
                                  [self.arg_names.index(n) for n in runtime])
        return kernel

    @property
    def device_caches(self):
        """Triton's per-device caches: `device_caches[device][0]` is this
        kernel's cache of compiled specializations (`.clear()` empties it,
        and the launcher's plans with it, so that the next launch compiles
        again or reads the disk cache)."""
        return _DeviceCaches(self)

    def _disk_cached(self, target, pipeline, num_warps, num_stages, num_ctas,
                     signature, constexprs, attrs, compile_fn, cluster=None,
                     extra=()):
        """The kernel from the disk cache, else compiled and stored there."""
        from . import cache
        options = (num_warps, num_stages, num_ctas)
        if cluster or extra:
            options += (cluster,)
        if extra:
            options += (extra,)
        facts = cache.key_facts(self, target, pipeline, options, signature,
                                constexprs, attrs)
        dkey = cache.key_of(facts)
        # None when missing, built for other facts, or not loadable (the
        # entry is then reported and removed).
        kernel = cache.load_kernel(dkey, facts)
        if kernel is None:
            kernel = compile_fn(self, signature=signature,
                                constexprs=constexprs, target=target,
                                num_warps=num_warps, num_stages=num_stages,
                                num_ctas=num_ctas, pipeline=pipeline,
                                attrs=attrs, ctas_per_cga=cluster,
                                **dict(extra))
            cache.put(dkey, facts, cache.encode_kernel(kernel))
        kernel.cache_key = dkey
        kernel.hash = dkey  # (Triton's name)
        cache.dump(kernel, dkey)
        return kernel

    def warmup(self, *args, grid, **kwargs):
        """The compiled kernel of these arguments, compiled if new, without
        launching it (tutorial 02 calls this before every launch: the C++
        dispatcher answers from its launch plans)."""
        _WARMUP.active = True  # (for the hooks: is_manual_warmup)
        try:
            kernel = (self._dispatcher or self._make_dispatcher()).warmup(
                args, kwargs)
        finally:
            _WARMUP.active = False
        if kernel is not None:
            return kernel
        return self.run(*args, grid=grid, warmup=True, **kwargs)


class _KernelCache:
    """What `JITFunction.device_caches[device][0]` is: the kernel's
    compiled specializations (all devices share them)."""

    def __init__(self, fn):
        self._fn = fn

    def __len__(self):
        return len(self._fn.cache)

    def clear(self):
        self._fn.cache.clear()
        self._fn._dispatcher = None  # (its launch plans)


class _DeviceCaches:
    def __init__(self, fn):
        self._fn = fn

    def __getitem__(self, device):
        from . import driver
        return (_KernelCache(self._fn), driver.active_target(), None, None)


def _parameter_defaults(fn):
    """{name: default or _REQUIRED} for each parameter of `fn`, in order,
    from its code object (positional, then keyword-only)."""
    co = fn.__code__
    names = co.co_varnames[:co.co_argcount + co.co_kwonlyargcount]
    positional = names[:co.co_argcount]
    defaults = fn.__defaults__ or ()
    out = {}
    for i, name in enumerate(positional):
        j = i - (len(positional) - len(defaults))
        out[name] = defaults[j] if j >= 0 else _REQUIRED
    kwdefaults = fn.__kwdefaults__ or {}
    for name in names[co.co_argcount:]:
        out[name] = kwdefaults.get(name, _REQUIRED)
    return out


_FILE_LINES = {}


def _file_lines(path):
    """The lines (bytes, with their ends) of source file `path`, read once
    per modification; None if it cannot be read."""
    try:
        mtime = _stat(path).st_mtime_ns
    except OSError:
        return None
    cached = _FILE_LINES.get(path)
    if cached is None or cached[0] != mtime:
        try:
            with open(path, "rb") as f:
                cached = (mtime, f.read().splitlines(keepends=True))
        except OSError:
            return None
        _FILE_LINES[path] = cached
    return cached[1]


def _nested_code(co):
    yield co
    for c in co.co_consts:
        if hasattr(c, "co_code"):
            yield from _nested_code(c)


def _last_line(co):
    """The last source line of code object `co` and the code nested in it
    (ends of multi-line expressions included)."""
    last = co.co_firstlineno
    for c in _nested_code(co):
        for _, end, _, _ in c.co_positions():
            if end is not None and end > last:
                last = end
    return last


def _referenced_names(co):
    """Global, attribute and free-variable names that `co` (or code nested
    in it) reads: where the @jit functions it calls are found."""
    names = set()
    for c in _nested_code(co):
        names.update(c.co_names)
        names.update(c.co_freevars)
    return names


def _is_const_annotation(a):
    if a is tl.const:
        return True
    return isinstance(a, str) and a.split(".")[-1] == "const"


def _is_constexpr_annotation(a):
    if a is tl.constexpr:
        return True
    if isinstance(a, str):
        return a.split(".")[-1] == "constexpr"
    return False


class ConstexprFunction:
    """A Python function a kernel calls at compile time (Triton's
    @triton.constexpr_function): its constexpr arguments arrive as their
    values, its result is a constexpr; from Python it is the function. As
    a method of a class it binds as one."""

    def __init__(self, fn):
        self.fn = fn
        functools.update_wrapper(self, fn)

    def __get__(self, obj, owner=None):
        if obj is None:
            return self
        return functools.partial(self.__call__, obj)

    def __call__(self, *args, **kwargs):
        return self.fn(*[tl._unwrap(a) for a in args],
                       **{k: tl._unwrap(v) for k, v in kwargs.items()})

    def __repr__(self):
        return "ConstexprFunction(%s)" % getattr(self.fn, "__qualname__",
                                                 self.fn)


def constexpr_function(fn):
    """Decorates a Python function that kernels call at compile time."""
    if not callable(fn):
        raise TypeError("trident.constexpr_function decorates a function, "
                        "not %r" % (fn,))
    return ConstexprFunction(fn)


def must_use_result(x, s=True):
    """Marks a @jit function whose result a caller must use: a call of it
    as a statement of its own is a compile error. `@must_use_result` or
    `@must_use_result("words to add to the error")` (Triton's
    triton.must_use_result)."""
    if isinstance(x, str):
        return lambda fn: must_use_result(fn, x)
    if not isinstance(x, JITFunction):
        raise TypeError("trident.must_use_result marks a @trident.jit "
                        "function (put it above @trident.jit), not %r" % (x,))
    x._must_use_result = s
    return x


def jit(fn=None, *, version=None, do_not_specialize=(),
        do_not_specialize_on_alignment=(), debug=None, noinline=False,
        repr=None, launch_metadata=None, pipeline=None):
    """Decorates a kernel (or a function kernels call)."""
    def decorator(f):
        return JITFunction(f, version=version,
                           do_not_specialize=do_not_specialize,
                           do_not_specialize_on_alignment=(
                               do_not_specialize_on_alignment),
                           debug=debug, noinline=noinline, repr=repr,
                           launch_metadata=launch_metadata, pipeline=pipeline)
    if fn is not None:
        return decorator(fn)
    return decorator

