"""The disk cache (TRIDENT_CACHE_DIR) and the knobs: each case runs fresh
processes on a cache directory of its own, on the CPU target, counting the
compiles each process does."""
import glob
import json
import os
import subprocess
import sys
import textwrap

import pytest

# Every case script starts by counting the compiles its process does.
COUNTING = textwrap.dedent('''
    import os, sys, warnings
    import numpy as np
    import trident, trident.language as tl
    import trident.compiler.compiler as cc

    compiles = []
    _real = cc.compile
    def counting(*a, **k):
        compiles.append(a[0].__name__)
        return _real(*a, **k)
    cc.compile = counting
''')

SCRIPT = COUNTING + textwrap.dedent('''
    @trident.jit
    def scale(x_ptr, n, F: tl.constexpr, BLOCK: tl.constexpr):
        offs = tl.arange(0, BLOCK)
        m = offs < n
        tl.store(x_ptr + offs, tl.load(x_ptr + offs, m) * F, m)

    F = int(os.environ.get("CASE_F", "3"))
    x = np.ones(100, np.float32)
    with warnings.catch_warnings(record=True) as w:
        warnings.simplefilter("always")
        if os.environ.get("CASE_PIPELINE"):
            with trident.pipeline_scope(os.environ["CASE_PIPELINE"]):
                scale[(1,)](x, 100, F=F, BLOCK=128)
        else:
            scale[(1,)](x, 100, F=F, BLOCK=128)
    assert (x == F).all(), x[:4]
    print("compiles=%d" % len(compiles))
    for warning in w:
        print("warning:", warning.message)
''')


@pytest.fixture
def run(tmp_path):
    script = tmp_path / "case.py"
    script.write_text(SCRIPT)
    cache = tmp_path / "cache"

    def go(**env):
        e = dict(os.environ)
        e["TRIDENT_CACHE_DIR"] = str(cache)
        e["TRIDENT_TARGET"] = "cpu"
        e.pop("TRIDENT_PLUGIN_PATHS", None)
        e.update({k: str(v) for k, v in env.items()})
        r = subprocess.run([sys.executable, str(script)], capture_output=True,
                           text=True, env=e, timeout=300)
        assert r.returncode == 0, r.stderr
        return r.stdout
    go.cache = cache
    return go


def entries(cache):
    return sorted(glob.glob(os.path.join(str(cache), "*", "*.kernel")))


def test_second_process_compiles_nothing(run):
    assert "compiles=1" in run()
    assert len(entries(run.cache)) == 1
    assert "compiles=0" in run()
    # TRIDENT_ALWAYS_COMPILE ignores the entry (and rewrites it).
    assert "compiles=1" in run(TRIDENT_ALWAYS_COMPILE=1)
    assert len(entries(run.cache)) == 1


def test_key_changes_with_constexprs_and_pipeline(run, plugin_dir):
    run()
    run(CASE_F=5)
    assert len(entries(run.cache)) == 2
    # A plugin loaded (its identity and cache key are in the key), and a
    # pipeline it registers selected: each compiles anew.
    plugin = os.path.join(plugin_dir, "libTridentExamplePipeline.so")
    if not os.path.exists(plugin):
        plugin = sorted(glob.glob(os.path.join(plugin_dir, "*.so")))[0]
    out = run(TRIDENT_PLUGIN_PATHS=plugin)
    assert "compiles=1" in out
    assert len(entries(run.cache)) == 3
    assert "compiles=0" in run(TRIDENT_PLUGIN_PATHS=plugin)


@pytest.mark.parametrize("damage", ["truncate", "empty", "random", "edit",
                                    "symlink", "header"])
