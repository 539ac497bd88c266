"""Which device modules compile to different .mpy bytes than at a git revision.

    python -m tools.mpydiff [REV]        (REV: default HEAD)

A rename of a function's local variables (not its parameters) compiles to the
same bytes: mpy-cross keeps parameter names (for keyword calls) but no other
local's name. So a rename-only change shows "same" for every module, and the
device's heap, time and pixels cannot have changed. Prints one line per module
that differs and a total; exit status 1 if any differs.
"""

import os
import subprocess
import sys
import tempfile

from tools import mpyc

ROOT = mpyc.ROOT


def _export(rev, dest):
    """The device sources (and the fold's inputs) at ``rev`` into ``dest``."""
    tar = subprocess.run(["git", "-C", ROOT, "archive", rev, "engine", "lib", "boards", "code.py"],
                         capture_output=True, check=True).stdout
    subprocess.run(["tar", "-x", "-C", dest], input=tar, check=True)


def compiled(root, out):
    """{relative .mpy path: bytes} of ``root``'s device tree, built as the build does."""
    written = mpyc.compile_tree(out, root=root)
    result = {}
    for rel in written:
        with open(os.path.join(out, rel), "rb") as f:
            result[rel] = f.read()
    return result


def diff(rev="HEAD", root=ROOT):
    """(changed, added, removed) module lists between ``rev`` and the work tree."""
    with tempfile.TemporaryDirectory() as tmp:
        old_src = os.path.join(tmp, "old")
        os.makedirs(old_src)
        _export(rev, old_src)
        old = compiled(old_src, os.path.join(tmp, "old_out"))
        new = compiled(root, os.path.join(tmp, "new_out"))
    changed = sorted(k for k in old if k in new and old[k] != new[k])
    return changed, sorted(set(new) - set(old)), sorted(set(old) - set(new))


def main(argv=None):
    argv = sys.argv[1:] if argv is None else argv
    rev = argv[0] if argv else "HEAD"
    changed, added, removed = diff(rev)
    for rel in changed:
        print("differs: %s" % rel)
    for rel in added:
        print("new:     %s" % rel)
    for rel in removed:
        print("gone:    %s" % rel)
    print("%d module(s) differ from %s, %d new, %d gone" % (len(changed), rev, len(added), len(removed)))
    return 1 if changed or added or removed else 0


if __name__ == "__main__":
    sys.exit(main())
