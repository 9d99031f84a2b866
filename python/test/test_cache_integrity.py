"""The disk cache never hands a launch a kernel other than the one it asks
for, and an entry that is whole but cannot be loaded is replaced instead of
failing every later process.

Each case runs fresh processes on a cache directory of its own, on the CPU
target. Entries are edited the way a key collision or a damaged file would
leave them, then sealed again (the header's size and SHA-256 recomputed),
so that the checks under test, not the header check, are what catch them.
"""
import base64
import glob
import hashlib
import json
import os
import subprocess
import sys
import textwrap

import pytest

HEAD = textwrap.dedent('''
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
    warnings.simplefilter("always")
    caught = warnings.catch_warnings(record=True)
    seen = caught.__enter__()

    def report():
        print("compiles=%d" % len(compiles))
        for w in seen:
            print("warning:", w.message)
''')

# F and the argument's dtype and alignment come from the environment:
# each choice is another specialization, with a key of its own.
SCALE = HEAD + textwrap.dedent('''
    @trident.jit
    def scale(x_ptr, n, F: tl.constexpr, BLOCK: tl.constexpr):
        offs = tl.arange(0, BLOCK)
        m = offs < n
        tl.store(x_ptr + offs, tl.load(x_ptr + offs, m) * F, m)

    F = int(os.environ.get("CASE_F", "3"))
    dtype = np.dtype(os.environ.get("CASE_DTYPE", "float32"))
    # x starts on a 16-byte boundary (the pointer gets the divisibility
    # hint), or CASE_SKIP elements past one (it does not).
    skip = int(os.environ.get("CASE_SKIP", "0"))
    buf = np.ones(100 + 16, dtype)
    start = (-buf.ctypes.data % 16) // dtype.itemsize + skip
    x = buf[start:start + 100]
    scale[(1,)](x, 100, F=F, BLOCK=128)
    report()
    print("value=%s" % x[0])
    assert (x == F).all(), x[:8]
    assert (buf[:start] == 1).all() and (buf[start + 100:] == 1).all()
''')


def seal(path, edit):
    """Rewrites the cache entry at `path` with `edit(payload)` applied to
    its payload (a dict), with a header that matches the new payload."""
    header, payload = open(path, "rb").read().split(b"\n", 1)
    p = json.loads(payload)
    edit(p)
    data = json.dumps(p, sort_keys=True).encode()
    h = json.loads(header)
    h["size"] = len(data)
    h["sha256"] = hashlib.sha256(data).hexdigest()
    with open(path, "wb") as f:
        f.write(json.dumps(h).encode() + b"\n" + data)


def entries(cache):
    return sorted(glob.glob(os.path.join(str(cache), "*", "*.kernel")))


def payload_of(path):
    return json.loads(open(path, "rb").read().split(b"\n", 1)[1])


@pytest.fixture
def run(tmp_path):
    cache = tmp_path / "cache"

    def go(text=SCALE, **env):
        script = tmp_path / "case.py"
        script.write_text(text)
        e = dict(os.environ)
        e["TRIDENT_CACHE_DIR"] = str(cache)
        e["TRIDENT_TARGET"] = "cpu"
        for k in ("TRIDENT_PLUGIN_PATHS", "TRIDENT_ALWAYS_COMPILE"):
            e.pop(k, None)
        e.update({k: str(v) for k, v in env.items()})
        r = subprocess.run([sys.executable, str(script)], capture_output=True,
                           text=True, env=e, timeout=300)
        assert r.returncode == 0, "rc=%d\n%s\n%s" % (r.returncode, r.stdout,
                                                      r.stderr)
        return r.stdout
    go.cache = cache
    return go


def warnings_of(out):
    return [l for l in out.splitlines() if l.startswith("warning:")]


def the_new_entry(run, before, **env):
    """Runs with `env`, and returns the one entry that run added."""
    out = run(**env)
    assert "compiles=1" in out, out
    [path] = sorted(set(entries(run.cache)) - set(before))
    return path


# ---------------------------------------------------------------------------
# An entry built for other facts than the key asked for
# ---------------------------------------------------------------------------

@pytest.mark.parametrize("differ,env_a,env_b", [
    ("constexprs", {"CASE_F": 3}, {"CASE_F": 5}),
    ("signature", {"CASE_DTYPE": "float32"}, {"CASE_DTYPE": "float64"}),
    ("attrs", {"CASE_SKIP": 0}, {"CASE_SKIP": 1}),
])
def test_entry_of_another_specialization_is_not_used(run, differ, env_a,
                                                     env_b):
    a = the_new_entry(run, [], **env_a)
    b = the_new_entry(run, [a], **env_b)
    # A collision: B's path holds A's entry, intact (its header matches).
    with open(a, "rb") as src, open(b, "wb") as dst:
        dst.write(src.read())
    out = run(**env_b)  # the script checks the values it computes
    assert "compiles=1" in out, out
    [w] = warnings_of(out)
    assert b in w and differ in w and "removed and the kernel rebuilt" in w
    # Overwritten with B's own kernel, which the next process uses.
    assert payload_of(b)["key"] != payload_of(a)["key"]
    out = run(**env_b)
    assert "compiles=0" in out and not warnings_of(out), out


