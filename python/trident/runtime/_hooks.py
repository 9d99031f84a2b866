"""`trident.knobs.runtime.jit_cache_hook` / `jit_post_compile_hook` (Triton's
hooks around a kernel's compile) and the specialization data they carry,
which `JITFunction.preload` turns back into the same compiled kernel.

A hook is called as Triton calls it: with keywords `key`, `repr`, `fn` (an
object with `module`, `name` and `jit_function`), `compile` (a dict: the
key, signature, constants, attrs, options, and `specialization_data`, a
JSON text), `is_manual_warmup` and `already_compiled`. `jit_cache_hook`
runs when a specialization is not in the kernel's memory cache, before it
is compiled (or read from the disk cache); `jit_post_compile_hook` after.
Their return values are not used (Triton skips the compile when the cache
hook returns True; Trident always compiles).
"""
import collections
import json

from .._errors import TridentUserError
from ..language import core as tl

JitFunctionInfo = collections.namedtuple("JitFunctionInfo",
                                         "module name jit_function")

_FORMAT = 1


class _Unserializable(Exception):
    pass


def _encode_value(v):
    if v is None or isinstance(v, (bool, int, float, str)):
        return v
    if isinstance(v, tl.constexpr):
        return {"constexpr": _encode_value(v.value)}
    if isinstance(v, tl.dtype) and not v.is_ptr() and \
            isinstance(getattr(tl, v.name, None), tl.dtype):
        return {"dtype": v.name}
    if type(v) is tuple:
        return {"tuple": [_encode_value(x) for x in v]}
    raise _Unserializable("a %s" % type(v).__name__)


def _decode_value(v):
    if isinstance(v, dict):
        if "constexpr" in v:
            return tl.constexpr(_decode_value(v["constexpr"]))
        if "dtype" in v:
            return getattr(tl, v["dtype"])
        return tuple(_decode_value(x) for x in v["tuple"])
    return v


def _encode_type(t):
    from ..compiler.compiler import _spelling
    if t is None:
        return None
    if isinstance(t, tuple):
        return [_encode_type(x) for x in t]
    if not isinstance(t, tl.dtype) or not (t.is_ptr() or t.is_int() or
                                            t.is_floating()):
        raise _Unserializable("an argument of type %s" % (t,))
    return _spelling(t)


def _decode_type(t, name):
    from ..compiler.compiler import _arg_type
    if isinstance(t, list):
        return tuple(_decode_type(x, name) for x in t)
    return None if t is None else _arg_type(t, name)


def specialization_data(fn, signature, constexprs, attrs, options):
    """The JSON text that `fn.preload` compiles back into this
    specialization (with `"unserializable"` naming what it cannot hold)."""
    data = {"format": _FORMAT, "name": fn.__qualname__}
    try:
        data["signature"] = {k: _encode_type(v) for k, v in signature.items()}
        data["constexprs"] = {k: _encode_value(v)
                              for k, v in constexprs.items()}
        data["attrs"] = {k: dict(v) for k, v in attrs.items()}
        data["options"] = list(options[:3]) + [
            list(options[3]) if options[3] else None]
        if len(options) > 4 and options[4]:
            data["options"].append([list(kv) for kv in options[4]])
    except _Unserializable as e:
        data = {"format": _FORMAT, "name": fn.__qualname__,
                "unserializable": str(e)}
    return json.dumps(data, sort_keys=True)


def load_specialization(fn, text):
    """(signature, constexprs, attrs, (num_warps, num_stages, num_ctas,
    cluster)) of `specialization_data`'s text, for `fn`."""
    try:
        data = json.loads(text)
    except (TypeError, ValueError) as e:
        raise TridentUserError("%s.preload: the specialization data is not "
                               "JSON text: %s" % (fn.__name__, e)) from None
    if not isinstance(data, dict) or data.get("format") != _FORMAT:
        raise TridentUserError("%s.preload: not specialization data of this "
                               "version of Trident" % fn.__name__)
    if data.get("name") != fn.__qualname__:
        raise TridentUserError("%s.preload: the specialization data is for %s"
                               % (fn.__name__, data.get("name")))
    if "unserializable" in data:
        raise TridentUserError(
            "%s.preload: this specialization could not be recorded (it "
            "holds %s)" % (fn.__name__, data["unserializable"]))
    signature = {k: _decode_type(v, k) for k, v in data["signature"].items()}
    constexprs = {k: _decode_value(v) for k, v in data["constexprs"].items()}
    attrs = data["attrs"]
    w, s, c, cluster = data["options"][:4]
    extra = tuple(tuple(kv) for kv in data["options"][4]) \
        if len(data["options"]) > 4 else ()
    return signature, constexprs, attrs, (w, s, c, tuple(cluster) if cluster
                                          else None, extra)


def call(hook, fn, key, signature, constexprs, attrs, options, warmup,
         compiled):
    """Calls `hook` (a knob's value; None: nothing) as Triton does."""
    if hook is None:
        return None
    key = str(key)
    info = JitFunctionInfo(fn.__module__, fn.__qualname__, fn)
    compile_info = {
        "key": key, "signature": dict(signature),
        "constants": dict(constexprs), "attrs": dict(attrs),
        "num_warps": options[0], "num_stages": options[1],
        "num_ctas": options[2],
        **dict(options[4] if len(options) > 4 else ()),
        "specialization_data": specialization_data(
            fn, signature, constexprs, attrs, options)}
    return hook(key=key, repr=fn.__name__, fn=info, compile=compile_info,
                is_manual_warmup=warmup, already_compiled=compiled)
