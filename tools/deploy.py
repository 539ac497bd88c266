"""Copy a build onto a mounted CIRCUITPY drive: ``python -m tools.deploy DRIVE [--src DIR] [--check]``.

It writes only to a CIRCUITPY drive: a folder with CircuitPython's
``boot_out.txt``, and never the repository, a folder inside it or one that
holds it. ``--check`` only checks that (``make deploy`` does, before it builds).

Nothing is written until the whole plan fits: the drive's free space
(shutil.disk_usage), counting what the files it replaces or removes give back,
must hold every file at its largest moment. Each file is written under a
temporary name and then renamed over the old one, so a failure part-way (a
full drive, a pulled cable) leaves whole files only, old or new, and says what
to do; the next deploy finishes the job.

Only files that a Sanbon build put there are ever deleted: those listed in the
drive's previous ``.sanbon-manifest`` and missing from the new build (then the
folders that this leaves empty), and the stale twins of shipped modules (an
``engine/x.py`` beside a shipped ``engine/x.mpy``, which CircuitPython would
import instead; in a ``.py`` build, the ``.mpy`` beside a shipped ``.py``).
Everything else on the drive (boot_out.txt, saves, your own files) is left
alone. The build's commented ``settings.toml`` is copied only onto a drive that
has none: yours is never overwritten. Files whose bytes are unchanged are not
rewritten, to spare the flash; code.py is written last so CircuitPython's
auto-reload restarts on a complete tree, and the manifest after it.
"""

import argparse
import errno
import os
import shutil
import sys

from tools.build import CLUSTER, MANIFEST, ROOT, SETTINGS, _show

BOOT_OUT = "boot_out.txt"  # CircuitPython writes it at every start
TMP = ".sanbon-tmp"  # the suffix of a file being written
USAGE = "usage: make deploy DRIVE=/path/to/CIRCUITPY (the mounted CIRCUITPY drive, e.g. /media/$USER/CIRCUITPY)"
# A new file's directory entries (an 8.3 entry and up to one long-name entry on FAT).
ENTRY = 64


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


def _inside(path, folder):
    """True if ``path`` is ``folder`` or inside it (both real paths)."""
    return path == folder or path.startswith(folder.rstrip(os.sep) + os.sep)


def check_drive(drive, root=None):
    """Raise DeployError, in one line, unless ``drive`` is a CIRCUITPY drive we may write."""
    root = os.path.realpath(root or ROOT)
    if not drive:
        raise DeployError(USAGE)
    real = os.path.realpath(drive)
    where = None
    if real == root:
        where = "is the Sanbon repository"
    elif _inside(real, root):
        where = "is inside the Sanbon repository (%s)" % root
    elif _inside(root, real):
        where = "holds the Sanbon repository (%s)" % root
    if where:
        raise DeployError("%s %s, not a CIRCUITPY drive: name the mounted drive, e.g. "
                          "DRIVE=/media/$USER/CIRCUITPY" % (drive, where))
    if not os.path.isdir(drive):
        if os.path.exists(drive):
            raise DeployError("%s is not a folder: name the mounted CIRCUITPY drive, e.g. "
                              "/media/$USER/CIRCUITPY" % drive)
        raise DeployError("drive %s does not exist: is the board plugged in and CIRCUITPY mounted?" % drive)
    if not os.path.isfile(os.path.join(drive, BOOT_OUT)):
        raise DeployError("%s is not a CIRCUITPY drive: it has no %s, which CircuitPython writes at "
                          "every start (name the mounted drive; if it is one, press the board's reset "
                          "and try again)" % (drive, BOOT_OUT))


def _write_manifest(drive, rels):
    tmp = os.path.join(drive, MANIFEST + TMP)
    with open(tmp, "w") as f:
        f.write("".join(r + "\n" for r in sorted(rels)))
    os.replace(tmp, os.path.join(drive, MANIFEST))


def _manifest_text(rels):
    return "".join(r + "\n" for r in sorted(rels))


def _same(src, dst):
    if not os.path.isfile(dst) or os.path.getsize(src) != os.path.getsize(dst):
        return False
    with open(src, "rb") as a, open(dst, "rb") as b:
        return a.read() == b.read()


def _twin(rel):
    """The other form of a shipped module (x.py for x.mpy and back), or None."""
    if rel == "code.py" or "/" not in rel:
        return None  # code.py runs as source; CircuitPython never looks for code.mpy
    if rel.endswith(".mpy"):
        return rel[:-4] + ".py"
    if rel.endswith(".py"):
        return rel[:-3] + ".mpy"
    return None


