"""The disk cache of compiled kernels (TRIDENT_CACHE_DIR, default
~/.trident/cache).

One file per kernel: `<dir>/<key[:2]>/<key>.kernel`, a header line (JSON:
format version, payload size and SHA-256) and the payload (JSON: every
stage's output, the metadata, the argument kinds, the pipeline, and the
key's facts). The key is the SHA-256 of the facts (`key_facts`): the
kernel's source and that of every @jit function it calls, the values of
the globals they read as constants, the specialization (signature,
constexprs, argument attributes such as divisibility), the launch options,
the target (for cpu:native, the host CPU's model and features), the
selected pipeline, the compiler (the core's build id and the Python front
end's sources), each loaded plugin's name, version, path and cache key,
and the knobs marked as keyed.

Being a digest, one key could stand for two sets of facts, so every entry
records its facts in full (under "key" in the payload) and a read compares
them with the wanted ones: an entry built for other facts is never handed
back (it is replaced, as below).

Writes are atomic (a temporary file in the same directory, then rename), so
processes compiling one kernel at once leave one good entry. Reads accept
only a regular file inside the cache directory, up to MAX_ENTRY_BYTES,
whose size and hash match its header and whose recorded facts are the
wanted ones; a kernel read back must also decode and load (`load_kernel`:
its object file or cubin is checked, and on the CPU JIT-loaded). Anything
else is reported once per process as a warning naming the file and the
reason, removed and rebuilt.
"""
import base64
import json
import os
import stat
import warnings

from .._sha256 import sha256
from ..knobs import knobs

# 2: the payload records the key's facts ("key").
FORMAT = 2
MAX_ENTRY_BYTES = 256 << 20
_WARNED = set()
_FRONTEND_HASH = []


def _frontend_hash():
    """A hash of the Python front end's own sources (its code generation
    changes what a kernel compiles to), computed once per process."""
    if not _FRONTEND_HASH:
        h = sha256()
        root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
        for dirpath, dirnames, filenames in sorted(os.walk(root)):
            dirnames.sort()
            for f in sorted(filenames):
                if f.endswith(".py"):
                    path = os.path.join(dirpath, f)
                    h.update(os.path.relpath(path, root).encode())
                    with open(path, "rb") as fh:
                        h.update(fh.read())
        _FRONTEND_HASH.append(h.hexdigest())
    return _FRONTEND_HASH[0]


def key_facts(fn, target, pipeline, options, signature, constexprs, attrs):
    """Everything one compile of @jit function `fn` depends on, as canonical
    JSON text: the disk-cache key is its digest (`key_of`) and every entry
    stores it, so that a read can tell an entry built for other facts."""
    from .. import _C
    parts = {
        "format": FORMAT,
        "source": fn.cache_key,
        "globals": global_facts(fn),
        "name": fn.__qualname__,
        "target": target,
        "host": host_facts(target),
        "pipeline": pipeline,
        "options": list(options),
        "signature": sorted((k, str(v)) for k, v in signature.items()),
        "constexprs": sorted((k, stable_repr(v)) for k, v in
                             constexprs.items()),
        "attrs": sorted((k, sorted(v.items())) for k, v in attrs.items()),
        "core": _C.build_id(),
        "frontend": _frontend_hash(),
        "plugins": sorted(list(p) for p in _C.plugins()),
        "knobs": list(knobs.cache_key()),
    }
    return json.dumps(parts, sort_keys=True, default=str)


def key_of(facts):
    """The cache key (a file name) of the facts text of `key_facts`."""
    return sha256(facts.encode()).hexdigest()


def global_facts(fn):
    """The globals and closure variables that `fn`, and the @jit functions
    it calls, read as compile-time constants (tl.constexpr values, dtypes,
    names annotated `tl.constexpr`, None and strings), with their values:
    the source hash covers the kernel's lines, not these values, which may
    differ from one run to the next (`BLOCK = tl.constexpr(int(env))`)."""
    from .jit import JITFunction, _referenced_names
    out, seen = [], set()

    def visit(f):
        if id(f) in seen:
            return
        seen.add(id(f))
        closure = f.closure_vars()
        scope = f.fn.__globals__
        annotations = scope.get("__annotations__", {})
        for name in sorted(_referenced_names(f.fn.__code__)):
            # The code generator looks in the closure first.
            if name in closure:
                value = closure[name]
            elif name in scope:
                value = scope[name]
            else:
                continue
            if isinstance(value, JITFunction):
                visit(value)
                continue
            fact = _constant_fact(value, annotations.get(name))
            if fact is not None:
                out.append([f.__qualname__, name, fact])

    visit(fn)
    return out


