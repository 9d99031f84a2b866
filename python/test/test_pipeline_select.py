"""Per-kernel pipelines: a plugin's named pipeline selected with
`with trident.pipeline(name):`, `trident.set_pipeline(name)` / `(None)` and
`@trident.jit(pipeline=name)`; kernels compiled under different pipelines
are cached apart; an unknown name lists the known ones. The test plugin
(test/plugins/edits) registers one named pipeline per kind of edit, each
adding a `test-mark` pass somewhere. Runs in a subprocess (plugins load
process-wide)."""
import os
import subprocess
import sys
import textwrap

BODY = textwrap.dedent('''
    import numpy as np
    import trident, trident.language as tl

    @trident.jit
    def k(x_ptr, BLOCK: tl.constexpr):
        offs = tl.arange(0, BLOCK)
        tl.store(x_ptr + offs, tl.load(x_ptr + offs) + 1)

    @trident.jit(pipeline="t-disable")
    def fixed(x_ptr, BLOCK: tl.constexpr):
        offs = tl.arange(0, BLOCK)
        tl.store(x_ptr + offs, tl.load(x_ptr + offs) * 2)

    def pipelines(fn):
        return sorted(kern.metadata["pipeline_name"]
                      for kern, _ in fn.cache.values())

    x = np.zeros(16, np.float32)
    print("names:", " ".join(trident.pipeline_names()[:3]))
    k[(1,)](x, BLOCK=16)
    with trident.pipeline("t-insert-after"):
        k[(1,)](x, BLOCK=16)
        with trident.pipeline("t-append"):
            k[(1,)](x, BLOCK=16)
        k[(1,)](x, BLOCK=16)
    k[(1,)](x, BLOCK=16)
    print("scopes:", pipelines(k), k._dispatcher.size())
    trident.set_pipeline("t-replace")
    k[(1,)](x, BLOCK=16)
    trident.set_pipeline(None)
    k[(1,)](x, BLOCK=16)
    print("global:", pipelines(k), k._dispatcher.size())
    with trident.pipeline("t-append"):
        fixed[(1,)](x, BLOCK=16)
    print("fixed:", pipelines(fixed))
    text = [kern.pipeline for kern, _ in k.cache.values()
            if kern.metadata["pipeline_name"] == "t-insert-after"][0]
    print("mark:", "test-mark" in text)
    print("x:", x[0])
    try:
        with trident.pipeline("no-such-pipeline"):
            pass
    except ValueError as e:
        print("error:", e)
''')


def test_pipeline_selection(tmp_path, plugin_dir):
    plugin = os.path.join(os.path.dirname(plugin_dir), "test", "plugins",
                          "libTestEditsPlugin.so")
    assert os.path.exists(plugin), plugin
    script = tmp_path / "case.py"
    script.write_text(BODY)
    env = dict(os.environ, TRIDENT_PLUGIN_PATHS=plugin, TRIDENT_TARGET="cpu",
               TRIDENT_CACHE_DIR=str(tmp_path / "cache"))
    r = subprocess.run([sys.executable, str(script)], capture_output=True,
                       text=True, env=env, timeout=300)
    assert r.returncode == 0, r.stderr
    out = dict(line.split(": ", 1) for line in r.stdout.splitlines())
    assert out["names"].startswith("default t-")
    assert out["scopes"] == "['default', 't-append', 't-insert-after'] 3"
    assert out["global"] == ("['default', 't-append', 't-insert-after', "
                             "'t-replace'] 4")
    assert out["fixed"] == "['t-disable']"
    assert out["mark"] == "True"
    assert out["x"] == "14.0"  # 7 launches of k (+1), then fixed (*2)
    assert "unknown pipeline 'no-such-pipeline'; the known pipelines are: " \
        "default, t-" in out["error"]
