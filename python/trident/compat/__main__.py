"""Runs a program written for Triton on Trident, unmodified:

    python -m trident.compat program.py ARGS...
    python -m trident.compat -m package.module ARGS...

installs trident.compat (`import triton` gives Trident) and runs the
program as `python program.py ARGS` (or `python -m package.module ARGS`)
would, with sys.argv as it would see it."""
import os
import runpy
import sys

USAGE = ("usage: python -m trident.compat program.py [ARGS...]\n"
         "       python -m trident.compat -m module [ARGS...]\n"
         "runs a program with `import triton` giving Trident "
         "(docs/triton-compat.md)")


def main(argv):
    if not argv or argv[0] in ("-h", "--help"):
        print(USAGE, file=sys.stderr if not argv else sys.stdout)
        return 2 if not argv else 0
    module = None
    if argv[0] == "-m":
        if len(argv) < 2:
            print("python -m trident.compat: -m needs a module name\n" +
                  USAGE, file=sys.stderr)
            return 2
        module, argv = argv[1], argv[1:]
    elif argv[0].startswith("-"):
        print("python -m trident.compat: unknown option %r\n%s" %
              (argv[0], USAGE), file=sys.stderr)
        return 2
    if module is None and not os.path.isfile(argv[0]):
        print("python -m trident.compat: %s: no such file" % argv[0],
              file=sys.stderr)
        return 2
    import trident.compat
    trident.compat.install()
    sys.argv = list(argv)
    if module is not None:
        runpy.run_module(module, run_name="__main__", alter_sys=True)
    else:
        # As `python program.py`: the program's folder comes first on
        # sys.path (this package's runner is not the program).
        sys.path[0] = os.path.dirname(os.path.abspath(argv[0]))
        runpy.run_path(argv[0], run_name="__main__")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