def _constant_fact(value, annotation):
    from ..language import core as tl
    if isinstance(value, tl.constexpr):
        return "constexpr:" + stable_repr(value.value)
    if isinstance(value, tl.dtype):
        return "dtype:" + repr(value)
    if annotation in (tl.constexpr, "tl.constexpr", "constexpr"):
        return "constexpr:" + stable_repr(value)
    if value is None or isinstance(value, (str, bytes)):
        return repr(value)
    return None  # modules, classes, functions: named by the source


_HOST = []


def host_facts(target):
    """For a target compiled for this machine's CPU (cpu:native), the CPU
    it was compiled on (vendor, family, model and feature flags, as
    /proc/cpuinfo lists them): a cache shared by several machines must not
    hand one of them code using instructions it lacks. None otherwise."""
    if target != "cpu:native":
        return None
    if not _HOST:
        import platform
        facts = {"machine": platform.machine()}
        try:
            with open("/proc/cpuinfo") as f:
                for line in f:
                    if not line.strip():
                        break  # the first processor's block only
                    k, _, v = line.partition(":")
                    k = k.strip()
                    if k in ("vendor_id", "cpu family", "model", "flags"):
                        facts[k] = " ".join(sorted(v.split())) \
                            if k == "flags" else v.strip()
        except OSError as e:
            facts["cpuinfo"] = "unreadable: %s" % e.strerror
        _HOST.append(facts)
    return _HOST[0]


def stable_repr(v):
    """A constexpr's identity across processes (a function's repr holds its
    address)."""
    from .jit import JITFunction
    if isinstance(v, tuple):
        # (a tuple argument's leaves: @jit functions among them)
        return "%s(%s)" % (type(v).__qualname__,
                           ", ".join(stable_repr(x) for x in v))
    if isinstance(v, JITFunction):
        return "jit:%s:%s" % (v.__qualname__, v.cache_key)
    if callable(v) and hasattr(v, "__qualname__"):
        # Named only if its module and qualified name lead back to it (a
        # closure made by a factory shares its qualified name with others).
        import sys
        obj = sys.modules.get(getattr(v, "__module__", None) or "")
        for part in v.__qualname__.split("."):
            obj = getattr(obj, part, None)
        if obj is v:
            return "fn:%s.%s" % (v.__module__, v.__qualname__)
        return "process:%d:%r" % (os.getpid(), v)
    return repr(v)


def _path(key):
    return os.path.join(knobs.cache_dir, key[:2], key + ".kernel")


def _warn_once(path, reason):
    if path in _WARNED:
        return
    _WARNED.add(path)
    warnings.warn("trident: the cache entry %s is unusable (%s); it is "
                  "removed and the kernel rebuilt" % (path, reason),
                  RuntimeWarning, stacklevel=4)


def _discard(path, reason):
    _warn_once(path, reason)
    try:
        if os.path.islink(path) or os.path.isfile(path):
            os.unlink(path)
    except OSError:
        pass


def get(key, facts):
    """The payload stored under `key` (a dict), or None (missing, bad, or
    built for other facts than `facts`, the text `key_facts` made)."""
    if knobs.always_compile:
        return None
    path = _path(key)
    try:
        st = os.lstat(path)
    except OSError:
        return None
    if not stat.S_ISREG(st.st_mode):
        _discard(path, "not a regular file")
        return None
    root = os.path.realpath(knobs.cache_dir)
    if os.path.commonpath([root, os.path.realpath(path)]) != root:
        _discard(path, "outside the cache directory")
        return None
    if st.st_size > MAX_ENTRY_BYTES:
        _discard(path, "%d bytes, over the %d-byte limit" % (st.st_size,
                                                              MAX_ENTRY_BYTES))
        return None
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK)
        with os.fdopen(fd, "rb") as f:
            header = f.readline(4096)
            payload = f.read(MAX_ENTRY_BYTES + 1)
    except OSError as e:
        _discard(path, "unreadable: %s" % e)
        return None
    try:
        h = json.loads(header)
        ok = (h.get("format") == FORMAT and h.get("size") == len(payload) and
              h.get("sha256") == sha256(payload).hexdigest())
    except (ValueError, AttributeError):
        ok = False
    if not ok:
        _discard(path, "truncated or corrupt: its size or hash does not "
                       "match its header")
        return None
    try:
        entry = json.loads(payload)
    except ValueError:
        _discard(path, "its payload is not valid JSON")
        return None
    if not isinstance(entry, dict):
        _discard(path, "its payload is not a JSON object")
        return None
    wanted = json.loads(facts)
    stored = entry.get("key")
    if stored != wanted:
        _discard(path, _mismatch(stored, wanted))
        return None
    return entry