def _has_settings(drive):
    """Whether the drive has a settings.toml (FAT ignores case; so does this)."""
    return any(n.lower() == SETTINGS for n in os.listdir(drive))


def _block(drive):
    """The drive's allocation unit (512-byte clusters on a Pico's CIRCUITPY)."""
    try:
        st = os.statvfs(drive)
        return max(st.f_frsize or st.f_bsize, 1)
    except (AttributeError, OSError):
        return CLUSTER


def _size(path):
    return os.path.getsize(path) if os.path.isfile(path) else 0


def plan(drive, src):
    """What a deploy of ``src`` onto ``drive`` would do, without touching either."""
    new = read_manifest(os.path.join(src, MANIFEST))
    old_path = os.path.join(drive, MANIFEST)
    old = read_manifest(old_path) if os.path.isfile(old_path) else []
    shipped = set(new)
    stale = [rel for rel in sorted(set(old) - shipped - {SETTINGS, BOOT_OUT})
             if os.path.isfile(os.path.join(drive, rel))]
    twins = sorted({t for t in map(_twin, new) if t and t not in shipped and t not in stale
                    and os.path.isfile(os.path.join(drive, t))})
    # Temporary files an interrupted deploy left behind.
    leftovers = sorted(rel + TMP for rel in set(old) | shipped | {SETTINGS, MANIFEST}
                       if os.path.isfile(os.path.join(drive, rel + TMP)))
    copy = [rel for rel in sorted(new, key=lambda r: (r == "code.py", r))
            if not _same(os.path.join(src, rel), os.path.join(drive, rel))]
    settings = os.path.isfile(os.path.join(src, SETTINGS)) and not _has_settings(drive)
    return {"new": new, "old": old, "stale": stale, "twins": twins, "leftovers": leftovers,
            "copy": copy, "settings": settings,
            "unchanged": [rel for rel in new if rel not in set(copy)]}