def test_bad_entry_is_reported_once_and_rebuilt(run, damage, tmp_path):
    run()
    [path] = entries(run.cache)
    data = open(path, "rb").read()
    if damage == "truncate":
        open(path, "wb").write(data[:len(data) // 2])
    elif damage == "empty":
        open(path, "wb").write(b"")
    elif damage == "random":
        open(path, "wb").write(os.urandom(len(data)))
    elif damage == "edit":
        i = data.index(b"\n") + 50
        open(path, "wb").write(data[:i] + bytes([data[i] ^ 1]) + data[i + 1:])
    elif damage == "header":
        header, payload = data.split(b"\n", 1)
        h = json.loads(header)
        h["size"] += 1
        open(path, "wb").write(json.dumps(h).encode() + b"\n" + payload)
    else:
        outside = tmp_path / "outside.kernel"
        outside.write_bytes(data)
        os.unlink(path)
        os.symlink(outside, path)
    out = run()
    assert "compiles=1" in out, out
    warnings = [l for l in out.splitlines() if l.startswith("warning:")]
    assert len(warnings) == 1, out
    assert path in warnings[0] and "removed and the kernel rebuilt" in \
        warnings[0]
    # Rebuilt: a good regular file again, used by the next process.
    assert os.path.isfile(path) and not os.path.islink(path)
    assert "compiles=0" in run()


def test_concurrent_processes_leave_one_good_entry(run, tmp_path):
    script = tmp_path / "case.py"
    e = dict(os.environ, TRIDENT_CACHE_DIR=str(run.cache),
             TRIDENT_TARGET="cpu")
    procs = [subprocess.Popen([sys.executable, str(script)], env=e,
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                              text=True) for _ in range(4)]
    for p in procs:
        out, err = p.communicate(timeout=300)
        assert p.returncode == 0, err
    assert len(entries(run.cache)) == 1
    leftovers = glob.glob(os.path.join(str(run.cache), "*", ".tmp-*"))
    assert not leftovers
    assert "compiles=0" in run()


def test_dump_dir(run, tmp_path):
    dump = tmp_path / "dump"
    run(TRIDENT_DUMP_DIR=dump)
    [d] = os.listdir(dump)
    assert d.startswith("scale-")
    files = sorted(os.listdir(dump / d))
    for f in ("tir.mlir", "cir.mlir", "llir.ll", "obj.o", "metadata.json",
              "pipeline.txt"):
        assert f in files, files
    assert "tir.store" in (dump / d / "tir.mlir").read_text()


def test_knobs_registry():
    import trident
    text = repr(trident.knobs)
    for env in ("TRIDENT_CACHE_DIR", "TRIDENT_ALWAYS_COMPILE",
                "TRIDENT_DUMP_DIR", "TRIDENT_PLUGIN_PATHS", "TRIDENT_TARGET"):
        assert env in text
    assert "in cache key (via the target)" in text
    assert trident.knobs.cache_dir == os.environ["TRIDENT_CACHE_DIR"]
    with pytest.raises(AttributeError) as e:
        trident.knobs.cache_dri
    assert "cache_dir" in str(e.value)


TUNE = textwrap.dedent('''
    import numpy as np
    import trident, trident.language as tl

    @trident.autotune(configs=[trident.Config({"BLOCK": 32}),
                               trident.Config({"BLOCK": 64}),
                               trident.Config({"BLOCK": 128})], key=["n"])
    @trident.jit
    def inc(x_ptr, n, BLOCK: tl.constexpr):
        offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
        m = offs < n
        tl.store(x_ptr + offs, tl.load(x_ptr + offs, m) + 1, m)

    benched = []
    real = inc._bench
    def counting(c, *a, **k):
        benched.append(c)
        return real(c, *a, **k)
    inc._bench = counting
    x = np.zeros(1000, np.float32)
    inc[lambda m: (trident.cdiv(1000, m["BLOCK"]),)](x, 1000)
    print("benched=%d best=%s" % (len(benched), inc.best_config.kwargs))
''')


def test_autotune_choice_is_kept_on_disk(tmp_path):
    script = tmp_path / "tune.py"
    script.write_text(TUNE)
    env = dict(os.environ, TRIDENT_CACHE_DIR=str(tmp_path / "cache"),
               TRIDENT_TARGET="cpu")
    outs = []
    for _ in range(2):
        r = subprocess.run([sys.executable, str(script)], capture_output=True,
                           text=True, env=env, timeout=300)
        assert r.returncode == 0, r.stderr
        outs.append(r.stdout.strip())
    assert outs[0].startswith("benched=3 ")
    # The second process takes the first one's choice without timing.
    assert outs[1] == "benched=0 " + outs[0].split(" ", 1)[1]
    assert len(glob.glob(str(tmp_path / "cache" / "autotune" / "*.json"))) \
        == 1


HELPER_SCRIPT = COUNTING + textwrap.dedent('''
    # a comment outside every kernel
    @trident.jit
    def bump(v):
        return (v +
                1.0)

    @trident.jit
    def apply(x_ptr, BLOCK: tl.constexpr):
        offs = tl.arange(0, BLOCK)
        tl.store(x_ptr + offs, bump(tl.load(x_ptr + offs)))

    x = np.ones(16, np.float32)
    apply[(1,)](x, BLOCK=16)
    print("compiles=%d value=%g" % (len(compiles), x[0]))
    heavy = ("inspect", "dataclasses", "tempfile", "statistics", "tokenize")
    print("heavy=%s" % ",".join(m for m in heavy if m in sys.modules))
''')


def test_key_follows_the_source_of_called_functions(tmp_path):
    # The key covers the lines of the kernel and of each @jit function it
    # calls, as their file holds them (read without `inspect`): editing the
    # last line of a called function's multi-line expression recompiles;
    # editing a comment outside them does not. A warm first call imports
    # none of the modules a compile needs.
    script = tmp_path / "helper.py"
    script.write_text(HELPER_SCRIPT)
    env = dict(os.environ, TRIDENT_CACHE_DIR=str(tmp_path / "cache"),
               TRIDENT_TARGET="cpu")
    env.pop("TRIDENT_PLUGIN_PATHS", None)

    def go():
        r = subprocess.run([sys.executable, str(script)], capture_output=True,
                           text=True, env=env, timeout=300)
        assert r.returncode == 0, r.stderr
        return r.stdout

    assert "compiles=1 value=2" in go()
    out = go()
    assert "compiles=0 value=2" in out and "heavy=\n" in out, out
    script.write_text(HELPER_SCRIPT.replace("            1.0)",
                                            "            2.0)"))
    assert "compiles=1 value=3" in go()
    script.write_text(HELPER_SCRIPT.replace("            1.0)", "            2.0)")
                      .replace("# a comment outside", "# another comment outside"))
    assert "compiles=0 value=3" in go()
