#!/usr/bin/env python3
"""Runs Triton's language tests against Trident and reports how many pass.

    build/venv/bin/python test/conformance/run.py [FILE ...] [options]

FILEs are test files of the tests folder (default: every test_*.py there;
the folder is .peer/triton-language-tests, made by get_tests.sh). The
runner copies the folder to a temporary one, points the imports at
Trident (`import triton` -> `import trident as triton`, `from triton.X
import a` -> trident.X's a, or a placeholder that fails the tests using
it, naming it), puts its own `triton._internal_testing` there
(_trident_internal_testing.py) and a conftest.py (_conformance_plugin.py),
and runs pytest on the CPU target (TRIDENT_TARGET=cpu) or, with --device
cuda, on the GPU. Each test gets --timeout seconds (pytest-timeout; with
pytest-xdist a hang or a crash ends one worker and is a failure row).

It prints the counts (passed, failed, wording-only, skipped, not
applicable), the not-applicable reasons, and the failures grouped by cause
(exception type and message with numbers, dtypes and names of parameters
made uniform), largest first. 'wording only' are the tests whose program
Trident refused as the test expected (a pytest.raises block caught the
expected error type) and whose only failure is the text of that error.
"""
import argparse
import ast
import collections
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
DEFAULT_TESTS = os.path.join(ROOT, ".peer", "triton-language-tests")
HELPERS = "_trident_internal_testing"

# --- rewriting imports ------------------------------------------------------


def _triton_module(name):
    return name == "triton" or name.startswith("triton.")


def _trident(name):
    return "trident" + name[len("triton"):]


def _rewrite_import(node):
    """The one-line replacement of an import statement that names triton,
    or None to keep it."""
    if isinstance(node, ast.Import):
        parts = []
        for alias in node.names:
            if not _triton_module(alias.name):
                parts.append("import " + alias.name +
                             (" as " + alias.asname if alias.asname else ""))
            elif alias.asname:
                parts.append("%s = _cmodule(%r, %r)" % (
                    alias.asname, _trident(alias.name), alias.name))
            else:
                # `import triton.language` binds `triton`.
                parts.append("triton = _cmodule('trident', 'triton')")
        if not any(_triton_module(a.name) for a in node.names):
            return None
        return "from %s import _cmodule; " % HELPERS + "; ".join(parts)
    if isinstance(node, ast.ImportFrom) and node.level == 0 and \
            node.module and _triton_module(node.module):
        if node.module in ("triton._internal_testing", "triton._filecheck"):
            names = ", ".join(a.name + (" as " + a.asname if a.asname else "")
                              for a in node.names)
            return "from %s import %s" % (HELPERS, names)
        if any(a.name == "*" for a in node.names):
            return "from %s import *" % _trident(node.module)
        targets = "".join((a.asname or a.name) + ", " for a in node.names)
        return "from %s import _cimport; %s= _cimport(%r, %r, %r)" % (
            HELPERS, targets, _trident(node.module),
            tuple(a.name for a in node.names), node.module)
    return None


def rewrite_source(src):
    """`src` with each import of triton replaced on its own lines (the
    line count stays, so tracebacks point at Triton's line numbers)."""
    tree = ast.parse(src)
    lines = src.splitlines(keepends=True)
    edits = []
    for node in ast.walk(tree):
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            new = _rewrite_import(node)
            if new is not None:
                edits.append((node.lineno, node.col_offset, node.end_lineno,
                              node.end_col_offset, new))
    for l0, c0, l1, c1, new in sorted(edits, reverse=True):
        first, last = lines[l0 - 1], lines[l1 - 1]
        head, tail = first[:c0], last[c1:]
        lines[l0 - 1:l1] = [head + new + tail] + ["\n"] * (l1 - l0)
    return "".join(lines)


PLUGIN_FILES = ("_conformance_plugin.py", "_conformance_rules.py",
                HELPERS + ".py")


def prepare(tests_dir, work):
    """Copies the tests' .py files to `work`, rewritten, with the helpers
    and a conftest.py; returns the names of the files it could not parse."""
    bad = []
    for name in sorted(os.listdir(tests_dir)):
        path = os.path.join(tests_dir, name)
        if not name.endswith(".py") or not os.path.isfile(path):
            continue
        with open(path) as f:
            src = f.read()
        try:
            src = rewrite_source(src)
        except SyntaxError:
            bad.append(name)
        with open(os.path.join(work, name), "w") as f:
            f.write(src)
    for name in PLUGIN_FILES:
        shutil.copy(os.path.join(HERE, name), os.path.join(work, name))
    with open(os.path.join(work, "conftest.py"), "w") as f:
        f.write("from _conformance_plugin import *  # noqa: F401,F403\n")
    return bad


# --- running ----------------------------------------------------------------