def check_space(drive, src, p):
    """Raise DeployError unless the plan ``p`` fits at every step; returns the bytes to spare
    at its tightest step (0 or more)."""
    block = _block(drive)

    def blocks(n):
        return -(-n // block) * block

    free = shutil.disk_usage(drive).free
    room = free
    gone = p["stale"] + p["twins"] + p["leftovers"]
    room += sum(blocks(_size(os.path.join(drive, rel))) for rel in gone)
    given_back = room - free
    margin = room  # the least room left at any one step
    old_manifest = blocks(_size(os.path.join(drive, MANIFEST)))
    union = blocks(len(_manifest_text(set(p["old"]) | set(p["new"])).encode()))
    final = blocks(len(_manifest_text(p["new"]).encode()))
    new_dirs = set()
    steps = [(MANIFEST, union, old_manifest)]
    if p["settings"]:
        steps.append((SETTINGS, blocks(_size(os.path.join(src, SETTINGS))), 0))
    for rel in p["copy"]:
        steps.append((rel, blocks(_size(os.path.join(src, rel))), blocks(_size(os.path.join(drive, rel)))))
    steps.append((MANIFEST, final, union))
    for rel, size, replaced in steps:
        extra = 0
        parent = os.path.dirname(rel)
        while parent and parent not in new_dirs and not os.path.isdir(os.path.join(drive, parent)):
            new_dirs.add(parent)
            extra += block  # a new folder's first cluster
            parent = os.path.dirname(parent)
        if not replaced:
            extra += ENTRY  # the new name's directory entries (and the temporary name's)
        need = size + extra + ENTRY  # the file under its temporary name, the old one still there
        margin = min(margin, room - need)
        room -= size + extra - replaced
    if margin < 0:
        raise DeployError(
            "not enough room on %s: the build needs %s bytes more than the drive has (%s bytes "
            "free, %s more from the files it replaces or removes); nothing was written: delete "
            "files of your own from the drive (keep boot_out.txt) and run make deploy again"
            % (drive, format(-margin, ","), format(free, ","), format(given_back, ",")))
    return margin


def _advice(e):
    if e.errno == errno.ENOSPC:
        return "make room on the drive (delete files of your own, keep boot_out.txt)"
    if e.errno == errno.EROFS:
        return "the drive is read-only (is it mounted read-only, or does a boot.py lock it?): fix that"
    return "check that the drive is still mounted"


def _put(src_path, dst_path):
    """Write ``dst_path`` under its temporary name, then rename it over the old one."""
    tmp = dst_path + TMP
    try:
        with open(src_path, "rb") as f:
            data = f.read()
        with open(tmp, "wb") as g:
            g.write(data)
            g.flush()
            os.fsync(g.fileno())
        os.replace(tmp, dst_path)
    except BaseException:
        try:
            os.remove(tmp)
        except OSError:
            pass
        raise


def deploy(drive, src=None, quiet=False):
    """Make ``drive`` hold the build in ``src``; returns {"copied", "unchanged", "deleted", "settings"}."""
    src = src or os.path.join(ROOT, "dist", "CIRCUITPY")
    check_drive(drive)
    if not os.path.isfile(os.path.join(src, MANIFEST)):
        raise DeployError("no build in %s: run 'make build' first" % src)
    if os.path.realpath(drive) == os.path.realpath(src):
        raise DeployError("the drive and the build are the same folder: %s" % drive)
    p = plan(drive, src)
    check_space(drive, src, p)

    deleted = []
    step = "remove old files from"
    try:
        # Stale files first (frees space; an old engine/x.py would shadow a new x.mpy).
        for rel in p["leftovers"] + p["stale"] + p["twins"]:
            os.remove(os.path.join(drive, rel))
            if not rel.endswith(TMP):
                deleted.append(rel)
            parent = os.path.dirname(rel)
            while parent and os.path.isdir(os.path.join(drive, parent)) \
                    and not os.listdir(os.path.join(drive, parent)):
                os.rmdir(os.path.join(drive, parent))
                parent = os.path.dirname(parent)
        # Until the copy is done, the drive's manifest names old and new files, so an
        # interrupted deploy still knows everything it may have written.
        step = "write %s on" % MANIFEST
        _write_manifest(drive, set(p["old"]) | set(p["new"]))
        if p["settings"]:
            step = "write %s on" % SETTINGS
            _put(os.path.join(src, SETTINGS), os.path.join(drive, SETTINGS))
        for rel in p["copy"]:
            step = "write %s on" % rel
            d = os.path.join(drive, rel)
            os.makedirs(os.path.dirname(d), exist_ok=True)
            _put(os.path.join(src, rel), d)
        step = "write %s on" % MANIFEST
        _write_manifest(drive, p["new"])
    except OSError as e:
        tmp = os.path.join(drive, MANIFEST + TMP)
        if os.path.isfile(tmp):
            os.remove(tmp)
        raise DeployError("could not %s %s (%s): the drive now holds part of the new build, every file "
                          "whole; %s and run make deploy again"
                          % (step, drive, e.strerror or e, _advice(e)))
    if hasattr(os, "sync"):
        os.sync()
    if not quiet:
        print("Deployed %s to %s: %d copied, %d unchanged, %d deleted"
              % (_show(src), drive, len(p["copy"]), len(p["unchanged"]), len(deleted)))
        for rel in deleted:
            why = " (it would be imported instead of the new build's)" if rel in p["twins"] else ""
            print("  deleted %s%s" % (rel, why))
        if p["settings"]:
            print("  wrote %s: every setting commented out, see the file" % SETTINGS)
        elif os.path.isfile(os.path.join(src, SETTINGS)):
            print("  kept the drive's own %s" % SETTINGS)
    return {"copied": p["copy"], "unchanged": p["unchanged"], "deleted": deleted,
            "settings": p["settings"]}


def main(argv=None):
    ap = argparse.ArgumentParser(prog="python -m tools.deploy", description=__doc__.split("\n")[0])
    ap.add_argument("drive", nargs="?", help="the mounted CIRCUITPY drive, e.g. /media/$USER/CIRCUITPY")
    ap.add_argument("--src", help="the build to copy (default: dist/CIRCUITPY)")
    ap.add_argument("--check", action="store_true", help="only check that DRIVE is a CIRCUITPY drive")
    args = ap.parse_args(argv)
    if not args.drive:
        print(USAGE, file=sys.stderr)
        return 2
    try:
        if args.check:
            check_drive(args.drive)
        else:
            deploy(args.drive, args.src)
    except DeployError as e:
        print("deploy failed: %s" % e, file=sys.stderr)
        return 1
    except OSError as e:
        print("deploy failed: %s: %s" % (e.filename or args.drive, e.strerror or e), file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