# The key's digest made constant: every specialization shares one path.
COLLIDE = HEAD + textwrap.dedent('''
    import trident.runtime.cache as cache_module
    cache_module.key_of = lambda facts: "0" * 64

    @trident.jit
    def scale(x_ptr, n, F: tl.constexpr, BLOCK: tl.constexpr):
        offs = tl.arange(0, BLOCK)
        m = offs < n
        tl.store(x_ptr + offs, tl.load(x_ptr + offs, m) * F, m)

    for f in [int(v) for v in os.environ["CASE_FS"].split(",")]:
        x = np.ones(100, np.float32)
        scale[(1,)](x, 100, F=f, BLOCK=128)
        assert (x == f).all(), (f, x[:8])
    report()
''')


def test_every_key_colliding(run):
    out = run(COLLIDE, CASE_FS="2,7")
    assert "compiles=2" in out, out
    [path] = entries(run.cache)
    assert os.path.basename(path) == "0" * 64 + ".kernel"
    [w] = warnings_of(out)
    assert path in w and "constexprs differ" in w, w
    # The entry holds the last kernel compiled (F=7): F=7 uses it, F=2 in a
    # new process finds it built for F=7 and compiles its own.
    out = run(COLLIDE, CASE_FS="7")
    assert "compiles=0" in out and not warnings_of(out), out
    out = run(COLLIDE, CASE_FS="2")
    assert "compiles=1" in out, out
    [w] = warnings_of(out)
    assert path in w and "constexprs differ" in w, w


def test_entry_without_recorded_facts_is_rebuilt(run):
    path = the_new_entry(run, [])
    seal(path, lambda p: p.pop("key"))
    out = run()
    assert "compiles=1" in out, out
    [w] = warnings_of(out)
    assert path in w and "does not record the facts" in w
    assert "compiles=0" in run()


def test_entry_built_on_another_cpu_is_rebuilt(run):
    # A cache shared by machines: an entry compiled for cpu:native on a
    # CPU with other features must not run here.
    path = the_new_entry(run, [])
    host = payload_of(path)["key"]["host"]
    assert host and host.get("flags"), host

    def other_cpu(p):
        p["key"]["host"]["flags"] += " some_future_extension"
    seal(path, other_cpu)
    out = run()
    assert "compiles=1" in out, out
    [w] = warnings_of(out)
    assert path in w and "host differ" in w


GLOBAL = HEAD + textwrap.dedent('''
    SCALE = tl.constexpr(int(os.environ["CASE_SCALE"]))
    KIND: tl.constexpr = os.environ.get("CASE_KIND", "mul")

    @trident.jit
    def apply(v):
        if KIND == "mul":
            return v * SCALE
        return v + SCALE

    @trident.jit
    def k(x_ptr, BLOCK: tl.constexpr):
        offs = tl.arange(0, BLOCK)
        tl.store(x_ptr + offs, apply(tl.load(x_ptr + offs)))

    x = np.ones(16, np.float32)
    k[(1,)](x, BLOCK=16)
    report()
    print("value=%g" % x[0])
''')


def test_key_follows_global_constexpr_values(run):
    # The kernel's source is the same; the globals it reads (here through
    # a function it calls) are not.
    assert "compiles=1" in run(GLOBAL, CASE_SCALE=3)
    out = run(GLOBAL, CASE_SCALE=5)
    assert "compiles=1" in out and "value=5" in out, out
    out = run(GLOBAL, CASE_SCALE=5, CASE_KIND="add")
    assert "compiles=1" in out and "value=6" in out, out
    out = run(GLOBAL, CASE_SCALE=3)
    assert "compiles=0" in out and "value=3" in out, out
    assert len(entries(run.cache)) == 3


# ---------------------------------------------------------------------------
# An entry that is whole but cannot be loaded
# ---------------------------------------------------------------------------

