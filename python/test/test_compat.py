"""trident.compat: `import triton` gives Trident's modules (the same
objects), names Trident does not have are errors naming them, a real
Triton imported first makes install() refuse, and the three documented
ways in (install(), TRIDENT_AS_TRITON=1, python -m trident.compat) work in
fresh processes."""
import os
import subprocess
import sys
import textwrap
import types

import numpy as np
import pytest

import trident
import trident.compat
import trident.language as tl

PYTHON_DIR = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def _triton_modules():
    return {n: m for n, m in sys.modules.items()
            if n == "triton" or n.startswith("triton.")}


@pytest.fixture
def triton():
    """`import triton` under trident.compat, in this process; a real
    Triton that another test imported is set aside meanwhile."""
    saved = _triton_modules()
    for name in saved:
        del sys.modules[name]
    try:
        yield trident.compat.install()
    finally:
        trident.compat.uninstall()
        sys.modules.update(saved)


def test_triton_modules_are_tridents(triton):
    import triton.language
    import triton.language.extra.libdevice
    import triton.runtime
    import triton.testing
    import triton.tools.tensor_descriptor
    import triton.backends.compiler
    from triton.language.extra.cuda import libdevice
    from triton.language.math import rsqrt
    assert triton.__version__ == "3.6.0" == trident.compat.TRITON_VERSION
    assert triton.language is trident.language is tl
    assert triton.runtime is trident.runtime
    assert triton.testing is trident.testing
    assert triton.jit is trident.jit and triton.autotune is trident.autotune
    assert triton.heuristics is trident.heuristics
    assert triton.Config is trident.Config
    assert triton.cdiv(7, 2) == 4 and triton.next_power_of_2(33) == 64
    assert triton.runtime.JITFunction is trident.JITFunction
    assert triton.runtime.Autotuner.__module__ == "trident.runtime.autotuner"
    assert triton.runtime.Heuristics.__module__ == "trident.runtime.autotuner"
    assert triton.language.extra.libdevice is libdevice
    assert libdevice.rsqrt is tl.extra.cuda.libdevice.rsqrt
    assert rsqrt is tl.math.rsqrt
    assert (triton.tools.tensor_descriptor.TensorDescriptor is
            __import__("trident.tools.tensor_descriptor",
                       fromlist=["x"]).TensorDescriptor)
    active = triton.runtime.driver.active
    assert active is trident.runtime.driver.active
    target = active.get_current_target()
    assert isinstance(target, triton.backends.compiler.GPUTarget)
    # Trident's modules keep their own identity (spec) under the alias.
    assert triton.language.__spec__.name == "trident.language"
    assert issubclass(triton.CompilationError, triton.TritonError)
    assert issubclass(triton.OutOfResources, triton.TritonError)


def test_missing_names_are_errors_naming_them(triton):
    with pytest.raises(AttributeError, match=r"triton\.knobs: Trident does "
                       r"not provide"):
        triton.knobs
    assert not hasattr(triton.language, "no_such_op")
    assert getattr(triton.runtime, "no_such_thing", None) is None
    with pytest.raises(AttributeError, match=r"triton\.language\.no_such_op"):
        triton.language.no_such_op
    with pytest.raises(ImportError, match=r"triton\.testing\.perf_report: "
                       r"Trident does not provide") as e:
        from triton.testing import perf_report  # noqa: F401
    assert not isinstance(e.value, AttributeError)
    # From a package (a submodule is looked for first), then a name.
    with pytest.raises(ImportError, match=r"triton\.language\.no_such_op: "
                       r"Trident does not provide"):
        from triton.language import no_such_op  # noqa: F401
    with pytest.raises(ImportError, match=r"triton\.FutureKernel"):
        from triton import FutureKernel  # noqa: F401
    with pytest.raises(ModuleNotFoundError, match=r"triton\.runtime\.cache: "
                       r"Trident does not provide"):
        import triton.runtime.cache  # noqa: F401
    with pytest.raises(ModuleNotFoundError, match=r"triton\._C"):
        import triton._C  # noqa: F401
    # Trident-only modules are not triton ones.
    with pytest.raises(ModuleNotFoundError, match=r"triton\.knobs"):
        import triton.knobs  # noqa: F401


def test_triton_error_catches_compilation_errors(triton, tmp_path):
    module = _kernel_module(tmp_path, """
        import triton
        import triton.language as tl

        @triton.jit
        def bad(x):
            tl.store(x, tl.no_such_op(1))
        """)
    with pytest.raises(triton.TritonError, match="no_such_op"):
        module.bad[(1,)](np.zeros(1, np.float32))


def _kernel_module(tmp_path, source, name=None):
    import importlib.util
    name = name or "triton_user_%d" % len(os.listdir(tmp_path))
    path = tmp_path / (name + ".py")
    path.write_text(textwrap.dedent(source))
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


KERNELS = """
    import triton
    import triton.language as tl
    from triton.language.extra import libdevice

    @triton.autotune(configs=[triton.Config({"BLOCK": 32}),
                              triton.Config({"BLOCK": 64})], key=["n"])
    @triton.heuristics({"EVEN": lambda args: args["n"] % args["BLOCK"] == 0})
    @triton.jit
    def scaled_rsqrt(x, y, n, BLOCK: tl.constexpr, EVEN: tl.constexpr):
        offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
        if EVEN:
            v = tl.load(x + offs)
        else:
            v = tl.load(x + offs, offs < n, other=1.0)
        tl.store(y + offs, libdevice.rsqrt(v) * 2, offs < n)

    def run(x, y):
        n = x.size
        scaled_rsqrt[lambda meta: (triton.cdiv(n, meta["BLOCK"]),)](x, y, n)
"""


