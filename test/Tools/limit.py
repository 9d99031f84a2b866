"""Runs CMD ARGS... under resource limits, as `ulimit` sets them:
limit.py [as=SIZE] [stack=SIZE] CMD ARGS...; `as` limits the address space
(RLIMIT_AS: allocations fail as on a machine out of memory), `stack` the
main thread's stack (RLIMIT_STACK). A K, M or G suffix multiplies the size
by 2^10, 2^20 or 2^30."""
import os
import resource
import sys

KINDS = {"as": resource.RLIMIT_AS, "stack": resource.RLIMIT_STACK}
args = sys.argv[1:]
while args and "=" in args[0] and args[0].split("=")[0] in KINDS:
    kind, spec = args.pop(0).split("=", 1)
    scale = {"K": 1 << 10, "M": 1 << 20, "G": 1 << 30}.get(spec[-1:].upper(), 1)
    limit = int(spec.rstrip("KkMmGg")) * scale
    soft, hard = resource.getrlimit(KINDS[kind])
    if hard != resource.RLIM_INFINITY:
        limit = min(limit, hard)
    resource.setrlimit(KINDS[kind], (limit, hard))
os.execvp(args[0], args)
