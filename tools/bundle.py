"""The project bundle a maker drags onto CIRCUITPY: ``python -m tools.bundle [--out DIR] [--build DIR]``.

Runs the normal build (tools.build, compiled .mpy, into ``dist/CIRCUITPY``
by default) and zips it as ``dist/sanbon-<version>-circuitpython-10.zip``
(``--out``: another folder), <version> being App.VERSION of
lib/sanbon/app.py. The zip holds one folder, ``sanbon-<version>-circuitpython-10/``,
with:

- ``CIRCUITPY/``: the build's folder as tools.build writes it, every file:
  code.py, lib/, engine/, boards/, the commented settings.toml and
  ``.sanbon-manifest`` (kept, so that a later ``make deploy`` onto a drive
  filled from the zip knows which files are Sanbon's and may go);
- ``READ-ME.txt``: what to install and how, in plain words, from
  tools/bundle-readme.txt.in.

The entries are sorted and carry one fixed timestamp and fixed permissions,
so the same build gives the same zip, byte for byte.
"""

import argparse
import ast
import os
import shutil
import sys
import zipfile

from tools import build as build_mod

ROOT = build_mod.ROOT
APP = os.path.join(ROOT, "lib", "sanbon", "app.py")
README_TEMPLATE = os.path.join(ROOT, "tools", "bundle-readme.txt.in")
README = "READ-ME.txt"
DRIVE = "CIRCUITPY"  # the folder in the zip whose contents go onto the drive
FIRMWARE = 10  # the CircuitPython major version the .mpy files are for
STAMP = (1980, 1, 1, 0, 0, 0)  # every entry's time: the earliest a zip can hold


class BundleError(Exception):
    pass


def version(path=APP):
    """App.VERSION, read from the source (the app is not imported)."""
    with open(path, encoding="utf-8") as f:
        tree = ast.parse(f.read(), path)
    for node in tree.body:
        if isinstance(node, ast.ClassDef) and node.name == "App":
            for item in node.body:
                if isinstance(item, ast.Assign) and any(
                        isinstance(t, ast.Name) and t.id == "VERSION" for t in item.targets):
                    if isinstance(item.value, ast.Constant) and isinstance(item.value.value, str):
                        return item.value.value
    raise BundleError("%s: no App.VERSION = \"...\" found" % build_mod._show(path))


def name(ver):
    """The zip's top folder (and, with .zip, its file name)."""
    return "sanbon-%s-circuitpython-%d" % (ver, FIRMWARE)


def tree_files(folder):
    """Every file under ``folder``, as sorted relative paths with "/"."""
    found = []
    for base, _, names in os.walk(folder):
        for n in names:
            found.append(os.path.relpath(os.path.join(base, n), folder).replace(os.sep, "/"))
    return sorted(found)


def readme(ver, template=README_TEMPLATE):
    with open(template, encoding="utf-8") as f:
        return f.read().replace("{version}", ver).replace("{firmware}", str(FIRMWARE))


def _entry(path, is_dir=False):
    info = zipfile.ZipInfo(path + ("/" if is_dir else ""), STAMP)
    info.create_system = 3  # Unix, whatever system makes the zip
    info.external_attr = ((0o40755 if is_dir else 0o100644) << 16) | (0x10 if is_dir else 0)
    info.compress_type = zipfile.ZIP_STORED if is_dir else zipfile.ZIP_DEFLATED
    return info


def write_zip(build_dir, zip_path, ver):
    """Zip ``build_dir`` (a tools.build output) with the READ-ME; returns the
    number of files in it."""
    if not os.path.isfile(os.path.join(build_dir, build_mod.MANIFEST)):
        raise BundleError("no build in %s (no %s)" % (build_mod._show(build_dir), build_mod.MANIFEST))
    top = name(ver)
    files = {top + "/" + README: readme(ver).encode("utf-8")}
    for rel in tree_files(build_dir):
        with open(os.path.join(build_dir, rel), "rb") as f:
            files["%s/%s/%s" % (top, DRIVE, rel)] = f.read()
    dirs = set()
    for path in files:
        parts = path.split("/")[:-1]
        for i in range(1, len(parts) + 1):
            dirs.add("/".join(parts[:i]))
    entries = sorted([(d + "/", None) for d in dirs] + list(files.items()))
    tmp = zip_path + ".tmp"
    with zipfile.ZipFile(tmp, "w") as z:
        for path, data in entries:
            if data is None:
                z.writestr(_entry(path[:-1], True), b"")
            else:
                z.writestr(_entry(path), data, compresslevel=9)
    os.replace(tmp, zip_path)
    return len(files)


def unpack(zip_path, dest):
    """Unzip a bundle into ``dest`` (emptied first); returns the path of its
    CIRCUITPY/ folder there: what goes onto the drive."""
    if os.path.lexists(dest):
        shutil.rmtree(dest)
    os.makedirs(dest)
    with zipfile.ZipFile(zip_path) as z:
        names = z.namelist()
        tops = {n.split("/", 1)[0] for n in names}
        if len(tops) != 1:
            raise BundleError("%s holds %d top folders, not one" % (zip_path, len(tops)))
        for n in names:
            if n.startswith("/") or ".." in n.split("/"):
                raise BundleError("%s: unsafe path %r" % (zip_path, n))
        z.extractall(dest)
    drive = os.path.join(dest, tops.pop(), DRIVE)
    if not os.path.isdir(drive):
        raise BundleError("%s has no %s/ folder" % (zip_path, DRIVE))
    return drive


def bundle(out=None, build_dir=None, quiet=False):
    """Build into ``build_dir`` and write the zip into ``out``; returns
    {"zip", "files", "bytes", "version", "build"} (build: tools.build's summary)."""
    out = out or os.path.join(ROOT, "dist")
    build_dir = build_dir or os.path.join(ROOT, "dist", DRIVE)
    summary = build_mod.build(out=build_dir, quiet=quiet)
    ver = version()
    os.makedirs(out, exist_ok=True)
    zip_path = os.path.join(out, name(ver) + ".zip")
    count = write_zip(build_dir, zip_path, ver)
    result = {"zip": zip_path, "files": count, "bytes": os.path.getsize(zip_path), "version": ver,
              "build": summary}
    if not quiet:
        print("Wrote %s: %s bytes, %d files (%s/ and %s: unzip, then copy what is inside %s/ "
              "onto the CIRCUITPY drive)" % (build_mod._show(zip_path), format(result["bytes"], ","),
                                             count, DRIVE, README, DRIVE))
    return result


def main(argv=None):
    ap = argparse.ArgumentParser(prog="python -m tools.bundle", description=__doc__.split("\n")[0])
    ap.add_argument("--out", help="the folder for the zip (default: dist)")
    ap.add_argument("--build", help="the folder for the build it zips (default: dist/CIRCUITPY)")
    args = ap.parse_args(argv)
    return build_mod.reported("bundle", lambda: bundle(out=args.out, build_dir=args.build), (BundleError,))


if __name__ == "__main__":
    sys.exit(main())