def _have(module, python):
    r = subprocess.run([python, "-c", "import " + module],
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return r.returncode == 0


def run_pytest(work, files, args, results):
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(
        [work, args.trident_python] +
        ([env["PYTHONPATH"]] if env.get("PYTHONPATH") else []))
    env.setdefault("TRIDENT_LIBRARY",
                   os.path.join(ROOT, "build", "lib", "libTridentCore.so"))
    if args.device == "cpu":
        env["TRIDENT_TARGET"] = "cpu"
    else:
        env.pop("TRIDENT_TARGET", None)
    env["CONFORMANCE_DEVICE"] = args.device
    env["CONFORMANCE_SAMPLE"] = str(args.sample)
    env["CONFORMANCE_RESULTS"] = results
    env.pop("TRITON_INTERPRET", None)
    cmd = [args.python, "-m", "pytest", "-q", "-p", "no:cacheprovider",
           "-rN", "--tb=no", "--rootdir", work, "-o", "console_output_style=classic",
           "--continue-on-collection-errors"]
    if _have("pytest_timeout", args.python):
        cmd += ["--timeout", str(args.timeout)]
        xdist = args.jobs > 0 and _have("xdist", args.python)
        # The thread method ends the process: under xdist one worker, which
        # is replaced, and the test is a failure row.
        cmd += ["--timeout-method", "thread" if xdist else "signal"]
    else:
        xdist = args.jobs > 0 and _have("xdist", args.python)
        print("run: pytest-timeout is not installed: a hang stops the run "
              "(scripts/python-env.sh installs it)", file=sys.stderr)
    if xdist:
        cmd += ["-n", str(args.jobs)]
    if args.k:
        cmd += ["-k", args.k]
    cmd += [os.path.join(work, f) for f in files]
    cmd += args.pytest_args
    log = open(os.path.join(work, "pytest.log"), "w")
    proc = subprocess.run(cmd, cwd=work, env=env, stdout=log,
                          stderr=subprocess.STDOUT)
    log.close()
    return proc.returncode


# --- reporting --------------------------------------------------------------

_DTYPES = (r"u?int(1|8|16|32|64)|float(16|32|64)|bfloat16|bf16|fp(8|16|32|64)"
           r"|float8\w*|fp8\w*|i(1|8|16|32|64)|u(8|16|32|64)|f(16|32|64)")


def normalize(message, names=False):
    """A message with what varies between a test function's parameters made
    uniform: temporary paths, numbers, dtype names (not with `names`: a
    message naming what is missing keeps the name)."""
    m = message.strip().splitlines()[0] if message.strip() else ""
    m = re.sub(r"(/[\w.\-]+)+/(test_\w+\.py)", r"\2", m)
    if not names:
        m = re.sub(r"\b(%s)\b" % _DTYPES, "<dtype>", m)
    m = re.sub(r"\b0x[0-9a-fA-F]+\b", "<N>", m)
    m = re.sub(r"(?<![\w.])-?\d+(\.\d+)?(e-?\d+)?\b", "<N>", m)
    m = re.sub(r"\s+", " ", m)
    return m[:200]


def _function(nodeid):
    path, _, rest = nodeid.partition("::")
    return os.path.basename(path) + "::" + re.sub(r"\[.*$", "", rest)


def summarize(rows):
    """Counts and groups of the result rows (one per test: a failure in
    setup or call wins over the rest)."""
    tests = collections.OrderedDict()
    for row in rows:
        prev = tests.get(row["nodeid"])
        if prev is None or prev["outcome"] == "passed":
            tests[row["nodeid"]] = row
    counts = collections.Counter()
    causes = collections.defaultdict(list)
    wording = collections.defaultdict(list)
    na = collections.defaultdict(list)
    skips = collections.defaultdict(list)
    collect_errors = {}
    for nodeid, row in tests.items():
        outcome = row["outcome"]
        if outcome == "failed" and row.get("wording"):
            outcome = "wording"
            wording[normalize(row.get("refused_with", ""))].append(nodeid)
        elif outcome == "failed":
            kind = row.get("type", "Failure")
            if kind == "AssertionError":
                # A wrong value or a failed check: grouped by test function.
                key = "AssertionError (a check failed) in " + _function(nodeid)
            else:
                names = kind in ("MissingFeature", "AttributeError",
                                 "ImportError", "NameError")
                key = "%s: %s" % (kind, normalize(row.get("message", ""), names))
            causes[key].append(nodeid)
        elif outcome == "collect_error":
            collect_errors[nodeid] = row.get("message", "")
            continue
        elif outcome == "not_applicable":
            na[row.get("reason", "")].append(nodeid)
        elif outcome == "skipped":
            skips[normalize(row.get("reason", ""))].append(nodeid)
        counts[outcome] += 1
    return {"counts": counts, "causes": causes, "wording": wording,
            "not_applicable": na, "skips": skips, "tests": tests,
            "collect_errors": collect_errors}


def _table(groups, top, out, title):
    items = sorted(groups.items(), key=lambda kv: (-len(kv[1]), kv[0]))
    print("\n%s (%d groups)" % (title, len(items)), file=out)
    for key, ids in items[:top]:
        print("  %5d  %s" % (len(ids), key), file=out)
        print("         e.g. %s" % ids[0], file=out)
    if len(items) > top:
        rest = sum(len(v) for _, v in items[top:])
        print("  %5d  (%d more groups)" % (rest, len(items) - top), file=out)


def report(summary, top, out=sys.stdout):
    c = summary["counts"]
    applicable = c["passed"] + c["failed"] + c["wording"]
    print("passed %d, failed %d, wording only %d, skipped %d, "
          "not applicable %d (total %d)" % (
              c["passed"], c["failed"], c["wording"], c["skipped"],
              c["not_applicable"], sum(c.values())), file=out)
    if applicable:
        print("pass rate over applicable run tests (passed / (passed + "
              "failed + wording only)): %.1f%%" % (100.0 * c["passed"] / applicable),
              file=out)
    for path, message in sorted(summary["collect_errors"].items()):
        print("COLLECTION ERROR (none of its tests ran): %s: %s" % (path, message),
              file=out)
    _table(summary["causes"], top, out, "failures by cause")
    _table(summary["wording"], top, out,
           "wording only: refused as expected, the error's text differs "
           "(by Trident's error)")
    _table(summary["not_applicable"], top, out, "not applicable")
    _table(summary["skips"], top, out, "skipped")


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("files", nargs="*", help="test files (default: all)")
    p.add_argument("--tests", default=DEFAULT_TESTS,
                   help="folder of Triton's tests (get_tests.sh makes it)")
    p.add_argument("--device", choices=("cpu", "cuda"), default="cpu")
    p.add_argument("--sample", type=int, default=0, metavar="N",
                   help="run up to N tests of each test function (0: all)")
    p.add_argument("-k", help="pytest -k expression")
    p.add_argument("--timeout", type=float, default=300,
                   help="seconds per test (default 300)")
    p.add_argument("-j", "--jobs", type=int, default=os.cpu_count() or 1,
                   help="pytest-xdist workers (0: in one process)")
    p.add_argument("--top", type=int, default=30, help="groups shown")
    p.add_argument("--json", help="write the summary and rows here")
    p.add_argument("--keep", action="store_true",
                   help="keep the temporary folder (its path is printed)")
    p.add_argument("--python", default=sys.executable)
    p.add_argument("--trident-python", default=os.path.join(ROOT, "python"),
                   metavar="DIR", help="the folder holding the trident "
                   "package (default: this tree's python/)")
    p.epilog = "Arguments after -- go to pytest."
    argv = list(sys.argv[1:] if argv is None else argv)
    extra = []
    if "--" in argv:
        extra = argv[argv.index("--") + 1:]
        argv = argv[:argv.index("--")]
    args = p.parse_args(argv)
    args.pytest_args = extra
    if not os.path.isdir(args.tests):
        p.error("no tests folder %s: make it with test/conformance/get_tests.sh"
                % args.tests)
    files = args.files or sorted(f for f in os.listdir(args.tests)
                                 if f.startswith("test_") and f.endswith(".py"))
    for f in files:
        if not os.path.isfile(os.path.join(args.tests, f)):
            p.error("no test file %s in %s" % (f, args.tests))
    work = tempfile.mkdtemp(prefix="trident-conformance-")
    try:
        bad = prepare(args.tests, work)
        for name in bad:
            print("run: %s does not parse; copied unchanged" % name, file=sys.stderr)
        results = os.path.join(work, "results.jsonl")
        start = time.time()
        rc = run_pytest(work, files, args, results)
        rows = []
        if os.path.exists(results):
            with open(results) as f:
                rows = [json.loads(line) for line in f if line.strip()]
        if not rows:
            with open(os.path.join(work, "pytest.log")) as f:
                sys.stderr.write(f.read()[-5000:])
            print("run: pytest ran no test (exit %d)" % rc, file=sys.stderr)
            return 2
        summary = summarize(rows)
        print("Triton language tests on Trident, device %s, %s, %d s%s" % (
            args.device, " ".join(files), time.time() - start,
            ", sample %d per test function" % args.sample if args.sample else ""))
        report(summary, args.top)
        if args.json:
            with open(args.json, "w") as f:
                json.dump({"counts": summary["counts"],
                           "causes": summary["causes"],
                           "wording": summary["wording"],
                           "not_applicable": summary["not_applicable"],
                           "skips": summary["skips"],
                           "collect_errors": summary["collect_errors"],
                           "rows": rows}, f, indent=1)
        return 0
    finally:
        if args.keep:
            print("run: kept %s" % work)
        else:
            shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
