"""Ahead-of-time compilation: a @jit function + signature -> every stage.

    k = trident.compile(add_kernel, signature={"x_ptr": "*fp32", "n": "i32"},
                        constexprs={"BLOCK": 1024}, target="cuda:90a")
    k.asm["ptx"]; k.asm["cubin"]; k.metadata["registers"]

No GPU is needed: the cuda targets stop at the cubin (ptxas), the cpu
target at its object file.
"""
import collections
import json
import os
import re

from .. import _C
from .._errors import InvalidLaunchOption
from .._errors import (CompilationError, CompilationOutOfResources,
                       LaunchError, PTXASError, TridentUserError)
from ..language import core as tl
from ..language.core import _ActiveSemantic, constexpr, tensor
from ..language import _descriptor
from ..language.semantic import (Semantic, tensor_descriptor,
                                 tensor_descriptor_type)

_LAST_STAGE = {"cuda": "cubin", "cpu": "obj", "amd": "hsaco"}


def normalize_target(target):
    if target is None:
        target = os.environ.get("TRIDENT_TARGET") or "cpu"
    target = str(target)
    if target == "cuda":
        target = "cuda:90a"
    if target == "cpu":
        target = "cpu:native"
    return target


class KernelMetadata(dict):
    """A compiled kernel's metadata: a dict, whose entries are also
    attributes, with Triton's names for those Triton's host code reads
    (`kernel.metadata.shared`: the shared memory in bytes)."""

    _TRITON_NAMES = {"shared": "shared_bytes"}

    def __getattr__(self, name):
        try:
            return self[self._TRITON_NAMES.get(name, name)]
        except KeyError:
            raise AttributeError("kernel metadata has no '%s'" % name) \
                from None


# Registers are allocated to a warp 256 at a time (8 per thread) on every
# GPU Trident targets (sm_50 and later).
_REGISTER_UNIT = 8


