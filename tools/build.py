"""Build the CIRCUITPY drive's contents: ``python -m tools.build [--py] [--out DIR]``.

Lays out, in ``dist/CIRCUITPY`` by default:

- ``code.py`` as source (CircuitPython runs it from source);
- our packages (engine/, lib/sanbon/, boards/) compiled to CircuitPython .mpy
  by tools.mpyc (``--py``: plain .py files instead; MPY_CROSS picks the compiler);
- the third-party libraries pinned in requirements-device.txt, downloaded from
  PyPI once into .cache/device-libs/, in ``lib/`` (compiled the same way);
- ``.sanbon-manifest``: every file above, one relative path a line, which
  tools.deploy uses to delete only what an earlier build put on the drive;
- ``settings.toml``: every setting the device reads, each commented out with
  what it does (from tools/settings.toml.in). It is not in the manifest: it is
  the user's file once on the drive, and tools.deploy copies it only onto a
  drive that has none.

Then it prints how much of the drive the build fills.
"""

import argparse
import os
import re
import shutil
import subprocess
import sys
import tarfile
import tempfile
import zipfile

from tools import mpyc
from tools.mpyc import CompileError

ROOT = mpyc.ROOT
MANIFEST = ".sanbon-manifest"
SETTINGS = "settings.toml"
# The commented settings.toml the build ships (tests/test_build.py checks it
# names every os.getenv key of code.py, boards/ and lib/).
SETTINGS_TEMPLATE = os.path.join(ROOT, "tools", "settings.toml.in")
# CIRCUITPY on a 2 MB Raspberry Pi Pico (RP2040): CircuitPython keeps the first
# 1 MB of flash for itself and formats the other 1 MiB as a FAT filesystem with
# 512-byte sectors and one sector per cluster. The FAT tables and root directory
# use a few KB of it, so the space really free for files is a little less.
CAPACITY = 1024 * 1024
CLUSTER = 512
# Parts of a wheel or sdist that are not the library itself.
NOT_LIBRARY = {"tests", "test", "examples", "example", "docs", "doc", "setup.py", "conf.py"}


class BuildError(Exception):
    pass


def read_requirements(path):
    """[(name, version)] from a file of ``name==version`` lines."""
    pins = []
    with open(path) as f:
        for n, line in enumerate(f, 1):
            line = line.split("#", 1)[0].strip()
            if not line:
                continue
            name, sep, version = line.partition("==")
            if not sep or not name.strip() or not version.strip():
                raise BuildError("%s:%d: expected name==version, got %r" % (path, n, line))
            pins.append((name.strip(), version.strip()))
    return pins


def _show(path):
    """``path`` relative to the repo when inside it, for messages."""
    rel = os.path.relpath(path, ROOT)
    return path if rel.startswith("..") else rel


def _norm(name):
    return re.sub(r"[-_.]+", "_", name).lower()


def _cached(cache, name, version):
    """The wheel (preferred) or sdist for name==version in ``cache``, or None."""
    if not os.path.isdir(cache):
        return None
    found = {}
    for fn in os.listdir(cache):
        if fn.endswith(".whl"):
            kind, parts = "whl", fn[:-4].split("-")
        elif fn.endswith((".tar.gz", ".zip")):
            kind, parts = "sdist", fn.rsplit(".", 2 if fn.endswith(".tar.gz") else 1)[0].rsplit("-", 1)
        else:
            continue
        if len(parts) >= 2 and _norm(parts[0]) == _norm(name) and parts[1] == version:
            found[kind] = os.path.join(cache, fn)
    return found.get("whl") or found.get("sdist")


def fetch(name, version, cache):
    """Path of the wheel or sdist of name==version, downloading it into ``cache`` if missing."""
    path = _cached(cache, name, version)
    if path:
        return path
    os.makedirs(cache, exist_ok=True)
    pip = [sys.executable, "-m", "pip", "download", "--disable-pip-version-check",
           "--no-deps", "-d", cache, "%s==%s" % (name, version)]
    err = ""
    for only in ("--only-binary=:all:", "--no-binary=:all:"):  # a wheel, else the sdist
        proc = subprocess.run(pip + [only], capture_output=True, text=True)
        path = _cached(cache, name, version)
        if proc.returncode == 0 and path:
            return path
        err = (proc.stderr or proc.stdout).strip()
    tail = "\n".join(err.splitlines()[-3:])
    raise BuildError(
        "could not download %s==%s with pip: PyPI must be reachable, or %s must already "
        "hold its wheel or sdist.\n%s" % (name, version, _show(cache), tail))


