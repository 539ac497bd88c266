"""Copy a build onto a mounted CIRCUITPY drive: ``python -m tools.deploy DRIVE [--src DIR]``.

Only files that a Sanbon build put there are ever deleted: those listed in the
drive's previous ``.sanbon-manifest`` and missing from the new build (then the
folders that this leaves empty). Everything else on the drive (settings.toml,
boot_out.txt, saves, your own files) is left alone. Files whose bytes are
unchanged are not rewritten, to spare the flash; code.py is written last so
CircuitPython's auto-reload restarts on a complete tree, and the manifest after it.
"""

import argparse
import os
import sys

from tools.build import MANIFEST, ROOT


class DeployError(Exception):
    pass


def read_manifest(path):
    """The relative paths listed in a manifest; rejects any that leave its folder."""
    with open(path) as f:
        rels = [line.strip() for line in f if line.strip()]
    for rel in rels:
        if os.path.isabs(rel) or ".." in rel.replace("\\", "/").split("/"):
            raise DeployError("%s lists an unsafe path %r" % (path, rel))
    return rels


def _write_manifest(drive, rels):
    tmp = os.path.join(drive, MANIFEST + ".tmp")
    with open(tmp, "w") as f:
        f.write("".join(r + "\n" for r in sorted(rels)))
    os.replace(tmp, os.path.join(drive, MANIFEST))


def _same(src, dst):
    if not os.path.isfile(dst) or os.path.getsize(src) != os.path.getsize(dst):
        return False
    with open(src, "rb") as a, open(dst, "rb") as b:
        return a.read() == b.read()


def deploy(drive, src=None, quiet=False):
    """Make ``drive`` hold the build in ``src``; returns {"copied", "unchanged", "deleted"} lists."""
    src = src or os.path.join(ROOT, "dist", "CIRCUITPY")
    if not os.path.isdir(drive):
        raise DeployError("drive %s does not exist: is the board plugged in and CIRCUITPY mounted?" % drive)
    if not os.path.isfile(os.path.join(src, MANIFEST)):
        raise DeployError("no build in %s: run 'make build' first" % src)
    if os.path.realpath(drive) == os.path.realpath(src):
        raise DeployError("the drive and the build are the same folder: %s" % drive)
    new = read_manifest(os.path.join(src, MANIFEST))
    old_path = os.path.join(drive, MANIFEST)
    old = read_manifest(old_path) if os.path.isfile(old_path) else []

    # Stale files first (frees space; an old engine/x.py would shadow a new x.mpy).
    deleted = []
    for rel in sorted(set(old) - set(new)):
        path = os.path.join(drive, rel)
        if os.path.isfile(path):
            os.remove(path)
            deleted.append(rel)
        parent = os.path.dirname(rel)
        while parent and os.path.isdir(os.path.join(drive, parent)) and not os.listdir(os.path.join(drive, parent)):
            os.rmdir(os.path.join(drive, parent))
            parent = os.path.dirname(parent)

    # Until the copy is done, the drive's manifest names old and new files, so an
    # interrupted deploy still knows everything it may have written.
    _write_manifest(drive, set(old) | set(new))
    copied, unchanged = [], []
    for rel in sorted(new, key=lambda r: (r == "code.py", r)):
        s, d = os.path.join(src, rel), os.path.join(drive, rel)
        if _same(s, d):
            unchanged.append(rel)
            continue
        os.makedirs(os.path.dirname(d), exist_ok=True)
        with open(s, "rb") as f, open(d, "wb") as g:
            g.write(f.read())
        copied.append(rel)
    _write_manifest(drive, new)
    if hasattr(os, "sync"):
        os.sync()
    if not quiet:
        print("Deployed %s to %s: %d copied, %d unchanged, %d deleted"
              % (os.path.relpath(src), drive, len(copied), len(unchanged), len(deleted)))
        for rel in deleted:
            print("  deleted %s" % rel)
    return {"copied": copied, "unchanged": unchanged, "deleted": deleted}


def main(argv=None):
    ap = argparse.ArgumentParser(prog="python -m tools.deploy", description=__doc__.split("\n")[0])
    ap.add_argument("drive", help="the mounted CIRCUITPY drive, e.g. /media/$USER/CIRCUITPY")
    ap.add_argument("--src", help="the build to copy (default: dist/CIRCUITPY)")
    args = ap.parse_args(argv)
    try:
        deploy(args.drive, args.src)
    except (DeployError, OSError) as e:
        print("deploy failed: %s" % e, file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
