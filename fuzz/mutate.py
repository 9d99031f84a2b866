#!/usr/bin/env python3
"""Mutation fuzzing of Trident's tools over MLIR text.

Two commands:

  mutate.py campaign --bin BUILD/bin --out DIR [--count N] [--seed S]
                     [--jobs J] [SEED_FILES_OR_DIRS ...]
      Makes N variants of the seed inputs (the example kernels and the lit
      inputs by default, each `// -----` case apart), runs each through
      `trident-opt` and `trident-compile` for the cuda and cpu targets, and
      keeps every variant that crashed, died by a signal, aborted or took
      longer than the time limit under DIR/findings, with the command and
      its output. Prints a summary line; exit status 1 when anything was
      found.

  mutate.py check --bin BUILD/bin FILES_OR_DIRS ...
      Runs the given inputs (regression reproducers, the corpus) through the
      same commands and fails if any of them crashes or hangs. CI runs this
      over fuzz/corpus and fuzz/regressions.

  mutate.py seeds OUTDIR
      Writes the seed cases (one file per `// -----` case of the example
      kernels and the lit inputs) and a libFuzzer dictionary of the tokens
      they use (OUTDIR/../mlir.dict): how fuzz/corpus and fuzz/mlir.dict
      were made.

A run is a finding when the process dies by a signal, when its output shows
a crash report (a caught crash, an LLVM fatal error, an assertion, a C++
terminate), or when it runs past the time limit. A clean error (exit 1 with
a diagnostic) is the expected answer to bad input and is not a finding.
Standard library only, so it runs on the system Python that lit uses.
"""
import argparse
import hashlib
import os
import random
import re
import resource
import signal
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)

# What in a tool's output means it crashed rather than refused the input.
CRASH_MARKERS = [
    "crashed", "LLVM ERROR", "PLEASE submit a bug report", "Assertion",
    "terminate called", "Stack dump", "UNREACHABLE", "AddressSanitizer",
    "Segmentation fault", "out of memory", "unable to grow",
]

# (name, argv after the tool path); {in} is the input file.
COMMANDS = [
    ("opt", "trident-opt", ["{in}"]),
    ("cuda", "trident-compile",
     ["{in}", "--target", "cuda:90a", "--emit", "ptx", "-o", "-"]),
    ("cpu", "trident-compile",
     ["{in}", "--target", "cpu", "--emit", "llir", "-o", "-"]),
]

INTERESTING_INTS = [0, 1, 2, 3, 4, 7, 8, 15, 16, 17, 31, 32, 33, 63, 64, 100,
                    127, 128, 255, 256, 1000, 1024, 4096, 65535, 65536,
                    1048576, 2147483647, 2147483648, 4294967295,
                    4294967296, -1, -2, -128, -2147483648,
                    9223372036854775807]
DIMS = ["1", "2", "3", "4", "8", "16", "17", "32", "64", "128", "256", "1024",
        "0", "4096", "65536", "1048577"]
ELEMENT_TYPES = ["f32", "f16", "bf16", "f64", "i1", "i8", "i16", "i32", "i64",
                 "f8E4M3FN", "f8E5M2", "index", "f4E2M1FN", "i128", "f80"]


def split_cases(path):
    """The cases of a lit input (split at `// -----`), RUN lines dropped."""
    with open(path, errors="replace") as f:
        text = f.read()
    cases = []
    for case in re.split(r"^// -----.*$", text, flags=re.M):
        lines = [l for l in case.splitlines()
                 if not l.lstrip().startswith(("// RUN", "// REQUIRES"))]
        body = "\n".join(lines).strip()
        if body:
            cases.append(body + "\n")
    return cases


def default_seeds():
    seeds = []
    for base in ("examples/kernels", "test", "fuzz/corpus"):
        for dirpath, dirnames, filenames in sorted(os.walk(
                os.path.join(ROOT, base))):
            dirnames.sort()
            for f in sorted(filenames):
                if f.endswith(".mlir"):
                    seeds.append(os.path.join(dirpath, f))
    return seeds


def collect(paths):
    files = []
    for p in paths:
        if os.path.isdir(p):
            for dirpath, dirnames, filenames in sorted(os.walk(p)):
                dirnames.sort()
                files += [os.path.join(dirpath, f) for f in sorted(filenames)
                          if f.endswith(".mlir")]
        else:
            files.append(p)
    return files


# --- mutations --------------------------------------------------------------

INT_RE = re.compile(r"(?<![\w%#.])-?\d+(?![\w.])")
SHAPE_RE = re.compile(r"tensor<([0-9x]+)x")
TYPE_RE = re.compile(r"\b(f32|f16|bf16|f64|i1|i8|i16|i32|i64|f8E4M3FN|f8E5M2)\b")
SSA_RE = re.compile(r"%[\w.$-]+(?:#\d+)?")
OP_RE = re.compile(r"\b(tir|gir|nvgir|arith|scf|math|func)\.([a-z_0-9]+)")