def test_kernel_library_written_for_triton_runs(triton, tmp_path, rng):
    module = _kernel_module(tmp_path, KERNELS)
    assert isinstance(module.scaled_rsqrt, triton.runtime.Autotuner)
    for n in (100, 128):
        x = rng.random(n).astype(np.float32) + 0.5
        y = np.zeros_like(x)
        module.run(x, y)
        np.testing.assert_allclose(y, 2 / np.sqrt(x), rtol=1e-6)


def test_refuses_when_a_real_triton_is_imported():
    saved = _triton_modules()
    try:
        for name in saved:
            del sys.modules[name]
        real = types.ModuleType("triton")
        real.__file__ = "/site-packages/triton/__init__.py"
        sys.modules["triton"] = real
        with pytest.raises(ImportError, match=r"sys.modules\['triton'\] from "
                           r"/site-packages/triton/__init__.py"):
            trident.compat.install()
        assert not trident.compat.installed()
    finally:
        sys.modules.pop("triton", None)
        sys.modules.update(saved)


def test_uninstall_restores(triton):
    import triton.language  # noqa: F401
    assert "__getattr__" in vars(tl)
    trident.compat.uninstall()
    assert not trident.compat.installed()
    assert "triton" not in sys.modules and "triton.language" not in \
        sys.modules
    assert "__getattr__" not in vars(tl)
    # trident.runtime's own lazy names are back to its own __getattr__.
    assert trident.runtime.Autotuner is trident.runtime.autotuner.Autotuner
    with pytest.raises(AttributeError, match="trident.runtime"):
        trident.runtime.no_such_thing


def _run(args, env=None, cwd=None):
    full_env = dict(os.environ)
    full_env["PYTHONPATH"] = PYTHON_DIR + os.pathsep + full_env.get(
        "PYTHONPATH", "")
    full_env["TRIDENT_TARGET"] = "cpu"
    full_env.update(env or {})
    return subprocess.run([sys.executable] + args, env=full_env, cwd=cwd,
                          capture_output=True, text=True, timeout=300)


CHECK = ("import sys, trident; assert triton.language is trident.language; "
         "assert triton.__version__ == '3.6.0'; "
         "assert sys.modules['triton'] is triton; print('ok')")


def test_env_variable_at_import_trident():
    r = _run(["-c", "import trident; import triton; " + CHECK],
             env={"TRIDENT_AS_TRITON": "1"})
    assert r.returncode == 0 and r.stdout.strip() == "ok", r.stderr
    r = _run(["-c", "import trident.compat; "
              "print(trident.compat.installed())"],
             env={"TRIDENT_AS_TRITON": "0"})
    assert r.returncode == 0 and r.stdout.strip() == "False", r.stderr


def test_install_in_a_fresh_process():
    r = _run(["-c", "import trident.compat; trident.compat.install(); "
              "import triton; " + CHECK])
    assert r.returncode == 0 and r.stdout.strip() == "ok", r.stderr


def test_runner_for_an_unmodified_program(tmp_path):
    program = tmp_path / "prog.py"
    program.write_text(textwrap.dedent(KERNELS) + textwrap.dedent("""
        import sys
        import numpy as np
        import helper_next_to_it
        x = np.full(70, 4.0, np.float32)
        y = np.zeros_like(x)
        run(x, y)
        assert (y == 1.0).all(), y
        print("argv", sys.argv[1:], helper_next_to_it.VALUE,
              __name__, "trident" in sys.modules)
        """))
    (tmp_path / "helper_next_to_it.py").write_text("VALUE = 7\n")
    r = _run(["-m", "trident.compat", str(program), "a", "--b"])
    assert r.returncode == 0, r.stderr
    assert r.stdout.strip() == "argv ['a', '--b'] 7 __main__ True"
    # As `python -m module`.
    r = _run(["-m", "trident.compat", "-m", "prog", "c"], cwd=str(tmp_path),
             env={"PYTHONPATH": PYTHON_DIR + os.pathsep + str(tmp_path)})
    assert r.returncode == 0, r.stderr
    assert r.stdout.strip() == "argv ['c'] 7 __main__ True"


def test_runner_usage_errors(tmp_path):
    r = _run(["-m", "trident.compat"])
    assert r.returncode == 2 and "usage: python -m trident.compat" in \
        r.stderr
    r = _run(["-m", "trident.compat", "--frobnicate"])
    assert r.returncode == 2 and "unknown option '--frobnicate'" in r.stderr
    r = _run(["-m", "trident.compat", str(tmp_path / "missing.py")])
    assert r.returncode == 2 and "missing.py: no such file" in r.stderr


def test_env_variable_refuses_after_a_real_triton(tmp_path):
    # A `triton` package found on the path and imported before trident.
    (tmp_path / "triton").mkdir()
    (tmp_path / "triton" / "__init__.py").write_text("__version__ = 'x'\n")
    r = _run(["-c", "import triton; import trident"],
             env={"TRIDENT_AS_TRITON": "1",
                  "PYTHONPATH": str(tmp_path) + os.pathsep + PYTHON_DIR})
    assert r.returncode == 1
    assert "a Triton that is not Trident is imported already " \
        "(sys.modules['triton'] from %s" % (tmp_path / "triton") in r.stderr
    # Installed first, the alias wins over that package.
    r = _run(["-c", "import trident.compat; trident.compat.install(); "
              "import triton; print(triton.__version__)"],
             env={"PYTHONPATH": str(tmp_path) + os.pathsep + PYTHON_DIR})
    assert r.returncode == 0 and r.stdout.strip() == "3.6.0", r.stderr
