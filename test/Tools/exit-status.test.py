"""exit-status.test's helper: runs TOOL ARGS... and fails unless it exits
with STATUS (lit's shell only tells zero from non-zero)."""
import subprocess
import sys

tool, status, args = sys.argv[1], int(sys.argv[2]), sys.argv[3:]
r = subprocess.run([tool] + args, capture_output=True, text=True)
if r.returncode != status:
    sys.exit("%s %s: exit status %d, expected %d\n%s%s" % (
        tool, " ".join(args), r.returncode, status, r.stdout, r.stderr))