def m_int(text, rng, ctx):
    hits = list(INT_RE.finditer(text))
    if not hits:
        return None
    h = rng.choice(hits)
    return text[:h.start()] + str(rng.choice(INTERESTING_INTS)) + text[h.end():]


def m_shape(text, rng, ctx):
    hits = list(SHAPE_RE.finditer(text))
    if not hits:
        return None
    h = rng.choice(hits)
    dims = h.group(1).split("x")
    r = rng.random()
    if r < 0.6:
        dims[rng.randrange(len(dims))] = rng.choice(DIMS)
    elif r < 0.8 and len(dims) > 1:
        del dims[rng.randrange(len(dims))]
    else:
        dims.insert(rng.randrange(len(dims) + 1), rng.choice(DIMS))
    return text[:h.start()] + "tensor<" + "x".join(dims) + "x" + text[h.end():]


def m_rank0(text, rng, ctx):
    hits = list(SHAPE_RE.finditer(text))
    if not hits:
        return None
    h = rng.choice(hits)
    return text[:h.start()] + "tensor<" + text[h.end():]


def m_type(text, rng, ctx):
    hits = list(TYPE_RE.finditer(text))
    if not hits:
        return None
    h = rng.choice(hits)
    return text[:h.start()] + rng.choice(ELEMENT_TYPES) + text[h.end():]


def m_type_all(text, rng, ctx):
    """Every use of one element type becomes another (keeps the IR typed)."""
    found = sorted(set(TYPE_RE.findall(text)))
    if not found:
        return None
    old = rng.choice(found)
    return re.sub(r"\b%s\b" % old, rng.choice(ELEMENT_TYPES), text)


def m_ssa(text, rng, ctx):
    names = SSA_RE.findall(text)
    hits = list(SSA_RE.finditer(text))
    if len(names) < 2:
        return None
    h = rng.choice(hits)
    return text[:h.start()] + rng.choice(names) + text[h.end():]


def m_op(text, rng, ctx):
    hits = list(OP_RE.finditer(text))
    if not hits:
        return None
    h = rng.choice(hits)
    same = [o for o in ctx["ops"] if o.startswith(h.group(1) + ".")]
    return text[:h.start()] + rng.choice(same or ctx["ops"]) + text[h.end():]


def _lines(text):
    return text.splitlines(keepends=True)


def m_delete_line(text, rng, ctx):
    lines = _lines(text)
    if len(lines) < 2:
        return None
    del lines[rng.randrange(len(lines))]
    return "".join(lines)


def m_duplicate_line(text, rng, ctx):
    lines = _lines(text)
    if not lines:
        return None
    i = rng.randrange(len(lines))
    lines.insert(rng.randrange(len(lines) + 1), lines[i])
    return "".join(lines)


def m_swap_lines(text, rng, ctx):
    lines = _lines(text)
    if len(lines) < 2:
        return None
    i, j = rng.randrange(len(lines)), rng.randrange(len(lines))
    lines[i], lines[j] = lines[j], lines[i]
    return "".join(lines)


def m_splice(text, rng, ctx):
    other = _lines(rng.choice(ctx["cases"]))
    lines = _lines(text)
    if not other:
        return None
    lines.insert(rng.randrange(len(lines) + 1), rng.choice(other))
    return "".join(lines)


def m_truncate(text, rng, ctx):
    if len(text) < 2:
        return None
    return text[:rng.randrange(1, len(text))]


def m_bytes(text, rng, ctx):
    if not text:
        return None
    i = rng.randrange(len(text))
    c = rng.choice("{}()<>[],:=%#@!\"x0-+*?\\\x00\xff")
    return text[:i] + c + text[i + 1:]


def m_attr(text, rng, ctx):
    """Drops or rewrites one attribute entry of an attribute dictionary."""
    hits = list(re.finditer(r"([\w.]+) = ([^,}\n]+)", text))
    if not hits:
        return None
    h = rng.choice(hits)
    r = rng.random()
    if r < 0.4:
        new = ""
    elif r < 0.8:
        new = "%s = %s" % (h.group(1), rng.choice(
            ["0 : i32", "-1 : i32", "3 : i32", "1024 : i32", "true", "\"x\"",
             "array<i32: 0>", "[]", "unit", "65536 : i64"]))
    else:
        new = h.group(0) + ", " + h.group(0)
    return text[:h.start()] + new + text[h.end():]


MUTATIONS = [m_int, m_int, m_shape, m_shape, m_rank0, m_type, m_type_all,
             m_ssa, m_op, m_delete_line, m_duplicate_line, m_swap_lines,
             m_splice, m_truncate, m_bytes, m_attr]


