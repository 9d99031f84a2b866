"""Runs CMD ARGS... with its address space limited to BYTES (RLIMIT_AS, as
`ulimit -v` sets it; a K, M or G suffix multiplies by 2^10, 2^20, 2^30), so
that allocations fail as they would on a machine out of memory."""
import os
import resource
import sys

spec, cmd = sys.argv[1], sys.argv[2:]
scale = {"K": 1 << 10, "M": 1 << 20, "G": 1 << 30}.get(spec[-1:].upper(), 1)
limit = int(spec.rstrip("KkMmGg")) * scale
soft, hard = resource.getrlimit(resource.RLIMIT_AS)
if hard != resource.RLIM_INFINITY:
    limit = min(limit, hard)
resource.setrlimit(resource.RLIMIT_AS, (limit, hard))
os.execvp(cmd[0], cmd)