def _mismatch(stored, wanted):
    """Why an entry's recorded facts are not the wanted ones (names the
    facts that differ)."""
    if not isinstance(stored, dict):
        return "it does not record the facts it was built for"
    differ = sorted(k for k in set(stored) | set(wanted)
                    if stored.get(k) != wanted.get(k))
    return ("it was built for other facts than its key now stands for (a "
            "key collision or a stale entry): its %s differ" %
            ", ".join(differ))


def put(key, facts, payload):
    """Stores `payload` (a dict) under `key`, with the facts text `facts`
    the key was made from, atomically; a cache that cannot be written is a
    warning, not an error."""
    path = _path(key)
    payload = dict(payload, key=json.loads(facts))
    data = json.dumps(payload, sort_keys=True).encode()
    header = json.dumps({"format": FORMAT, "size": len(data),
                         "sha256": sha256(data).hexdigest()})
    d = os.path.dirname(path)
    try:
        os.makedirs(d, exist_ok=True)
        import tempfile  # (writes only)
        fd, tmp = tempfile.mkstemp(dir=d, prefix=".tmp-", suffix=".kernel")
        try:
            with os.fdopen(fd, "wb") as f:
                f.write(header.encode() + b"\n" + data)
            os.replace(tmp, path)
        except BaseException:
            try:
                os.unlink(tmp)
            except OSError:
                pass
            raise
    except OSError as e:
        _warn_once(d, "cannot write the cache: %s" % e)


def encode_kernel(kernel):
    """The payload of a CompiledKernel."""
    from .. import _C
    asm = {}
    for stage, data in kernel.asm.items():
        if isinstance(data, bytes):
            asm[stage] = {"b64": base64.b64encode(data).decode()}
        else:
            asm[stage] = {"text": data}
    art = kernel._artifact
    artifact = None
    if art is not None:
        fmt, data = _C.artifact_data(art)
        stage = next((s for s, v in kernel.asm.items() if v == data), None)
        artifact = {"format": fmt, "stage": stage,
                    "binary": isinstance(data, bytes),
                    "metadata": json.loads(_C.artifact_metadata(art))}
        if stage is None:
            artifact["b64"] = base64.b64encode(
                data if isinstance(data, bytes) else data.encode()).decode()
    return {"name": kernel.name, "target": kernel.target, "asm": asm,
            "metadata": {k: v for k, v in kernel.metadata.items()
                         if not k.startswith("_")},
            "pipeline": kernel.pipeline, "fingerprint": kernel.fingerprint,
            "arg_kinds": [[n, _type_name(t)] for n, t in kernel.arg_kinds],
            "source_ir": kernel.source_ir, "artifact": artifact}


def _type_name(t):
    from ..language.semantic import tensor_descriptor_type
    if isinstance(t, tensor_descriptor_type):
        return "desc:%s:%s" % (t.block_type.element_ty.name,
                               ",".join(str(d) for d in t.block_type.shape))
    if t.is_ptr():
        return "*" + _type_name(t.element_ty)
    return t.name


def decode_kernel(payload):
    """A CompiledKernel from its payload."""
    from .. import _C
    from ..compiler.compiler import CompiledKernel
    from ..language import core as tl
    asm = {}
    for stage, v in payload["asm"].items():
        asm[stage] = (base64.b64decode(v["b64"]) if "b64" in v else v["text"])
    artifact = None
    a = payload.get("artifact")
    if a is not None:
        data = asm[a["stage"]] if a.get("stage") else base64.b64decode(
            a["b64"])
        if isinstance(data, str):
            data = data.encode()
        artifact = _C.make_artifact(a["format"], data, a["binary"],
                                    json.dumps(a["metadata"]),
                                    a.get("stage") or "")
    from ..language.semantic import tensor_descriptor_type

    def type_of(t):
        if t.startswith("desc:"):
            _, elt, shape = t.split(":")
            return tensor_descriptor_type(tl.block_type(
                tl.str_to_ty(elt), [int(d) for d in shape.split(",")]))
        return tl.str_to_ty(t)
    arg_kinds = [(n, type_of(t)) for n, t in payload["arg_kinds"]]
    return CompiledKernel(payload["name"], payload["target"], asm,
                          payload["metadata"], payload["pipeline"],
                          payload["fingerprint"], artifact, arg_kinds,
                          payload["source_ir"])


