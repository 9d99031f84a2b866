"""A path with a NUL byte is refused whole, never cut short.

The file system takes C strings, which end at the first NUL:
`trident.load_plugin("/tmp/a\\0b.so")` once tried "/tmp/a", and a real
plugin's path followed by "\\0junk" loaded that plugin. Every path a user
gives (trident.load_plugin, the C API binding in trident._core, the C++
loader behind trident._C, the path knobs such as TRIDENT_CACHE_DIR,
TRIDENT_DUMP_DIR, TRIDENT_PTXAS and the entries of TRIDENT_PLUGIN_PATHS,
and tl.extern_elementwise's library) is now refused with an error that
shows it by repr (the NUL reads '\\x00') and says it contains a NUL byte.
"""
import json
import os
import subprocess
import sys
import textwrap

import pytest

import trident
import trident.language as tl
from trident.knobs import knobs

SHOWN = r"'/tmp/a\x00b.so'"


def test_load_plugin_refuses_a_nul_byte():
    for path in ("/tmp/a\0b.so", b"/tmp/a\0b.so"):
        with pytest.raises(trident.PluginError) as info:
            trident.load_plugin(path)
        msg = str(info.value)
        assert msg.startswith(SHOWN + ": "), msg
        assert "contains a NUL byte" in msg, msg


def test_the_c_api_binding_refuses_a_nul_byte():
    from trident import _core
    with pytest.raises(trident.PluginError) as info:
        _core.load_plugin("/tmp/a\0b.so")
    msg = str(info.value)
    assert msg.startswith(SHOWN + ": ") and "NUL byte" in msg, msg


def test_the_cpp_loader_refuses_a_nul_byte():
    # trident._C.load_plugin is the C++ PluginManager without the Python
    # check: the path reaches it with its length, and its message keeps the
    # whole path (escaped) instead of ending at the NUL.
    from trident import _C
    with pytest.raises(_C.Error) as info:
        _C.load_plugin("/tmp/a\0b.so")
    assert str(info.value) == SHOWN + ": the path contains a NUL byte"


def test_a_real_plugin_path_followed_by_a_nul_does_not_load_it(plugin_dir):
    # Cut at the NUL, each path below names the fma example plugin, which
    # would then load. A fresh interpreter, since a plugin stays loaded.
    plugin = os.path.join(plugin_dir, "libFmaPlugin.so")
    assert os.path.exists(plugin), plugin
    code = textwrap.dedent('''
        import json, sys
        import trident
        from trident import _C, _core
        plugin = sys.argv[1]
        bad = plugin + "\\0junk"
        out = []
        for name, fn, arg in (
                ("load_plugin", trident.load_plugin, bad),
                ("load_plugin bytes", trident.load_plugin, bad.encode()),
                ("_core", _core.load_plugin, bad),
                ("_C", _C.load_plugin, bad)):
            try:
                fn(arg)
                out.append([name, None])
            except Exception as e:
                out.append([name, str(e)])
        loaded = [p[0] for p in _C.plugins()]
        print(json.dumps({"errors": out, "loaded": loaded}))
    ''')
    env = dict(os.environ)
    env.pop("TRIDENT_PLUGIN_PATHS", None)
    r = subprocess.run([sys.executable, "-c", code, plugin], env=env,
                       capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stdout + r.stderr
    result = json.loads(r.stdout.strip().splitlines()[-1])
    shown = repr(plugin + "\0junk")
    for name, msg in result["errors"]:
        assert msg is not None, "%s loaded a path with a NUL byte" % name
        assert msg.startswith(shown + ": "), (name, msg)
        assert "contains a NUL byte" in msg, (name, msg)
    assert "fma" not in result["loaded"], result


@pytest.mark.parametrize("env, knob", [
    ("TRIDENT_CACHE_DIR", "cache_dir"),
    ("TRIDENT_DUMP_DIR", "dump_dir"),
    ("TRIDENT_PTXAS", "ptxas"),
    ("TRIDENT_LIBDEVICE", "libdevice"),
])
def test_path_knobs_refuse_a_nul_byte(monkeypatch, env, knob):
    # A real environment cannot hold a NUL; the knobs are checked anyway,
    # so an environment mapping that does (or a future setter) is caught.
    monkeypatch.setattr(os, "environ", dict(os.environ, **{env: "/tmp/a\0b"}))
    with pytest.raises(ValueError) as info:
        getattr(knobs, knob)
    msg = str(info.value)
    assert msg.startswith(env + ": "), msg
    assert r"'/tmp/a\x00b'" in msg and "contains a NUL byte" in msg, msg


def test_plugin_paths_knob_names_the_bad_entry(monkeypatch):
    monkeypatch.setattr(os, "environ", dict(
        os.environ, TRIDENT_PLUGIN_PATHS="/tmp/ok.so:/tmp/b\0ad.so"))
    with pytest.raises(ValueError) as info:
        knobs.plugin_paths
    msg = str(info.value)
    assert "TRIDENT_PLUGIN_PATHS" in msg, msg
    assert r"'/tmp/b\x00ad.so'" in msg and "NUL byte" in msg, msg


def test_path_knobs_without_a_nul_are_unchanged(monkeypatch, tmp_path):
    monkeypatch.setattr(os, "environ", dict(
        os.environ, TRIDENT_CACHE_DIR=str(tmp_path),
        TRIDENT_PLUGIN_PATHS="/tmp/x.so:/tmp/y.so"))
    assert knobs.cache_dir == str(tmp_path)
    assert knobs.plugin_paths == "/tmp/x.so:/tmp/y.so"


@trident.jit
def k_extern(x_ptr):
    offs = tl.arange(0, 4)
    x = tl.load(x_ptr + offs)
    y = tl.extern_elementwise("lib", "/tmp/lib\0.bc", [x],  # <- here
                              {(tl.float32,): ("my_fn", tl.float32)}, True)
    tl.store(x_ptr + offs, y)


def test_extern_library_path_refuses_a_nul_byte():
    with pytest.raises(trident.CompilationError) as info:
        trident.compile(k_extern, signature={"x_ptr": "*fp32"},
                        target="cpu")
    msg = str(info.value)
    assert "test_nul_paths.py" in msg, msg
    assert r"'/tmp/lib\x00.bc'" in msg and "NUL byte" in msg, msg
