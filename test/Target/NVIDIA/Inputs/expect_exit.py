"""Runs a command and checks its exit status: expect_exit.py STATUS CMD ARGS...

Prints the command's stdout and stderr (for FileCheck) and exits 0 when the
status is STATUS, 1 otherwise. lit's shell cannot test for one exit code.
"""
import subprocess
import sys

want = int(sys.argv[1])
r = subprocess.run(sys.argv[2:], stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
sys.stdout.write(r.stdout.decode(errors="replace"))
if r.returncode != want:
    sys.stdout.write("expect_exit: exit status %d, expected %d\n" % (r.returncode, want))
    sys.exit(1)