def load_kernel(key, facts):
    """The CompiledKernel stored under `key` for `facts`, decoded and
    loaded as a launch will load it, or None. An entry that passes its
    integrity checks but does not decode or load (a truncated object file
    or cubin, metadata the loader refuses) is removed with a warning naming
    it and the reason, so that the caller compiles it anew."""
    payload = get(key, facts)
    if payload is None:
        return None
    path = _path(key)
    try:
        kernel = decode_kernel(payload)
    except Exception as e:  # noqa: BLE001 (any error: the entry is bad)
        _discard(path, "it cannot be decoded: %s" % _first_line(e))
        return None
    try:
        _load(kernel)
    except Exception as e:  # noqa: BLE001
        _discard(path, "its kernel cannot be loaded: %s" % _first_line(e))
        return None
    return kernel


def _first_line(e):
    text = str(e).strip().split("\n")[0]
    return "%s: %s" % (type(e).__name__, text) if text else type(e).__name__


def _load(kernel):
    """Loads `kernel` (read from the cache) as its first launch would, so
    that a bad entry fails here, where its file is known. The CPU kernel is
    JIT-loaded now (the launch reuses it); a cubin is checked as an ELF
    file, then its launch parameters, since loading it needs a CUDA
    context."""
    if kernel.target.startswith("cpu"):
        art = kernel._artifact
        if art is None:
            raise ValueError("it holds no object file")
        from .. import _C
        fmt, data = _C.artifact_data(art)
        if fmt == "obj":
            check_elf(data, "the object file")
        kernel.cpu_kernel()
    elif "cubin" in kernel.asm:
        check_elf(kernel.asm["cubin"], "the cubin")
        from .._errors import TridentUserError
        try:
            kernel.gpu_kernel()
        except TridentUserError:
            pass  # the kernel's own limit (a fresh compile has it too): the
            # launch reports it


def check_elf(data, what):
    """Raises ValueError unless `data` is a whole 64-bit little-endian ELF
    file: its header, program headers, section headers and the contents of
    its sections and segments all within its bytes (what a truncated or
    overwritten file fails)."""
    import struct
    if not isinstance(data, (bytes, bytearray)):
        raise ValueError("%s is text, not an ELF file" % what)
    n = len(data)
    if n < 64 or data[:4] != b"\x7fELF":
        raise ValueError("%s (%d bytes) is not an ELF file" % (what, n))
    if data[4] != 2 or data[5] != 1:
        raise ValueError("%s is not a 64-bit little-endian ELF file" % what)
    (phoff, shoff, _flags, _ehsize, phentsize, phnum, shentsize,
     shnum, _shstrndx) = struct.unpack_from("<QQIHHHHHH", data, 32)

    def table(off, entsize, count, minsize, name):
        if count == 0:
            return
        if entsize < minsize or off + entsize * count > n:
            raise ValueError(
                "%s is truncated or corrupt: its %s (%d entries of %d bytes "
                "at offset %d) ends past its %d bytes" % (
                    what, name, count, entsize, off, n))
    table(phoff, phentsize, phnum, 56, "program header table")
    table(shoff, shentsize, shnum, 64, "section header table")
    for i in range(phnum):
        _, _, off, _, _, filesz = struct.unpack_from(
            "<IIQQQQ", data, phoff + i * phentsize)
        if off + filesz > n:
            raise ValueError("%s is truncated or corrupt: segment %d (%d "
                             "bytes at offset %d) ends past its %d bytes" %
                             (what, i, filesz, off, n))
    for i in range(shnum):
        _, kind, _, _, off, size = struct.unpack_from(
            "<IIQQQQ", data, shoff + i * shentsize)
        if kind != 8 and off + size > n:  # 8: SHT_NOBITS (no bytes)
            raise ValueError("%s is truncated or corrupt: section %d (%d "
                             "bytes at offset %d) ends past its %d bytes" %
                             (what, i, size, off, n))


def dump(kernel, key):
    """Writes every stage of `kernel` under TRIDENT_DUMP_DIR, if set."""
    d = knobs.dump_dir
    if not d:
        return
    out = os.path.join(d, "%s-%s" % (kernel.name, key[:16]))
    os.makedirs(out, exist_ok=True)
    ext = {"tir": "mlir", "gir": "mlir", "cir": "mlir", "llir": "ll",
           "ptx": "ptx", "cubin": "cubin", "obj": "o"}
    for stage, data in kernel.asm.items():
        path = os.path.join(out, "%s.%s" % (stage, ext.get(stage, "txt")))
        with open(path, "wb") as f:
            f.write(data if isinstance(data, bytes) else data.encode())
    with open(os.path.join(out, "metadata.json"), "w") as f:
        json.dump(kernel.metadata, f, indent=1, sort_keys=True, default=str)
    with open(os.path.join(out, "pipeline.txt"), "w") as f:
        f.write(kernel.pipeline or "")
