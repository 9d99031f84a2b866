"""Checks of the file paths a user hands to Trident.

The operating system takes paths as C strings, which end at the first NUL
byte: "/tmp/a\\0b.so" would silently name "/tmp/a". Every path that comes
from the user (a plugin, a knob's directory or program, an extern library)
goes through `checked_path`, which refuses such a path whole.
"""
import os

NUL_REASON = "the path contains a NUL byte, which no file name can hold"


def checked_path(path, what=None, error=ValueError):
    """`path` (a str, bytes or an os.PathLike) as a str. One that holds a
    NUL byte raises `error` with "[<what>: ]<repr of path>: <reason>" (the
    repr shows the NUL as '\\x00')."""
    p = os.fspath(path)
    if isinstance(p, bytes):
        p = os.fsdecode(p)
    if "\0" in p:
        raise error("%s%r: %s" % ("%s: " % what if what else "", p,
                                  NUL_REASON))
    return p