def extract(archive, dest):
    """Unpack the importable top-level modules and packages of a wheel or sdist.

    Keeps .py files only: no dist-info, tests, examples, docs or packaging
    scripts. Returns (module names, .py paths relative to ``dest``).
    """
    if archive.endswith(".whl"):
        with zipfile.ZipFile(archive) as z:
            members = {n: z.read(n) for n in z.namelist() if not n.endswith("/")}
    elif archive.endswith(".zip"):  # sdists: drop their "name-version/" folder
        with zipfile.ZipFile(archive) as z:
            members = {n.split("/", 1)[1]: z.read(n) for n in z.namelist()
                       if "/" in n and not n.endswith("/")}
    else:
        with tarfile.open(archive) as t:
            members = {m.name.split("/", 1)[1]: t.extractfile(m).read() for m in t.getmembers()
                       if "/" in m.name and m.isfile()}
    packages = {n.split("/")[0] for n in members if n.count("/") == 1 and n.endswith("/__init__.py")}
    modules, files = set(), []
    for n, data in members.items():
        top = n.split("/")[0]
        parts = n.split("/")
        if not n.endswith(".py") or NOT_LIBRARY & set(parts) or top.endswith((".dist-info", ".data")):
            continue
        if len(parts) == 1:
            modules.add(n[:-3])
        elif top in packages:
            modules.add(top)
        else:
            continue
        if ".." in parts or n.startswith("/"):
            raise BuildError("%s: unsafe path %r" % (archive, n))
        path = os.path.join(dest, n)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "wb") as f:
            f.write(data)
        files.append(n)
    if not modules:
        raise BuildError("%s holds no importable module" % os.path.basename(archive))
    return sorted(modules), sorted(files)


def _copy(src_root, rels, out_dir):
    for rel in rels:
        dst = os.path.join(out_dir, rel)
        os.makedirs(os.path.dirname(dst), exist_ok=True)
        shutil.copyfile(os.path.join(src_root, rel), dst)
    return list(rels)


def _copy_folded(src_root, rels, out_dir):
    """Our sources as .py, with the games' named constants folded as in an .mpy build."""
    for rel in rels:
        dst = os.path.join(out_dir, rel)
        os.makedirs(os.path.dirname(dst), exist_ok=True)
        with open(dst, "w", encoding="utf-8") as f:
            f.write(mpyc.folded(os.path.join(src_root, rel), src_root))
    return list(rels)


def sprite_sheets(root):
    """The sprite sheets that ship: lib/sanbon/*.bmp, relative to ``root``."""
    d = os.path.join(root, "lib", "sanbon")
    return sorted("lib/sanbon/" + f for f in os.listdir(d) if f.endswith(".bmp"))


def _wipe(out):
    """Remove ``out`` if it is safe to: never the repo or its parents, nor a
    non-empty folder that an earlier build did not make."""
    real = os.path.realpath(out)
    if os.path.realpath(ROOT).startswith(real.rstrip(os.sep) + os.sep) or real == os.path.realpath(ROOT):
        raise BuildError("refusing to use %s as the output folder: it holds the repository" % out)
    if os.path.isdir(out) and os.listdir(out) and not os.path.exists(os.path.join(out, MANIFEST)):
        raise BuildError("refusing to wipe %s: it is not empty and holds no %s from an "
                         "earlier build" % (out, MANIFEST))
    if os.path.lexists(out):
        shutil.rmtree(out)


