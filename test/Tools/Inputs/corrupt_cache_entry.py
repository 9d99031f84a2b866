"""Damages the one entry of a Trident artifact cache, for the lit tests of
the cache's integrity checks (docs/architecture.md, "The artifact cache").

    corrupt_cache_entry.py CACHE_DIR MODE

Modes: truncate, empty, random, edit (one byte of the artifact), symlink
(the artifact a link to a good copy inside the cache), symlink-outside (a
link to a good copy in CACHE_DIR/../outside), fifo, oversize (a sparse
1 GiB artifact), edit-description (a byte of artifact.json, its checksum
left as it was), stage=S / format=F / key=K (the description rewritten
consistently: checksum recomputed, so only the disagreement is wrong),
forge=TEXT (the artifact replaced by TEXT, with a description that
records its size and hash: every check passes, the content is garbage).
"""
import hashlib
import json
import os
import random
import sys

CHECKSUM = "description_sha256"


def entry_files(cache):
    names = [n for n in os.listdir(cache) if not n.startswith(".")
             and os.path.isdir(os.path.join(cache, n))]
    if len(names) != 1:
        sys.exit("expected one entry in %s, found %r" % (cache, names))
    entry = os.path.join(cache, names[0])
    data = [n for n in os.listdir(entry) if n.startswith("artifact.")
            and n != "artifact.json"]
    return entry, os.path.join(entry, data[0]), os.path.join(entry,
                                                            "artifact.json")


def rewrite_description(meta, edit):
    """Applies `edit` to the description and recomputes its checksum: the
    SHA-256 of the text with the checksum's digits as zeros."""
    with open(meta) as f:
        desc = json.load(f)
    edit(desc)
    desc[CHECKSUM] = "0" * 64
    text = json.dumps(desc, sort_keys=True, separators=(",", ":"))
    digest = hashlib.sha256(text.encode()).hexdigest()
    with open(meta, "w") as f:
        f.write(text.replace('"%s":"%s"' % (CHECKSUM, "0" * 64),
                             '"%s":"%s"' % (CHECKSUM, digest)))


def main():
    cache, mode = sys.argv[1], sys.argv[2]
    entry, data, meta = entry_files(cache)
    with open(data, "rb") as f:
        good = f.read()
    if mode == "truncate":
        open(data, "wb").write(good[:len(good) // 2])
    elif mode == "empty":
        open(data, "wb").close()
    elif mode == "random":
        rng = random.Random(13)
        open(data, "wb").write(bytes(rng.randrange(256) for _ in good))
    elif mode == "edit":
        edited = bytearray(good)
        edited[len(edited) // 2] ^= 0x20
        open(data, "wb").write(bytes(edited))
    elif mode in ("symlink", "symlink-outside"):
        where = cache if mode == "symlink" else os.path.join(
            os.path.dirname(os.path.abspath(cache)), "outside")
        os.makedirs(where, exist_ok=True)
        copy = os.path.join(where, "copy-" + os.path.basename(data))
        open(copy, "wb").write(good)
        os.unlink(data)
        os.symlink(copy, data)
    elif mode == "fifo":
        os.unlink(data)
        os.mkfifo(data)
    elif mode == "oversize":
        os.truncate(data, 1 << 30)
    elif mode == "edit-description":
        text = open(meta).read().replace('"binary":', '"binary" :', 1)
        open(meta, "w").write(text)
    elif mode.startswith(("stage=", "format=", "key=")):
        field, value = mode.split("=", 1)
        rewrite_description(meta, lambda d: d.__setitem__(field, value))
    elif mode.startswith("forge="):
        text = mode.split("=", 1)[1].encode() + b"\n"
        open(data, "wb").write(text)

        def forge(d):
            d["size"] = len(text)
            d["sha256"] = hashlib.sha256(text).hexdigest()
        rewrite_description(meta, forge)
    else:
        sys.exit("unknown mode " + mode)


if __name__ == "__main__":
    main()
