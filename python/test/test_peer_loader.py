"""The peer benchmark's loader (bench/peer/loader.py): which statements of a
tutorial it keeps, and its import rewriting; on a made-up tutorial (the
real ones are not in the repository)."""
import ast
import importlib.util
import os
import textwrap

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(
    os.path.abspath(__file__))))
_spec = importlib.util.spec_from_file_location(
    "peer_loader", os.path.join(ROOT, "bench", "peer", "loader.py"))
loader = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(loader)

TUTORIAL = textwrap.dedent('''
    """A tutorial."""
    import os
    import numpy as np
    import triton
    import triton.language as tl
    from triton.testing import do_bench

    BLOCK = 64
    if "FAST" in os.environ:
        BLOCK = 128

    @triton.jit
    def add_kernel(x, y, out, n, BLOCK: tl.constexpr):
        offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
        tl.store(out + offs, tl.load(x + offs, offs < n) +
                 tl.load(y + offs, offs < n), offs < n)

    def add(x, y):
        out = np.empty_like(x)
        n = x.size
        add_kernel[(triton.cdiv(n, BLOCK),)](x, y, out, n, BLOCK=BLOCK)
        return out

    x = np.ones(10, np.float32)
    print(add(x, x))
    BLOCK = 32  # after add was defined; its body reads the final BLOCK

    @triton.testing.perf_report(None)
    def bench(size):
        return do_bench(lambda: add(x, x))

    bench.run(print_data=True)

    if __name__ == "__main__":
        raise SystemExit("demo")
''')


def kept(roots, drop=()):
    tree = ast.parse(TUTORIAL)
    return [sorted(loader.binds(s)) or type(s).__name__
            for s in loader.keep_statements(tree, roots, drop)]


def test_keeps_what_the_roots_need():
    # add's body reads BLOCK when called: the last binding of it is kept,
    # the earlier ones and the demo code are not.
    assert kept(["add"]) == [["np"], ["triton"], ["tl"], ["add_kernel"],
                             ["add"], ["BLOCK"]]
    assert kept(["add_kernel"]) == [["triton"], ["tl"], ["add_kernel"]]


def test_conditional_bindings_are_kept_with_the_one_before():
    # B = A runs after a conditional A = 2: both bindings of A may hold.
    tree = ast.parse("import os\nA = 1\nif os.environ:\n    A = 2\n"
                     "B = A\n")
    assert [sorted(loader.binds(s)) for s in
            loader.keep_statements(tree, ["B"])] == [["os"], ["A"], ["A"],
                                                     ["B"]]


def test_drop_and_unknown_roots():
    assert ["bench"] not in kept(["add"], drop=["bench"])
    with pytest.raises(KeyError, match="nope"):
        kept(["nope"])


def test_locals_do_not_pull_in_globals():
    tree = ast.parse("x = make()\ndef f(x):\n    y = [x for x in x]\n"
                     "    return x + y\n")
    assert [sorted(loader.binds(s)) for s in
            loader.keep_statements(tree, ["f"])] == [["f"]]


def test_rewrite_imports():
    tree = ast.parse("import triton\nimport triton.language as tl\n"
                     "import triton.tools.tensor_descriptor\n"
                     "from triton.runtime import driver\n"
                     "from triton import cdiv\nimport tritonx, os\n"
                     "def f():\n    import triton.testing as t\n")
    assert ast.unparse(loader.rewrite_imports(tree)).splitlines() == [
        "import trident as triton",
        "import trident.language as tl",
        "import trident.tools.tensor_descriptor",
        "import trident as triton",
        "from trident.runtime import driver",
        "from trident import cdiv",
        "import tritonx",
        "import os",
        "",
        "def f():",
        "    import trident.testing as t"]


def test_both_sides_run_the_same_kernel_source(tmp_path, rng):
    path = tmp_path / "tut.py"
    path.write_text(TUTORIAL)
    np = pytest.importorskip("numpy")
    mod = loader.load(str(path), ["add"], "trident")
    import trident
    assert isinstance(mod.add_kernel, trident.JITFunction)
    assert mod.add_kernel.src.startswith("@triton.jit\ndef add_kernel")
    assert mod.BLOCK == 32 and not hasattr(mod, "x")
    x = rng.random(100).astype(np.float32)
    np.testing.assert_array_equal(mod.add(x, x), x + x)
