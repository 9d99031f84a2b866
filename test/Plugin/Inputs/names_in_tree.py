"""Prints every file under the given folders whose text names `word`
(any case), one per line: used to check that the core never names a
plugin."""
import os
import sys

word = sys.argv[1].lower().encode()
for top in sys.argv[2:]:
    if not os.path.isdir(top):
        sys.exit("no such folder: " + top)
    for root, dirs, files in os.walk(top):
        dirs[:] = [d for d in dirs if d != "__pycache__"]
        for name in sorted(files):
            path = os.path.join(root, name)
            with open(path, "rb") as f:
                if word in f.read().lower():
                    print("names it:", path)
print("scanned", len(sys.argv) - 2, "folders")