def _truncate_object(p):
    obj = base64.b64decode(p["asm"]["obj"]["b64"])
    p["asm"]["obj"]["b64"] = base64.b64encode(obj[:len(obj) // 2]).decode()


def _garble_object(p):
    obj = base64.b64decode(p["asm"]["obj"]["b64"])
    p["asm"]["obj"]["b64"] = base64.b64encode(b"\0" * len(obj)).decode()


def _drop_entry_symbol(p):
    # Valid JSON, but the loader finds no entry point to run.
    p["artifact"]["metadata"].pop("entry")


def _metadata_not_an_object(p):
    p["artifact"]["metadata"] = "not an object"


@pytest.mark.parametrize("damage,reason", [
    (_truncate_object, "the object file is truncated or corrupt"),
    (_garble_object, "the object file (%d bytes) is not an ELF file"),
    (_drop_entry_symbol, "its kernel cannot be loaded"),
    (_metadata_not_an_object, "it cannot be decoded"),
])
def test_unloadable_entry_is_removed_and_rebuilt(run, damage, reason):
    path = the_new_entry(run, [])
    good = payload_of(path)
    seal(path, damage)
    assert payload_of(path) != good
    out = run()
    assert "compiles=1" in out and "value=3" in out, out
    [w] = warnings_of(out)
    if "%d" in reason:
        reason %= len(base64.b64decode(good["asm"]["obj"]["b64"]))
    assert path in w and reason in w and "removed and the kernel rebuilt" \
        in w, w
    # Rebuilt in place: whole again, and used by the next process.
    rebuilt = payload_of(path)
    assert rebuilt["asm"]["obj"] == good["asm"]["obj"]
    assert rebuilt["artifact"]["metadata"] == good["artifact"]["metadata"]
    out = run()
    assert "compiles=0" in out and "value=3" in out and \
        not warnings_of(out), out


def test_elf_check():
    from trident.runtime.cache import check_elf
    with pytest.raises(ValueError, match="the cubin is text"):
        check_elf("//\n.version 8.0", "the cubin")
    with pytest.raises(ValueError, match=r"\(3 bytes\) is not an ELF"):
        check_elf(b"abc", "x")
    # A section that runs past the end of the file.
    elf = bytearray(64 + 64 * 2)
    elf[:6] = b"\x7fELF\x02\x01"
    elf[40:48] = (64).to_bytes(8, "little")              # e_shoff
    elf[58:60] = (64).to_bytes(2, "little")              # e_shentsize
    elf[60:62] = (2).to_bytes(2, "little")               # e_shnum
    sh = 64 + 64
    elf[sh + 4:sh + 8] = (1).to_bytes(4, "little")       # SHT_PROGBITS
    elf[sh + 24:sh + 32] = (100).to_bytes(8, "little")   # sh_offset
    elf[sh + 32:sh + 40] = (200).to_bytes(8, "little")   # sh_size
    with pytest.raises(ValueError, match="section 1 .* ends past its 192"):
        check_elf(bytes(elf), "x")
    elf[sh + 4:sh + 8] = (8).to_bytes(4, "little")       # SHT_NOBITS
    check_elf(bytes(elf), "x")
    with pytest.raises(ValueError, match="section header table"):
        check_elf(bytes(elf[:150]), "x")


CUBIN = HEAD + textwrap.dedent('''
    @trident.jit
    def scale(x_ptr, n, F: tl.constexpr, BLOCK: tl.constexpr):
        offs = tl.arange(0, BLOCK)
        m = offs < n
        tl.store(x_ptr + offs, tl.load(x_ptr + offs, m) * F, m)

    # Compiled (or read back) without a launch: no GPU needed.
    k = scale.warmup(np.ones(128, np.float32), 100, F=3, BLOCK=128,
                     grid=(1,))
    assert k.asm["cubin"][:4] == b"\\x7fELF"
    report()
''')


def test_truncated_cubin_is_removed_and_rebuilt(run):
    from conftest import ptxas_available
    assert ptxas_available(), "ptxas (CUDA 13) is needed to build cubins"
    target = {"TRIDENT_TARGET": "cuda:90a"}
    assert "compiles=1" in run(CUBIN, **target)
    [path] = entries(run.cache)
    good = payload_of(path)["asm"]["cubin"]

    def truncate(p):
        cubin = base64.b64decode(p["asm"]["cubin"]["b64"])
        p["asm"]["cubin"]["b64"] = base64.b64encode(
            cubin[:len(cubin) // 2]).decode()
    seal(path, truncate)
    out = run(CUBIN, **target)
    assert "compiles=1" in out, out
    [w] = warnings_of(out)
    assert path in w and "the cubin is truncated or corrupt" in w, w
    assert payload_of(path)["asm"]["cubin"] == good
    assert "compiles=0" in run(CUBIN, **target)


TUNE = HEAD + textwrap.dedent('''
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
    n = int(os.environ["CASE_N"])
    x = np.zeros(n, np.float32)
    inc[lambda m: (trident.cdiv(n, m["BLOCK"]),)](x, n)
    report()
    print("benched=%d" % len(benched))
''')


def test_autotune_choice_for_another_key_is_not_used(run):
    choices = lambda: sorted(glob.glob(str(run.cache / "autotune" / "*")))
    assert "benched=3" in run(TUNE, CASE_N=1000)
    [a] = choices()
    assert "benched=3" in run(TUNE, CASE_N=2000)
    [b] = [p for p in choices() if p != a]
    assert json.load(open(b))["key"] != json.load(open(a))["key"]
    assert "benched=0" in run(TUNE, CASE_N=2000)
    # A collision: n=2000's file holds n=1000's choice.
    with open(a, "rb") as src, open(b, "wb") as dst:
        dst.write(src.read())
    out = run(TUNE, CASE_N=2000)
    assert "benched=3" in out, out
    [w] = warnings_of(out)
    assert b in w and "timed again" in w, w
    assert "benched=0" in run(TUNE, CASE_N=2000)
    # A file cut short is reported the same way.
    with open(b, "r+b") as f:
        f.truncate(10)
    out = run(TUNE, CASE_N=2000)
    assert "benched=3" in out and "unreadable" in warnings_of(out)[0], out
