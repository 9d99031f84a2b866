"""The disk cache of compiled kernels (TRIDENT_CACHE_DIR, default
~/.trident/cache).

One file per kernel: `<dir>/<key[:2]>/<key>.kernel`, a header line (JSON:
format version, payload size and SHA-256) and the payload (JSON: every
stage's output, the metadata, the argument kinds, the pipeline). The key
(`kernel_key`) covers the kernel's source and that of every @jit function
it calls, the specialization (signature, constexprs, argument attributes),
the launch options, the target, the selected pipeline, the compiler (the
core's build id and the Python front end's sources), each loaded plugin's
name, version, path and cache key, and the knobs marked as keyed.

Writes are atomic (a temporary file in the same directory, then rename), so
processes compiling one kernel at once leave one good entry. Reads accept
only a regular file inside the cache directory, up to MAX_ENTRY_BYTES,
whose size and hash match its header; anything else is reported once as a
warning, removed and rebuilt.
"""
import base64
import json
import os
import stat
import warnings

from .._sha256 import sha256
from ..knobs import knobs

FORMAT = 1
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


def kernel_key(fn, target, pipeline, options, signature, constexprs, attrs):
    """The disk-cache key of one compile of @jit function `fn`."""
    from .. import _C
    parts = {
        "format": FORMAT,
        "source": fn.cache_key,
        "name": fn.__qualname__,
        "target": target,
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
    text = json.dumps(parts, sort_keys=True, default=str)
    return sha256(text.encode()).hexdigest()


def stable_repr(v):
    """A constexpr's identity across processes (a function's repr holds its
    address)."""
    from .jit import JITFunction
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


def get(key):
    """The payload stored under `key` (a dict), or None (missing or bad)."""
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
        return json.loads(payload)
    except ValueError:
        _discard(path, "its payload is not valid JSON")
        return None


def put(key, payload):
    """Stores `payload` (a dict) under `key`, atomically; a cache that cannot
    be written is a warning, not an error."""
    path = _path(key)
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
