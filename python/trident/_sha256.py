"""sha256 without OpenSSL: CPython's built-in implementation (`_sha2` in
3.12, `_sha256` in 3.11) loads in microseconds where `hashlib` first loads
OpenSSL (milliseconds, on the first call of a kernel in a new process);
the digests are the same."""
try:
    from _sha2 import sha256
except ImportError:
    try:
        from _sha256 import sha256
    except ImportError:
        from hashlib import sha256

__all__ = ["sha256"]
