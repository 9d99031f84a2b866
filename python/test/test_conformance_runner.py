"""The conformance runner (test/conformance/run.py) on a small folder of
Triton-style tests written here (CI cannot fetch Triton's): its import
rewriting, its triton._internal_testing, the counts, the not-applicable
rule, the wording-only class, the grouping of failures, --sample, and the
per-test timeout."""
import json
import os
import subprocess
import sys
import textwrap

import pytest

pytest.importorskip("torch")

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
RUNNER = os.path.join(ROOT, "test", "conformance", "run.py")

FAKE_CORE = '''
import numpy as np
import pytest
import torch
import triton
import triton.language as tl
from triton._internal_testing import (numpy_random, to_triton, to_numpy,
                                      int_dtypes, is_cuda, is_hip)
from triton.runtime.not_a_module import Thing
from triton.compiler.errors import NoSuchError

MISSING_DTYPE = tl.float8e4b99  # a name trident.language lacks


@triton.jit
def add_one(X, Y, N: tl.constexpr):
    offs = tl.arange(0, N)
    tl.store(Y + offs, tl.load(X + offs) + 1)


@pytest.mark.parametrize("dtype", ["int32", "float32"])
def test_add(dtype, device):
    x = numpy_random(64, dtype)
    x_tri = to_triton(x, device=device)
    y_tri = to_triton(np.zeros_like(x), device=device)
    add_one[(1,)](x_tri, y_tri, N=64)
    np.testing.assert_array_equal(to_numpy(y_tri), x + 1)


@pytest.mark.parametrize("n", [1, 2, 3])
def test_wrong(n, device):
    x = numpy_random(64, "int32")
    x_tri = to_triton(x, device=device)
    y_tri = to_triton(np.zeros_like(x), device=device)
    add_one[(1,)](x_tri, y_tri, N=64)
    np.testing.assert_array_equal(to_numpy(y_tri), x + 2)


def test_missing(device):
    Thing()


@pytest.mark.parametrize("dtype", [tl.float32, tl.float8e4b99])
def test_param(dtype, device):
    assert dtype.primitive_bitwidth == 32


def test_missing_error(device):
    try:
        raise ValueError("a value error")
    except NoSuchError:
        pass


@triton.jit
def bad_arange():
    tl.arange(0, 3)


def test_wording_match(device):
    with pytest.raises(triton.CompilationError, match="Triton says it this way"):
        bad_arange[(1,)]()


def test_wording_after(device):
    with pytest.raises(triton.CompilationError) as e:
        bad_arange[(1,)]()
    assert "Triton says it this way" in str(e.value.__cause__)


def test_refused_right(device):
    with pytest.raises(triton.CompilationError):
        bad_arange[(1,)]()


def test_hip_only(device):
    if not is_hip():
        pytest.skip("only on HIP")


def test_reads_ttgir(device):
    h = add_one.warmup(torch.zeros(4), torch.zeros(4), N=4, grid=(1,))
    assert "ttg.convert_layout" in h.asm["ttgir"]
'''

FAKE_HANG = '''
import time
import triton


def test_hangs(device):
    time.sleep(60)


def test_after_hang(device):
    assert triton.cdiv(7, 2) == 4
'''


@pytest.fixture(scope="module")
def fixture_dir(tmp_path_factory):
    d = tmp_path_factory.mktemp("triton-tests")
    (d / "test_fake_core.py").write_text(FAKE_CORE)
    (d / "test_fake_hang.py").write_text(FAKE_HANG)
    (d / "helper_not_a_test.py").write_text("import triton\nX = 1\n")
    (d / "test_fake_broken.py").write_text(
        "import triton\nN = 1 // 0\n\n\ndef test_never(device):\n    pass\n")
    return d


def run(fixture_dir, tmp_path, *args):
    out = tmp_path / "summary.json"
    env = dict(os.environ)
    r = subprocess.run([sys.executable, RUNNER, "--tests", str(fixture_dir),
                        "--json", str(out), *args],
                       capture_output=True, text=True, env=env, timeout=600)
    assert r.returncode == 0, r.stdout + r.stderr
    return r.stdout, json.loads(out.read_text())