def build(out=None, py=False, cross=None, quiet=False, root=None, requirements=None, cache=None):
    """Build the drive's contents into ``out``; returns a summary dict (see report())."""
    root = root or ROOT
    out = out or os.path.join(ROOT, "dist", "CIRCUITPY")
    requirements = requirements or os.path.join(ROOT, "requirements-device.txt")
    cache = cache or os.path.join(ROOT, ".cache", "device-libs")
    pins = read_requirements(requirements)
    _wipe(out)
    os.makedirs(out)
    try:
        # Our code first: a syntax error fails the build before any download.
        if py:
            ours = _copy_folded(root, mpyc.device_sources(root), out)
        else:
            ours = mpyc.compile_tree(out, root=root, circuitpython=True, cross=cross)
        ours += _copy(root, sprite_sheets(root), out)  # the games' sprite sheets (tools/art)
        taken = {p.split("/")[1].split(".")[0] for p in ours if p.startswith("lib/")}
        libs, lib_files = {}, []
        with tempfile.TemporaryDirectory() as tmp:
            for name, version in pins:
                src = os.path.join(tmp, _norm(name))
                modules, rels = extract(fetch(name, version, cache), src)
                for m in modules:
                    if m in taken:
                        raise BuildError("%s==%s ships lib/%s, which another library or "
                                         "our lib/ already has" % (name, version, m))
                    taken.add(m)
                    libs[m] = "%s==%s" % (name, version)
                lib_out = os.path.join(out, "lib")
                if py:
                    written = _copy(src, rels, lib_out)
                else:
                    written = mpyc.compile_tree(lib_out, root=src, sources=rels,
                                                circuitpython=True, cross=cross)
                lib_files += ["lib/" + w for w in written]
        files = sorted(ours + lib_files)
        shutil.copyfile(SETTINGS_TEMPLATE, os.path.join(out, SETTINGS))
        with open(os.path.join(out, MANIFEST), "w") as f:
            f.write("".join(p + "\n" for p in files))
    except BaseException:
        shutil.rmtree(out, ignore_errors=True)  # never leave a half build to deploy
        raise

    def size(rels):
        return sum(os.path.getsize(os.path.join(out, r)) for r in rels)

    result = {
        "out": out, "py": py, "files": files, "settings": SETTINGS, "libs": sorted(libs), "pins": libs,
        "our_bytes": size(ours), "lib_bytes": size(lib_files), "total_bytes": size(files),
        "drive_bytes": sum(-(-os.path.getsize(os.path.join(out, r)) // CLUSTER) * CLUSTER
                           for r in files + [MANIFEST, SETTINGS]),
        "capacity": CAPACITY,
    }
    if not quiet:
        report(result)
    return result


def report(r):
    pct = 100.0 * r["drive_bytes"] / r["capacity"]
    pins = sorted(set(r["pins"].values()))
    pins = ", ".join(p.replace("adafruit-circuitpython-", "").replace("==", " ") for p in pins)
    print("Built %s (%s): %d files" % (_show(r["out"]), ".py" if r["py"] else ".mpy", len(r["files"])))
    print("  our code   %9s bytes  code.py, engine/, lib/sanbon/, boards/" % format(r["our_bytes"], ","))
    print("  libraries  %9s bytes  %s" % (format(r["lib_bytes"], ","), pins))
    print("  total      %9s bytes  %s bytes on the drive (%d-byte clusters)"
          % (format(r["total_bytes"], ","), format(r["drive_bytes"], ","), CLUSTER))
    print("  %s  every setting commented out (deploy copies it only onto a drive without one)"
          % r.get("settings", SETTINGS))
    print("  CIRCUITPY  %.1f%% full (a 2 MB Pico's drive holds %s bytes)" % (pct, format(r["capacity"], ",")))
    if r["drive_bytes"] > r["capacity"]:
        print("\n!!! WARNING: the build is %s bytes OVER the CIRCUITPY drive: it will not fit. !!!\n"
              % format(r["drive_bytes"] - r["capacity"], ","), file=sys.stderr)


def main(argv=None):
    ap = argparse.ArgumentParser(prog="python -m tools.build", description=__doc__.split("\n")[0])
    ap.add_argument("--py", action="store_true", help="ship .py sources instead of .mpy")
    ap.add_argument("--out", help="output folder (default: dist/CIRCUITPY)")
    args = ap.parse_args(argv)
    return reported("build", lambda: build(out=args.out, py=args.py))


def reported(what, job, errors=()):
    """Run ``job()``; 0, or 1 after one message on stderr saying why ``what``
    failed (a file mpy-cross could not compile, a BuildError or one of
    ``errors``, a missing file)."""
    try:
        job()
    except CompileError as e:
        lines = [ln for ln in str(e).splitlines() if not ln.startswith("Traceback (")]
        print("%s failed: mpy-cross could not compile:\n%s" % (what, "\n".join(lines)), file=sys.stderr)
        return 1
    except (BuildError,) + tuple(errors) as e:
        print("%s failed: %s" % (what, e), file=sys.stderr)
        return 1
    except FileNotFoundError as e:
        print("%s failed: %s: %s" % (what, e.strerror, e.filename), file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