def mutate(text, rng, ctx):
    for _ in range(rng.choice([1, 1, 1, 2, 3])):
        for _attempt in range(8):
            new = rng.choice(MUTATIONS)(text, rng, ctx)
            if new is not None and new != text:
                text = new
                break
    return text


# --- running ----------------------------------------------------------------

def run_one(bindir, path, timeout, env, passed=None):
    """Runs every command on `path`; returns a list of findings, each a
    (command name, reason, argv, output) tuple. `passed`, if given, gets the
    names of the commands that succeeded (exit status 0)."""
    findings = []
    for name, tool, args in COMMANDS:
        argv = [os.path.join(bindir, tool)] + [a.replace("{in}", path)
                                              for a in args]
        # The limit is on CPU time (RLIMIT_CPU: SIGXCPU past it), so that a
        # loaded machine does not make slow compiles out of fast ones; the
        # wall-clock limit only catches a process that blocks.
        try:
            r = subprocess.run(argv, capture_output=True,
                               timeout=max(120.0, 6 * timeout), env=env,
                               stdin=subprocess.DEVNULL,
                               preexec_fn=lambda: resource.setrlimit(
                                   resource.RLIMIT_CPU,
                                   (int(timeout), int(timeout) + 5)))
        except subprocess.TimeoutExpired:
            findings.append((name, "blocked (no exit within %gs of wall "
                             "time)" % max(120.0, 6 * timeout), argv, ""))
            continue
        out = (r.stdout[-4000:] + r.stderr[-8000:]).decode(errors="replace")
        if r.returncode == -signal.SIGXCPU:
            findings.append((name, "over %gs of CPU time" % timeout, argv,
                             out))
        elif r.returncode < 0:
            findings.append((name, "signal %d" % -r.returncode, argv, out))
        elif r.returncode == 0 and passed is not None:
            passed.append(name)
        if r.returncode > 1:
            findings.append((name, "exit %d" % r.returncode, argv, out))
        elif r.returncode >= 0:
            marker = next((m for m in CRASH_MARKERS if m in
                           r.stderr.decode(errors="replace")), None)
            if marker:
                findings.append((name, "crash report (%s)" % marker, argv,
                                 out))
    return findings


def tool_env():
    env = dict(os.environ)
    env.pop("TRIDENT_PLUGIN_PATHS", None)
    env.setdefault("TRIDENT_PTXAS", "/nonexistent")  # ptx only, never ptxas
    return env


def save_finding(outdir, text, findings):
    digest = hashlib.sha256(text.encode(errors="replace")).hexdigest()[:16]
    d = os.path.join(outdir, "findings")
    os.makedirs(d, exist_ok=True)
    path = os.path.join(d, digest + ".mlir")
    with open(path, "w") as f:
        f.write(text)
    with open(os.path.join(d, digest + ".txt"), "w") as f:
        for name, reason, argv, out in findings:
            f.write("== %s: %s\n$ %s\n%s\n" % (name, reason, " ".join(argv),
                                              out))
    return path


def probe_compiling(bindir, cases, work, env, jobs):
    """The seed cases that compile for cuda:90a through PTX."""
    name, tool, args = COMMANDS[1]

    def ok(item):
        i, text = item
        path = os.path.join(work, "seed%05d.mlir" % i)
        with open(path, "w", errors="replace") as f:
            f.write(text)
        argv = [os.path.join(bindir, tool)] + [x.replace("{in}", path)
                                              for x in args]
        try:
            r = subprocess.run(argv, capture_output=True, timeout=120,
                               env=env, stdin=subprocess.DEVNULL)
            return r.returncode == 0
        except subprocess.TimeoutExpired:
            return False
        finally:
            os.unlink(path)

    with ThreadPoolExecutor(jobs) as pool:
        flags = list(pool.map(ok, enumerate(cases)))
    return [c for c, f in zip(cases, flags) if f]