def test_counts_and_causes(fixture_dir, tmp_path):
    text, s = run(fixture_dir, tmp_path, "test_fake_core.py", "-j", "2")
    c = s["counts"]
    assert c == {"passed": 4, "failed": 6, "wording": 2, "skipped": 1,
                 "not_applicable": 1}, text
    assert "passed 4, failed 6, wording only 2, skipped 1, not applicable 1" in text
    causes = {k: len(v) for k, v in s["causes"].items()}
    # The three wrong results of one test function are one group.
    assert causes["AssertionError (a check failed) in "
                  "test_fake_core.py::test_wrong"] == 3, causes
    missing = [k for k in causes if "triton.runtime.not_a_module.Thing is missing" in k]
    assert missing and missing[0].startswith("MissingFeature"), causes
    # A placeholder error class: the ValueError goes through the except.
    assert causes.get("ValueError: a value error") == 1, causes
    # A name the module lacks, used at collection: only its test fails.
    assert causes["MissingFeature: triton.language.float8e4b99 is missing "
                  "(a parameter of the test)"] == 1, causes
    assert sum(causes.values()) == 6
    # Both wording-only tests name the refusal Trident made.
    (key, ids), = s["wording"].items()
    assert key.startswith("trident.CompilationError") and len(ids) == 2, s["wording"]
    (reason, na_ids), = s["not_applicable"].items()
    assert "TTIR/TTGIR" in reason and na_ids[0].endswith("test_reads_ttgir")
    assert "failures by cause" in text and "wording only:" in text


def test_sample(fixture_dir, tmp_path):
    _, s = run(fixture_dir, tmp_path, "test_fake_core.py", "--sample", "1",
               "-j", "0")
    c = s["counts"]
    # One of test_add's two, of test_param's two (float32) and one of
    # test_wrong's three.
    assert c["passed"] == 3 and c["failed"] == 3 and c["wording"] == 2, c
    assert sum(len(v) for v in s["causes"].values()) == 3


def test_timeout_is_a_failure_row(fixture_dir, tmp_path):
    text, s = run(fixture_dir, tmp_path, "test_fake_hang.py", "--timeout",
                  "3", "-j", "1")
    assert s["counts"]["passed"] == 1 and s["counts"]["failed"] == 1, text
    (key, ids), = s["causes"].items()
    assert key.startswith("WorkerDied") and ids[0].endswith("test_hangs")


def test_rewrite_keeps_lines():
    sys.path.insert(0, os.path.dirname(RUNNER))
    try:
        import run as runner
    finally:
        sys.path.pop(0)
    src = textwrap.dedent('''\
        import triton
        import triton.language as tl
        from triton._internal_testing import (
            is_cuda,
            to_numpy)
        from triton.language.extra import libdevice as ld
        import os, triton.language
        def f():
            from triton.compiler.errors import CompilationError
            return CompilationError
        x = 1
        ''')
    out = runner.rewrite_source(src)
    assert len(out.splitlines()) == len(src.splitlines())
    assert out.splitlines()[-1] == "x = 1"
    assert "triton = _cmodule('trident', 'triton')" in out.splitlines()[0]
    assert "tl = _cmodule('trident.language', 'triton.language')" in out
    assert "from _trident_internal_testing import is_cuda, to_numpy" in out
    assert "ld, = _cimport('trident.language.extra', ('libdevice',)" in out
    assert "import os; triton = _cmodule('trident', 'triton')" in out
    compile(out, "x.py", "exec")


def test_a_file_that_does_not_collect_is_reported(fixture_dir, tmp_path):
    text, s = run(fixture_dir, tmp_path, "test_fake_broken.py",
                  "test_fake_hang.py", "-k", "after", "-j", "2")
    assert s["collect_errors"] == {
        "test_fake_broken.py": "ZeroDivisionError: integer division or modulo by zero"}, s
    assert "COLLECTION ERROR (none of its tests ran): test_fake_broken.py" in text
    assert s["counts"] == {"passed": 1}
