"""Ctrl-C (SIGINT) stops a CPU-target launch that runs forever or for long
(CpuFaultGuard.h): the kernel's loops read the runtime's flag at each
iteration and the runner before each program instance, so the launch ends,
Python raises KeyboardInterrupt, and the process goes on. Each test runs
its kernel in a subprocess and sends it SIGINT."""
import os
import signal
import subprocess
import sys
import textwrap
import time

PREAMBLE = textwrap.dedent("""
    import sys, threading
    import numpy as np
    import trident
    import trident.language as tl

    @trident.jit
    def spin(flag_ptr, out_ptr):
        # A while loop on a run-time condition that never changes.
        i = 0
        while tl.load(flag_ptr) == 0:
            i += 1
        tl.store(out_ptr, i)

    @trident.jit
    def long_sum(out_ptr, n):
        # A finite loop that would take hours.
        acc = n * 0  # (of the type of n and i)
        for i in range(0, n):
            acc += i % 7
        tl.store(out_ptr + tl.program_id(0), acc)

    @trident.jit
    def add_one(x_ptr, n, BLOCK: tl.constexpr):
        offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
        tl.store(x_ptr + offs, tl.load(x_ptr + offs, mask=offs < n) + 1,
                 mask=offs < n)

    flag = np.zeros(1, np.int32)
    out = np.zeros(64, np.int64)
    # Compiled before the launch that is interrupted (a warmup runs
    # nothing).
    spin.warmup(flag, out, grid=(1,))
    long_sum.warmup(out, 1 << 40, grid=(1,))

    def started(what):
        print("launching " + what, flush=True)
""")


def run_interrupted(tmp_path, body, wait=2.0, limit=20.0):
    """Runs PREAMBLE + body in a subprocess, sends SIGINT `wait` seconds
    after it prints 'launching', returns (returncode, stdout, stderr,
    seconds from SIGINT to exit)."""
    env = dict(os.environ, TRIDENT_TARGET="cpu", PYTHONFAULTHANDLER="")
    script = tmp_path / "interrupted.py"  # (kernels need a source file)
    script.write_text(PREAMBLE + textwrap.dedent(body))
    p = subprocess.Popen([sys.executable, str(script)],
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                         text=True, env=env)
    try:
        line = p.stdout.readline()
        assert line.startswith("launching"), (line, p.stderr.read())
        time.sleep(wait)
        assert p.poll() is None, "the launch ended before SIGINT"
        p.send_signal(signal.SIGINT)
        sent = time.monotonic()
        out, err = p.communicate(timeout=limit)
        took = time.monotonic() - sent
    finally:
        if p.poll() is None:
            p.kill()
            p.communicate()
    return p.returncode, line + out, err, took


def assert_clean_exit(err):
    for bad in ("core dumped", "Segmentation fault", "Fatal Python error",
                "Aborted", "crashed"):
        assert bad not in err, err


def test_sigint_stops_an_endless_while_loop(tmp_path):
    rc, out, err, took = run_interrupted(tmp_path, """
        started("spin")
        spin[(1,)](flag, out)
        print("not reached", flush=True)
    """)
    assert took < 15, took  # (an endless launch never exits: limit)
    assert "KeyboardInterrupt" in err, err
    assert "not reached" not in out
    # Python ends on an uncaught KeyboardInterrupt by SIGINT's default
    # action (no core): -2 from subprocess, or 1 on older Pythons.
    assert rc in (-signal.SIGINT, 1), (rc, err)
    assert_clean_exit(err)


def test_sigint_stops_many_programs_and_the_process_goes_on(tmp_path):
    # 64 programs over the thread pool, each in a loop of 2^40 iterations;
    # KeyboardInterrupt is caught, then kernels run again.
    rc, out, err, took = run_interrupted(tmp_path, """
        started("long_sum")
        try:
            long_sum[(64,)](out, 1 << 40)
        except KeyboardInterrupt:
            print("interrupted", flush=True)
        x = np.arange(100, dtype=np.float32)
        add_one[(4,)](x, 100, BLOCK=32)
        assert (x == np.arange(100, dtype=np.float32) + 1).all()
        long_sum[(3,)](out, 10)
        assert list(out[:3]) == [sum(i % 7 for i in range(10))] * 3
        flag[0] = 1
        spin[(2,)](flag, out)  # ends at once: the flag was cleared
        print("still usable", flush=True)
    """)
    assert took < 15, took  # (an endless launch never exits: limit)
    assert "interrupted" in out and "still usable" in out, (out, err)
    assert rc == 0, err
    assert_clean_exit(err)


def test_sigint_stops_a_launch_on_another_thread(tmp_path):
    # SIGINT goes to the main thread (KeyboardInterrupt there); the launch
    # on the worker thread stops too and reports that it was interrupted.
    rc, out, err, took = run_interrupted(tmp_path, """
        errors = []
        done = threading.Event()
        def work():
            try:
                spin[(1,)](flag, out)
            except trident.KernelError as e:
                errors.append(str(e))
            finally:
                done.set()
        threading.Thread(target=work).start()
        started("spin on a thread")
        try:
            done.wait()
        except KeyboardInterrupt:
            print("main interrupted", flush=True)
        # (Not Thread.join: after a KeyboardInterrupt in join, Python
        # takes the thread for ended.)
        assert done.wait(10)
        print(errors[0], flush=True)
    """)
    assert took < 15, took  # (an endless launch never exits: limit)
    assert "main interrupted" in out, (out, err)
    assert ("kernel 'spin': the launch was interrupted (SIGINT); program "
            "(0, 0, 0)") in out, (out, err)
    assert rc == 0, err
    assert_clean_exit(err)
