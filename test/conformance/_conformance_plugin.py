"""The pytest side of the conformance runner (run.py), loaded by the
conftest.py it writes next to the rewritten tests. It gives the fixtures
Triton's conftest gives (`device`, `fresh_triton_cache`, `fresh_knobs`,
`with_allocator`), marks the tests that do not apply (rules.py), keeps up
to --sample tests of each test function, notes when a test's failure is
only the wording of an error it expected, and writes one JSON line per
test phase to $CONFORMANCE_RESULTS (in the controller under xdist).

Settings come from the environment run.py sets: CONFORMANCE_DEVICE (cpu
or cuda), CONFORMANCE_SAMPLE (0: all), CONFORMANCE_RESULTS (a file).
"""
import json
import os
import re
import tempfile

import pytest

import _conformance_rules as rules
from _trident_internal_testing import _Missing

DEVICE = os.environ.get("CONFORMANCE_DEVICE", "cpu")
SAMPLE = int(os.environ.get("CONFORMANCE_SAMPLE", "0") or 0)
NA_PREFIX = "not applicable: "

_raises = pytest.raises
# Per test: the exceptions a pytest.raises block caught (the program was
# refused as the test expected) and whether a match= failed on one.
_state = {"caught": [], "wording": False}


class _RecordingRaises:
    def __init__(self, ctx):
        self._ctx = ctx

    def __enter__(self):
        return self._ctx.__enter__()

    def __exit__(self, et, ev, tb):
        try:
            suppressed = self._ctx.__exit__(et, ev, tb)
        except AssertionError as e:
            if "did not match" in str(e) and ev is not None:
                # The expected type was raised; only its text differs.
                _state["caught"].append(ev)
                _state["wording"] = True
            raise
        if suppressed and ev is not None:
            _state["caught"].append(ev)
        return suppressed


def _recording_raises(expected, *args, **kwargs):
    result = _raises(expected, *args, **kwargs)
    if args:  # the call form: pytest.raises(E, fn, *args)
        return result
    return _RecordingRaises(result)


pytest.raises = _recording_raises


# --- fixtures Triton's conftest gives ---------------------------------------

@pytest.fixture
def device():
    return DEVICE


@pytest.fixture
def fresh_triton_cache(monkeypatch):
    with tempfile.TemporaryDirectory() as d:
        monkeypatch.setenv("TRIDENT_CACHE_DIR", d)
        yield d


@pytest.fixture
def fresh_knobs():
    from _trident_internal_testing import _fresh_knobs_impl
    fresh, reset = _fresh_knobs_impl()
    try:
        yield fresh()
    finally:
        reset()


fresh_knobs_except_libraries = fresh_knobs


@pytest.fixture
def with_allocator():
    import trident
    from _trident_internal_testing import default_alloc_fn
    trident.set_allocator(default_alloc_fn)
    try:
        yield
    finally:
        trident.set_allocator(None)


# --- collection -------------------------------------------------------------

def pytest_addoption(parser):
    # Triton's conftest option; run.py passes the device by environment.
    parser.addoption("--device", action="store", default=DEVICE)


def pytest_configure(config):
    config.addinivalue_line("markers", "interpreter: Triton's marker")


