"""One module per tutorial: TUTORIAL (its file), ROOTS (the names of it
that the cases call), COMPILE (kernels --compile-only builds for cuda:90a,
with their signatures) and cases(device, quick), which yields
common.Case rows."""