class CompiledKernel:
    """A kernel compiled for one target and specialization.

    `asm` maps each stage name to its output (text for IR, LLVM IR and PTX;
    bytes for cubin and object files); `metadata` holds the kernel name,
    target, warps, shared memory and, for cuda, ptxas's registers and
    spills. `pipeline` is the pipeline that ran, as printed."""

    def __init__(self, name, target, asm, metadata, pipeline, fingerprint,
                 artifact, arg_kinds, source_ir):
        self.name = name
        self.target = target
        self.asm = asm
        self.metadata = KernelMetadata(metadata)
        self.pipeline = pipeline
        self.fingerprint = fingerprint
        self._artifact = artifact
        self.arg_kinds = arg_kinds
        self.source_ir = source_ir
        self._cpu = None

    def __repr__(self):
        return "CompiledKernel(%s, target=%s, stages=%s)" % (
            self.name, self.target, list(self.asm))

    @property
    def n_regs(self):
        """Registers per thread as the GPU allocates them: ptxas's count
        (metadata["registers"]) rounded up to the allocation unit, 256 per
        warp (8 per thread) on sm_50 and later. Occupancy computed from it
        (registers per SM // (n_regs * threads per program)), as tutorial
        02's host code does, is then exact: from ptxas's 28 it counts 9
        programs of 8 warps per SM where 8 fit (each thread holds 32), and
        the 9th becomes a second wave."""
        regs = self.metadata.get("registers")
        if regs is None:
            return None
        return -(-regs // _REGISTER_UNIT) * _REGISTER_UNIT

    @property
    def n_spills(self):
        return (self.metadata.get("spill_stores", 0) +
                self.metadata.get("spill_loads", 0))

    def __getitem__(self, grid):
        """`kernel[grid](*args)` launches this compiled kernel, as Triton's
        CompiledKernel does (tutorial 02 launches what `warmup` returned):
        `args` are every parameter of the @jit function in order, the
        constexprs included (they are dropped), when the kernel came from
        one; else only the run-time arguments (an AOT kernel's)."""
        def launch_slow(*args):
            from ..runtime import driver
            params = getattr(self, "_jit_params", None)
            if params is not None and len(args) == params[0]:
                driver.launch(self, grid, list(args), params[1])
            elif len(args) == len(self.arg_kinds):
                driver.launch(self, grid, list(args))
            else:
                raise LaunchError(
                    "launching %s: %d arguments given; it takes its %d "
                    "run-time arguments%s" % (
                        self.name, len(args), len(self.arg_kinds),
                        " or all %d parameters" % params[0] if params else ""))

        fast = self.__dict__.get("_jit_params")
        if fast is not None and not self.target.startswith("cpu"):
            plan = self.__dict__.get("_plans", {}).get(tuple(fast[1]))
            if plan is not None:
                # warmup's kernel: every parameter given, launched in C++
                # (NotImplemented: an argument Python must read).
                def launch_fast(*args):
                    if len(args) != fast[0] or _C.launch_compiled(
                            plan, grid, args) is NotImplemented:
                        launch_slow(*args)
                return launch_fast
        return launch_slow

    def _init_handles(self):
        """Loads the kernel for launching (Triton's name): the cubin as a
        trident._C.GpuKernel, or the CPU target's object code."""
        if self.target.startswith("cpu"):
            self.cpu_kernel()
        else:
            self.gpu_kernel()

    def gpu_kernel(self):
        """The cubin as a trident._C.GpuKernel (loaded into a CUDA context on
        its first launch there)."""
        if getattr(self, "_gpu", None) is None:
            m = re.match(r"cuda:(\d)(\d+?)(a?)$", self.target)
            if not m or "cubin" not in self.asm:
                raise TridentUserError(
                    "kernel %s was compiled for %s, which has no GPU launcher"
                    % (self.name, self.target))
            tma = [(int(t["index"]), t["dtype"], int(t["elem_bytes"]),
                    [int(b) for b in t["box"]], int(t.get("swizzle", 0)))
                   for t in self.metadata.get("tma_arguments", [])]
            from ..runtime.driver import _spec_of
            cluster = self.metadata.get("cluster", [1, 1, 1])
            self._gpu = _C.load_gpu_kernel(
                self.asm["cubin"], self.name, self.target, int(m.group(1)),
                int(m.group(2)), m.group(3) == "a",
                int(self.metadata.get("num_warps", 4)),
                int(self.metadata.get("shared_bytes", 0)), list(cluster),
                _spec_of(self), [n for n, _ in self.arg_kinds], tma,
                int(self.metadata.get("global_scratch_bytes", 0)),
                self.metadata.get("ctas_per_cga") is not None,
                bool(self.metadata.get("launch_cooperative_grid")),
                bool(self.metadata.get("launch_pdl")))
        return self._gpu

    def cpu_kernel(self):
        if self._cpu is None:
            if not self.target.startswith("cpu"):
                raise TridentUserError(
                    "kernel %s was compiled for %s; it runs on the CPU only "
                    "when compiled for a cpu target" % (self.name,
                                                        self.target))
            self._cpu = _C.load_cpu_kernel(self._artifact)
        return self._cpu


def _arg_type(spec, name):
    if isinstance(spec, tl.dtype):
        return spec
    if isinstance(spec, str):
        if spec.startswith("tensordesc"):
            return _descriptor_spec(spec, name)
        return tl.str_to_ty(spec)
    raise TridentUserError("argument '%s': signature entries are type "
                           "strings like '*fp32' or 'i32', got %r" %
                           (name, spec))


def _descriptor_spec(spec, name):
    """'tensordesc<fp16[64,64]>' (Triton's spelling) -> the kernel type of a
    host TensorDescriptor with that element type and block shape."""
    import re
    from ..language.semantic import tensor_descriptor_type
    m = re.fullmatch(r"tensordesc<\s*(\w+)\s*\[([\d,\s]+)\]\s*>", spec.strip())
    if not m:
        raise TridentUserError(
            "argument '%s': cannot read tensor descriptor type '%s' (expected "
            "e.g. 'tensordesc<fp16[64,64]>')" % (name, spec))
    shape = [int(d) for d in m.group(2).split(",") if d.strip()]
    return tensor_descriptor_type(tl.block_type(tl.str_to_ty(m.group(1)),
                                                shape))


_SIGNATURE_SPELLING = {"int1": "i1", "int8": "i8", "int16": "i16",
                       "int32": "i32", "int64": "i64", "uint8": "u8",
                       "uint16": "u16", "uint32": "u32", "uint64": "u64"}

Specialization = collections.namedtuple("Specialization",
                                        "signature constants")


def _spelling(ty):
    """'*fp32', 'i32', 'u64', ... of a kernel argument's type."""
    if ty.is_ptr():
        return "*" + _spelling(ty.element_ty)
    return _SIGNATURE_SPELLING.get(ty.name, ty.name)


def kernel_name(fn, run_args, constexprs):
    """The compiled kernel's name: the function's, or what its @jit(repr=)
    function says for this specialization (a Specialization: `signature`
    maps run-time arguments to '*fp32', 'i32', ...; `constants` the
    compile-time ones, with the arguments specialized to 1), made a valid
    symbol name."""
    make = getattr(fn, "repr", None)
    if make is None:
        return fn.__name__
    spec = Specialization({n: _spelling(t) for n, t in run_args},
                          dict(constexprs or {}))
    try:
        name = str(make(spec))
    except Exception as e:  # noqa: BLE001 - the user's function
        raise TridentUserError("the repr= function of %s failed: %s: %s" % (
            fn.__name__, type(e).__name__, e)) from None
    name = re.sub(r"[^A-Za-z0-9_]", "_", name)
    if not name or name[0].isdigit():
        name = "_" + name
    return name


def build_module(fn, signature, constexprs, target, attrs=None,
                 num_warps=4):
    """Generates the Tile IR of `fn` specialized to `signature` (name ->
    type, for run-time arguments) and `constexprs` (name -> value).
    `attrs` maps argument names to {"tir.divisibility": 16, ...}; the
    kernel is compiled for `num_warps` (tl.extra.cuda.num_threads()).
    Returns the builder holding the module."""
    from ..runtime.jit import JITFunction
    if not isinstance(fn, JITFunction):
        raise TridentUserError("trident.compile needs a @trident.jit "
                               "function, got %r" % (fn,))
    attrs = attrs or {}
    constexprs = dict(constexprs or {})
    unknown = [n for n in list(signature) + list(constexprs)
               if n not in fn.arg_names]
    if unknown:
        raise TridentUserError("%s has no parameter %s (its parameters: %s)"
                               % (fn.__name__, ", ".join(map(repr, unknown)),
                                  ", ".join(fn.arg_names)))
    b = _C.Builder()
    sem = Semantic(b, target=target)
    sem.num_warps = num_warps
    scope = {}
    run_args = []
    tuples = []  # (name, types, constants, index of its first leaf)
    for name in fn.arg_names:
        if isinstance(signature.get(name), tuple):
            # A tuple holding tensors (runtime/_tuple_args.py): one
            # argument per tensor.
            from ..runtime import _tuple_args
            types = signature[name]
            tuples.append((name, types, constexprs.get(name), len(run_args)))
            for path in _tuple_args.leaf_paths(types):
                leaf = _tuple_args.label(name, path)
                run_args.append((leaf, _arg_type(
                    _tuple_args.leaf(types, path), leaf)))
            continue
        if name in constexprs:
            scope[name] = constexpr(constexprs[name])
            continue
        if name in signature:
            if name in fn.constexpr_names:
                raise TridentUserError(
                    "parameter '%s' of %s is a tl.constexpr: give its value "
                    "in constexprs=, not a type in signature=" %
                    (name, fn.__name__))
            run_args.append((name, _arg_type(signature[name], name)))
            continue
        default = fn.signature.parameters[name].default
        if default is not fn.signature.parameters[name].empty:
            scope[name] = constexpr(default)
            continue
        raise TridentUserError(
            "parameter '%s' of %s is missing: give its type in signature= or"
            " its value in constexprs=" % (name, fn.__name__))
    with _ActiveSemantic(sem):
        line = fn.starting_line
        b.set_loc(fn.file, line, 1)
        # On the CPU target a host TensorDescriptor arrives as its base,
        # shape and strides (what the launcher passes), so the kernel can
        # read them; elsewhere as the back end's descriptor.
        on_cpu = str(target).startswith("cpu")
        params = [_descriptor.host_parameter_types(sem, t)
                  if on_cpu and isinstance(t, tensor_descriptor_type)
                  else [sem.type_of(t)] for _, t in run_args]
        fh = b.function(kernel_name(fn, run_args, constexprs),
                        [p for ps in params for p in ps], [], True)
        blk = b.block(fh, 0, 0)
        b.set_insert_end(blk)
        i = 0
        for (name, ty), ps in zip(run_args, params):
            hs = [b.block_arg(blk, i + k) for k in range(len(ps))]
            if isinstance(ty, tensor_descriptor_type) and len(ps) > 1:
                scope[name] = _descriptor.host_descriptor(sem, ty, hs)
            elif isinstance(ty, tensor_descriptor_type):
                scope[name] = tensor_descriptor(hs[0], ty)
            else:
                scope[name] = tensor(hs[0], ty)
            for attr, value in attrs.get(name, {}).items():
                b.set_arg_attr(fh, i, attr, int(value))
            i += len(ps)
        for name, types, constants, first in tuples:
            from ..runtime import _tuple_args
            leaves = [scope.pop(n) for n, _ in
                      run_args[first:first + sum(
                          1 for _ in _tuple_args.leaf_paths(types))]]
            scope[name] = _tuple_args.build(types, constants, leaves)
        from .code_generator import CodeGenerator  # (compiles only)
        gen = CodeGenerator(fn, sem, scope)
        sem.generator = gen
        tree = fn.parse()
        gen.run_body(tree.body)
        if gen.ret is not None:
            raise gen._error(tree, "a kernel cannot return a value (it "
                             "returned %r)" % (gen.ret,))
        b.set_loc(fn.file, line, 1)
        b.ret([])
    try:
        b.verify()
    except _C.Error as e:
        raise CompilationError("the generated IR does not verify (a bug in "
                               "the front end, please report it):\n%s" % e)
    return b, run_args


_DIAGNOSTIC = re.compile(r"^(?P<file>[^\n]+?):(?P<line>\d+):(?P<col>\d+): "
                         r"error: (?P<msg>.*)$", re.M)


_MAX_IR_LINES = 8


def _trim_ir_dumps(text):
    """MLIR's "see current operation" notes print the whole module: keep
    their first lines."""
    out, dump = [], None
    for line in text.split("\n"):
        if dump is not None:
            if re.match(r"^\S.*: (error|note|warning): ", line):
                if dump > _MAX_IR_LINES:
                    out.append("    ... (%d more lines of IR; the stage's "
                               "input is in TRIDENT_DUMP_DIR, or "
                               "trident.compile(..., until_stage=...))" %
                               (dump - _MAX_IR_LINES))
                dump = None
            else:
                dump += 1
                if dump <= _MAX_IR_LINES:
                    out.append(line)
                continue
        out.append(line)
        if "note: see current operation" in line:
            dump = 0
    if dump is not None and dump > _MAX_IR_LINES:
        out.append("    ... (%d more lines of IR; the stage's input is in "
                   "TRIDENT_DUMP_DIR, or trident.compile(..., "
                   "until_stage=...))" % (dump - _MAX_IR_LINES))
    return "\n".join(out)


def _backend_error(fn, target, text):
    """A CompilationError for a failure past the front end (a pass or a
    translation step): at the first kernel source line the diagnostics
    name, with what failed where."""
    text = _trim_ir_dumps(text)
    # What kind of failure: those an autotuner passes over (as Triton's
    # OutOfResources and PTXASError) have their own classes.
    cls = CompilationError
    if "-byte limit of shared memory per program" in text:
        cls = CompilationOutOfResources
    elif "ptxas failed (" in text:
        cls = PTXASError
    found = None
    for m in _DIAGNOSTIC.finditer(text):
        if os.path.isfile(m.group("file")):
            found = m
            if os.path.abspath(m.group("file")) == os.path.abspath(fn.file):
                break
    if found is None:
        return cls("compiling %s for %s failed:\n%s" %
                   (fn.__name__, target, text))
    path, line, col = (found.group("file"), int(found.group("line")),
                       int(found.group("col")))
    stage = " ".join(text[:found.start()].split()).rstrip(":")
    reason = "%s (compiling %s for %s%s)" % (
        found.group("msg"), fn.__name__, target,
        ": " + stage if stage else "")
    # What follows: the back end's quote of the line (dropped: the error
    # quotes it itself) and further diagnostics and notes (kept).
    rest = text[found.end():].split("\n")
    import linecache
    source = linecache.getline(path, line).rstrip("\n") or None
    while rest and (not rest[0].strip() or rest[0].strip() == "^" or
                    (source and rest[0].strip() == source.strip())):
        rest.pop(0)
    return cls(reason, path, line, col, source, notes=rest)


def validate_options(num_warps, num_stages, num_ctas, warp_size=32):
    """InvalidLaunchOption (a TridentUserError; a launch raises it as a
    LaunchOptionError, an AssertionError too, as Triton) for launch options
    no target takes (`warp_size`:
    the target's threads per warp, 1 on the CPU target)."""
    for name, value in (("num_warps", num_warps), ("num_stages", num_stages),
                        ("num_ctas", num_ctas)):
        # num_stages=0 is Triton's "no pipelining" too (plugins' tutorials
        # give it to warp-specialized kernels): the same as 1.
        least = 0 if name == "num_stages" else 1
        if not isinstance(value, int) or isinstance(value, bool) or \
                value < least:
            raise InvalidLaunchOption("%s must be %s integer, got %r" % (
                name, "a non-negative" if least == 0 else "a positive",
                value))
    if num_warps & (num_warps - 1):
        raise InvalidLaunchOption("num_warps must be a power of 2, got %d" %
                               num_warps)
    if num_warps * warp_size > 1024:
        raise InvalidLaunchOption(
            "num_warps=%d asks for %d threads per program; a program has at "
            "most 1024 (%d warps)" % (num_warps, warp_size * num_warps,
                                      1024 // warp_size))
    if num_stages > 16:
        raise InvalidLaunchOption("num_stages must be at most 16, got %d" %
                               num_stages)
    if num_ctas & (num_ctas - 1) or num_ctas > 8:
        # A program of num_ctas CTAs runs on a cluster of them (sm_90):
        # portable cluster sizes are 1, 2, 4 and 8.
        raise InvalidLaunchOption(
            "num_ctas must be 1, 2, 4 or 8 (CTAs per program, a cluster of "
            "them on sm_90 or newer), got %d" % num_ctas)


def cluster_shape(ctas_per_cga, num_ctas=1):
    """The thread-block cluster shape `ctas_per_cga` asks for, as a tuple of
    three extents, or None for none (absent, or a cluster of one CTA);
    TridentUserError for a shape no target takes. Each program is one CTA
    and the grid counts CTAs, regrouped into clusters of this shape (CUDA's
    way); num_ctas > 1 (programs of several CTAs) excludes it."""
    if ctas_per_cga is None:
        return None
    try:
        dims = [int(c) for c in ctas_per_cga]
        exact = all(int(c) == c and not isinstance(c, bool)
                    for c in ctas_per_cga)
    except (TypeError, ValueError):
        dims, exact = [], False
    if not exact or not 1 <= len(dims) <= 3 or any(d < 1 for d in dims):
        raise TridentUserError(
            "ctas_per_cga must be 1 to 3 positive extents (x, y, z), got %r"
            % (ctas_per_cga,))
    dims += [1] * (3 - len(dims))
    size = dims[0] * dims[1] * dims[2]
    if size == 1:
        return None
    if size > 8:
        raise TridentUserError(
            "ctas_per_cga=%s asks for clusters of %d CTAs; at most 8 (the "
            "portable cluster size)" % (tuple(dims), size))
    if num_ctas != 1:
        raise TridentUserError(
            "ctas_per_cga=%s (clusters of one-CTA programs) and num_ctas=%d "
            "(programs of several CTAs) exclude each other"
            % (tuple(dims), num_ctas))
    return tuple(dims)


# Triton's launch options that Trident takes beyond num_warps, num_stages,
# num_ctas and ctas_per_cga, with their defaults (enable_fp_fusion's is
# knobs.language.default_fp_fusion). They change a CUDA kernel (maxnreg:
# PTX .maxnreg; enable_fp_fusion=False: no fma from a*b+c, in LLVM and
# ptxas; enable_reflect_ftz=False: libdevice and tl.exp2 keep f32
# denormals) or its launch (launch_cooperative_grid: a cooperative launch,
# every program resident at once; launch_pdl: programmatic dependent
# launch). The CPU target takes them and runs the same program.
EXTRA_OPTIONS = {"maxnreg": None, "enable_fp_fusion": True,
                 "enable_reflect_ftz": True, "launch_cooperative_grid": False,
                 "launch_pdl": False}

# Triton's options (fields of its CUDAOptions) that Trident does not take:
# a launch giving one is refused with its name, never ignored.
UNSUPPORTED_OPTIONS = (
    "warp_size", "cluster_dims", "ptx_version", "ptx_options", "ir_override",
    "launch_cluster", "preferred_ctas_per_cga", "supported_fp8_dtypes",
    "deprecated_fp8_dot_operand_dtypes", "default_dot_input_precision",
    "allowed_dot_input_precisions", "max_num_imprecise_acc_default",
    "extern_libs", "debug", "backend_name", "sanitize_overflow", "arch",
    "instrumentation_mode", "minRegAutoWS", "maxRegAutoWS", "pingpongAutoWS")


def extra_options(given=None):
    """The extra options of `given` ({name: value}, None for the default)
    that differ from their defaults, as a sorted tuple of (name, value):
    a cache key's part. TridentUserError for a value no launch takes."""
    from ..knobs import knobs
    given = dict(given or {})
    unknown = [k for k in given if k not in EXTRA_OPTIONS]
    if unknown:
        raise TridentUserError("unknown launch option '%s'" % unknown[0])
    out = []
    regs = given.get("maxnreg")
    if regs is not None:
        if isinstance(regs, bool) or not isinstance(regs, int) or \
                not 1 <= regs <= 255:
            raise InvalidLaunchOption(
                "maxnreg is the most registers a thread may use, an integer "
                "in 1..255 (or None), got %r" % (regs,))
        out.append(("maxnreg", int(regs)))
    for name in ("enable_fp_fusion", "enable_reflect_ftz",
                 "launch_cooperative_grid", "launch_pdl"):
        value = given.get(name)
        if value is None:
            value = knobs.language.default_fp_fusion \
                if name == "enable_fp_fusion" else EXTRA_OPTIONS[name]
        if not isinstance(value, (bool, int)):
            raise InvalidLaunchOption("%s is True or False, got %r" %
                                   (name, value))
        if bool(value) != EXTRA_OPTIONS[name]:
            out.append((name, bool(value)))
    return tuple(sorted(out))


def pop_extra_options(kwargs, params=()):
    """Takes Triton's extra launch options out of a launch's keyword
    arguments (not those that are parameters of the kernel, `params`);
    returns extra_options() of them. Triton's options that Trident does not
    take are refused by name."""
    given = {}
    for name in list(kwargs):
        if name in params:
            continue
        if name in EXTRA_OPTIONS:
            given[name] = kwargs.pop(name)
        elif name in UNSUPPORTED_OPTIONS:
            raise TridentUserError(
                "the launch option '%s' (a field of Triton's CUDAOptions) is "
                "not supported by Trident; it takes num_warps, num_stages, "
                "num_ctas, ctas_per_cga, %s" % (name, ", ".join(
                    EXTRA_OPTIONS)))
    return extra_options(given)


def debug_barriers_ms():
    """The bound of barrier waits the knobs ask for (0: none)."""
    from ..knobs import knobs
    if not knobs.debug_barriers:
        return 0
    ms = knobs.debug_barriers_ms
    if ms <= 0:
        raise TridentUserError("TRIDENT_DEBUG_BARRIERS_MS must be a positive "
                               "number of milliseconds, got %d" % ms)
    return ms


def compile(fn, signature=None, constexprs=None, target=None, num_warps=4,
            num_stages=3, num_ctas=1, pipeline=None, attrs=None,
            until_stage=None, bounds_check=None, barrier_timeout_ms=None,
            ctas_per_cga=None, **options):
    """Compiles `fn` for `target` ("cuda:90a", "cuda:80", "cpu", ...) and
    returns a CompiledKernel with every stage's output. `bounds_check`
    (default: the knob TRIDENT_CPU_BOUNDS_CHECK) compiles a cpu target's
    kernel with a check of every memory access (docs/cpu.md).
    `barrier_timeout_ms` (default: TRIDENT_DEBUG_BARRIERS_MS when the knob
    TRIDENT_DEBUG_BARRIERS is set, else 0: off) makes a GPU barrier wait
    that takes longer report itself and fail the launch (docs/python.md, knobs).
    `ctas_per_cga` launches the programs (one CTA each, the grid counting
    CTAs) in thread-block clusters of that shape (sm_90 or newer).
    `options`: Triton's maxnreg, enable_fp_fusion, enable_reflect_ftz,
    launch_cooperative_grid and launch_pdl (EXTRA_OPTIONS says what they
    do)."""
    from .. import _pipelines
    target = normalize_target(target)
    signature = dict(signature or {})
    kind = target.split(":")[0]
    try:
        validate_options(num_warps, num_stages, num_ctas,
                         1 if kind == "cpu" else 32)
        cluster = cluster_shape(ctas_per_cga, num_ctas)
        extra = dict(extra_options(options))
    except TridentUserError as e:
        raise CompilationError("%s: %s" % (fn.__name__, e)) from None
    if cluster and kind == "cpu":
        from .._errors import UnsupportedLaunchOption
        raise UnsupportedLaunchOption(
            "%s: thread-block clusters (ctas_per_cga=%s) run on GPUs of sm_90 "
            "or newer; the CPU target runs none (an autotuner passes over "
            "such configs)" % (fn.__name__, cluster))
    arch = re.match(r"cuda:(\d+)", target)
    if cluster and arch and int(arch.group(1)) < 90:
        raise CompilationError(
            "%s: thread-block clusters (ctas_per_cga=%s) need sm_90 or newer, "
            "not %s" % (fn.__name__, cluster, target))
    if pipeline is None:
        pipeline = _pipelines.selected(fn)
    try:
        b, run_args = build_module(fn, signature, constexprs, target, attrs,
                                   num_warps)
    except CompilationError as e:
        # The message names the kernel's source line; the front end's own
        # frames would only hide it (its cause, the built-in's error, stays).
        raise e.with_traceback(None) from e.__cause__
    except TridentUserError as e:
        raise CompilationError("%s: %s" % (fn.__name__, e)) from None
    source_ir = b.module_str(False)
    stage = until_stage or _LAST_STAGE.get(kind, "")
    try:
        if bounds_check is None:
            from ..knobs import knobs
            bounds_check = knobs.cpu_bounds_check
        if barrier_timeout_ms is None:
            barrier_timeout_ms = debug_barriers_ms()
        stages, pipeline_text, fingerprint, meta_text, artifact = b.compile(
            target, pipeline, stage, num_warps, max(num_stages, 1), num_ctas,
            1 if bounds_check and kind == "cpu" else 0,
            int(barrier_timeout_ms), *(cluster or (1, 1, 1)),
            extra.get("maxnreg", 0), extra.get("enable_fp_fusion", True),
            extra.get("enable_reflect_ftz", True))
    except _C.Error as e:
        raise _backend_error(fn, target, str(e)) from None
    asm = {}
    for name, fmt, data in stages:
        if name == "source":
            continue
        asm[name] = data
    metadata = json.loads(meta_text) if meta_text else {}
    name = kernel_name(fn, run_args, constexprs)
    metadata.setdefault("name", name)
    metadata.setdefault("target", target)
    metadata.setdefault("num_warps", num_warps)
    metadata["num_stages"] = num_stages
    metadata["num_ctas"] = num_ctas
    if cluster:
        metadata["ctas_per_cga"] = list(cluster)
    for option, default in EXTRA_OPTIONS.items():
        metadata[option] = extra.get(option, default)
    metadata.setdefault("shared_bytes", 0)
    metadata["pipeline_name"] = pipeline
    return CompiledKernel(name, target, asm, metadata, pipeline_text,
                          fingerprint, artifact, run_args, source_ir)