def _sample(items):
    """Up to SAMPLE items per test function, evenly spread over its
    parameters (the same choice in every xdist worker)."""
    groups = {}
    for item in items:
        key = (item.nodeid.split("::")[0], getattr(item, "originalname", item.name))
        groups.setdefault(key, []).append(item)
    keep = set()
    for group in groups.values():
        n = len(group)
        if n <= SAMPLE:
            keep.update(id(i) for i in group)
        else:
            keep.update(id(group[(k * n) // SAMPLE]) for k in range(SAMPLE))
    return [i for i in items if id(i) in keep], [i for i in items if id(i) not in keep]


def pytest_collection_modifyitems(config, items):
    if SAMPLE > 0:
        kept, dropped = _sample(items)
        if dropped:
            config.hook.pytest_deselected(items=dropped)
            items[:] = kept
    for item in items:
        reason = rules.not_applicable(item, DEVICE)
        if reason:
            item.add_marker(pytest.mark.skip(reason=NA_PREFIX + reason))


# --- results ----------------------------------------------------------------

def pytest_runtest_setup(item):
    _state["caught"] = []
    _state["wording"] = False


def _cause(exc):
    """(type name, first line of the message) of a test's exception; for a
    compile error its reason (the message without the file:line prefix
    and the quoted source), else what it chains to when it says nothing."""
    kind = type(exc)
    name = kind.__name__
    module = kind.__module__ or ""
    if module.split(".")[0] in ("trident", "triton"):
        name = "trident." + name
    text = getattr(exc, "reason", None)
    if not isinstance(text, str):
        text = str(exc)
    if not text.strip() and exc.__cause__ is not None:
        return _cause(exc.__cause__)
    lines = [ln for ln in text.splitlines() if ln.strip()]
    return name, (lines[0].strip() if lines else "")


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    outcome = yield
    report = outcome.get_result()
    if call.when != "call" and not (call.when == "setup" and report.failed):
        return
    info = {}
    if call.excinfo is not None and report.failed:
        exc = call.excinfo.value
        info["type"], info["message"] = _cause(exc)
        params = getattr(getattr(item, "callspec", None), "params", {})
        missing = [v for v in params.values() if isinstance(v, _Missing)]
        if missing:
            # A parameter is a name trident lacks (tl.float8e4b15): that
            # is the cause, whatever error using it gave.
            info["type"] = "MissingFeature"
            info["message"] = "%s is missing (a parameter of the test)" % (
                missing[0]._name)
        if isinstance(exc, AssertionError) and _state["caught"]:
            # A refusal the test expected happened; the assertion that
            # failed is on its text (pytest.raises' match=, or a check of
            # str(e.value) after the block).
            info["wording"] = True
            info["refused_with"] = "%s: %s" % _cause(_state["caught"][-1])
    report.user_properties.append(("conformance", info))


def pytest_runtest_logreport(report):
    path = os.environ.get("CONFORMANCE_RESULTS")
    if not path:
        return
    if report.when != "call" and not report.failed and not report.skipped:
        return
    info = {}
    for key, value in report.user_properties:
        if key == "conformance":
            info = value
    row = {"nodeid": report.nodeid, "when": report.when,
           "outcome": report.outcome, "duration": round(report.duration, 3)}
    row.update(info)
    if report.skipped:
        reason = report.longrepr[2] if isinstance(report.longrepr, tuple) else str(report.longrepr)
        reason = re.sub(r"^Skipped: ", "", reason)
        row["reason"] = reason
        if hasattr(report, "wasxfail"):
            row["reason"] = "xfail: %s" % report.wasxfail
        if reason.startswith(NA_PREFIX):
            row["outcome"] = "not_applicable"
            row["reason"] = reason[len(NA_PREFIX):]
    elif report.failed and "type" not in row:
        # No exception object here: a worker that died (a crash, or the
        # per-test timeout, which ends the worker), or an xfail(strict).
        text = str(report.longrepr)
        if "crashed" in text or "Timeout" in text or "worker" in text:
            row["type"] = "WorkerDied"
            row["message"] = "the test crashed the process or passed the per-test timeout"
        else:
            lines = [ln for ln in text.splitlines() if ln.strip()]
            row["type"] = "Failure"
            row["message"] = lines[-1] if lines else ""
    with open(path, "a") as f:
        f.write(json.dumps(row) + "\n")


def pytest_collectreport(report):
    """A file that does not collect (an error at its import or in a
    parametrize list) is one row: none of its tests ran."""
    path = os.environ.get("CONFORMANCE_RESULTS")
    if not path or not report.failed:
        return
    text = str(report.longrepr)
    lines = [ln for ln in text.splitlines() if ln.startswith("E ")]
    message = lines[-1][1:].strip() if lines else text.strip().splitlines()[-1]
    row = {"nodeid": report.nodeid, "when": "collect", "outcome":
           "collect_error", "type": "CollectionError", "message": message}
    with open(path, "a") as f:
        f.write(json.dumps(row) + "\n")


def pytest_sessionstart(session):
    if hasattr(session.config, "workerinput"):
        # xdist workers: the controller writes the rows.
        os.environ.pop("CONFORMANCE_RESULTS", None)