def campaign(a):
    seeds = collect(a.inputs) if a.inputs else default_seeds()
    # (the corpus repeats the lit inputs: each case once)
    cases = list(dict.fromkeys(c for s in seeds for c in split_cases(s)))
    if not cases:
        sys.exit("mutate.py: no seed inputs")
    ops = sorted(set(m.group(0) for c in cases for m in OP_RE.finditer(c)))
    ctx = {"cases": cases, "ops": ops}
    rng = random.Random(a.seed)
    work = os.path.join(a.out, "work")
    os.makedirs(work, exist_ok=True)
    env = tool_env()
    # Most lit cases are errors or mid-pipeline IR; mutants of the cases
    # that compile reach deeper, so three variants in four start from one.
    good = probe_compiling(a.bin, cases, work, env, a.jobs)
    print("seeds: %d cases, %d compile for cuda:90a" % (len(cases),
                                                        len(good)),
          flush=True)
    variants = []
    for i in range(a.count):
        pool = good if good and rng.random() < 0.75 else cases
        variants.append((i, mutate(rng.choice(pool), rng, ctx)))

    def job(item):
        i, text = item
        path = os.path.join(work, "v%06d.mlir" % i)
        with open(path, "w", errors="replace") as f:
            f.write(text)
        passed = []
        found = run_one(a.bin, path, a.timeout, env, passed)
        os.unlink(path)
        return text, found, passed

    start = time.monotonic()
    found_count = 0
    seen = set()
    compiled = {c[0]: 0 for c in COMMANDS}
    with ThreadPoolExecutor(a.jobs) as pool:
        for n, (text, found, passed) in enumerate(pool.map(job, variants), 1):
            for name in passed:
                compiled[name] += 1
            if found:
                found_count += 1
                path = save_finding(a.out, text, found)
                key = tuple(sorted(set((f[0], f[1]) for f in found)))
                first = key not in seen
                seen.add(key)
                print("finding: %s: %s" % (path, "; ".join(
                    "%s %s" % (f[0], f[1]) for f in found)),
                    flush=True) if first or a.verbose else None
            if n % 500 == 0:
                print("%d variants, %d findings, %.0fs" % (
                    n, found_count, time.monotonic() - start), flush=True)
    print("campaign: %d variants (seed %d, %d seed cases) through %s: "
          "%d findings in %.0fs" % (a.count, a.seed, len(cases),
                                    ", ".join(c[0] for c in COMMANDS),
                                    found_count, time.monotonic() - start))
    print("accepted (exit 0): %s" % ", ".join(
        "%s %d" % (k, v) for k, v in compiled.items()))
    return 1 if found_count else 0


def check(a):
    files = collect(a.inputs)
    if not files:
        sys.exit("mutate.py check: no inputs in %s" % " ".join(a.inputs))
    env = tool_env()
    bad = 0
    for path in files:
        for name, reason, argv, out in run_one(a.bin, path, a.timeout, env):
            bad += 1
            print("FAIL %s: %s: %s\n$ %s\n%s" % (path, name, reason,
                                                " ".join(argv), out[-3000:]))
    print("check: %d inputs, %d commands each, %d failures" % (
        len(files), len(COMMANDS), bad))
    return 1 if bad else 0


def seeds(a):
    os.makedirs(a.outdir, exist_ok=True)
    tokens = set()
    n = 0
    for path in default_seeds():
        if os.path.commonpath([os.path.abspath(a.outdir), path]) == \
                os.path.abspath(a.outdir):
            continue
        rel = os.path.relpath(path, ROOT).replace(os.sep, "_")[:-5]
        for i, case in enumerate(split_cases(path)):
            digest = hashlib.sha256(case.encode()).hexdigest()[:8]
            with open(os.path.join(a.outdir, "%s-%d-%s.mlir" % (
                    rel, i, digest)), "w") as f:
                f.write(case)
            n += 1
            tokens.update(m.group(0) for m in OP_RE.finditer(case))
            tokens.update(re.findall(r"[#!][a-z_]+\.[a-z_0-9]+", case))
            tokens.update(re.findall(r"\b[a-z_]+(?= =)", case))
    tokens.update(ELEMENT_TYPES)
    tokens.update(["tensor<", "!tir.ptr<", "func.func", "attributes",
                   "{tir.kernel}", "module", "->", "dense<", "array<i32: ",
                   "loc(", "// -----"])
    with open(os.path.join(os.path.dirname(os.path.abspath(a.outdir)),
                           "mlir.dict"), "w") as f:
        f.write("# libFuzzer dictionary: made by `fuzz/mutate.py seeds`\n")
        for t in sorted(tokens):
            f.write('"%s"\n' % t.replace("\\", "\\\\").replace('"', '\\"'))
    print("seeds: %d cases, %d dictionary tokens" % (n, len(tokens)))
    return 0


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    sub = p.add_subparsers(dest="cmd", required=True)
    c = sub.add_parser("campaign")
    c.add_argument("--bin", required=True)
    c.add_argument("--out", required=True)
    c.add_argument("--count", type=int, default=1000)
    c.add_argument("--seed", type=int, default=1)
    c.add_argument("--jobs", type=int, default=os.cpu_count() or 2)
    c.add_argument("--timeout", type=float, default=20.0)
    c.add_argument("--verbose", action="store_true")
    c.add_argument("inputs", nargs="*")
    k = sub.add_parser("check")
    k.add_argument("--bin", required=True)
    k.add_argument("--timeout", type=float, default=20.0)
    k.add_argument("inputs", nargs="+")
    s = sub.add_parser("seeds")
    s.add_argument("outdir")
    a = p.parse_args()
    return {"campaign": campaign, "check": check, "seeds": seeds}[a.cmd](a)


if __name__ == "__main__":
    sys.exit(main())
