"""Sanbon in the browser: ``python -m tools.web [--build-only] [--port N] [--out DIR]``.

``make web`` runs it: it builds ``dist/web/`` and serves it on localhost,
printing the address. The folder is a static page that runs the same app on
MicroPython's WebAssembly port (the npm package the gate pins), with no
network use once served:

- ``index.html``, ``sanbon.mjs`` (the page), ``machine.mjs``, ``render.mjs``
  (web/: the handheld and its panel in JavaScript);
- ``micropython.mjs`` and ``micropython.wasm`` (node_modules, pinned);
- ``app.bin``: the app's files in one pack (web/machine.mjs ``unpack``):
  engine/, lib/sanbon/ and boards/ compiled to .mpy as for the device (the
  games' constants folded), the sprite sheets, boards/web.py and the page's
  own modules (web/py: displayio, vectorio, terminalio, keypad, web_main),
  and ``/font.bin``, the built-in font's glyphs as the simulator draws them.
"""

import argparse
import http.server
import os
import shutil
import struct
import sys
import tempfile

from tools import mpyc

ROOT = mpyc.ROOT
WEB = os.path.join(ROOT, "web")
OUT = os.path.join(ROOT, "dist", "web")
MP_PACKAGE = os.path.join(ROOT, "node_modules", "@micropython", "micropython-webassembly-pyscript")
PAGE_FILES = ("index.html", "sanbon.mjs", "machine.mjs", "render.mjs", "replay.mjs", "page.css")
PORT = 8032
LIMIT = 3 * 1024 * 1024  # the whole folder, at most


def font_bytes():
    """The built-in font as the simulator draws it: width, height, then a
    byte a pixel of the 95 printable ASCII glyphs side by side."""
    from tools.sim import quiet_env

    quiet_env(True)
    import contextlib
    import io

    with contextlib.redirect_stdout(io.StringIO()):
        import terminalio

        from boards import desktop
    tiles = desktop.font_tiles(terminalio.FONT)
    width, height = terminalio.FONT.get_bounding_box()[:2]
    out = bytearray((width, height))
    for y in range(tiles.height):
        for x in range(tiles.width):
            out.append(tiles[x, y])
    return bytes(out)


def app_files(tmp):
    """(name in the page's filesystem, bytes) of every file the app needs."""
    files = []
    for rel in mpyc.compile_tree(tmp):
        if rel.endswith(".mpy"):
            with open(os.path.join(tmp, rel), "rb") as f:
                files.append(("/app/" + rel.replace(os.sep, "/"), f.read()))
    extra = [("boards/web.py", "/app/boards/web.mpy")]
    for name in sorted(os.listdir(os.path.join(WEB, "py"))):
        if name.endswith(".py"):
            extra.append(("web/py/" + name, "/app/web/" + name[:-3] + ".mpy"))
    for src, dst in extra:
        out = os.path.join(tmp, "extra", os.path.basename(dst))
        mpyc.compile_file(os.path.join(ROOT, src), out, src)
        with open(out, "rb") as f:
            files.append((dst, f.read()))
    sprites = os.path.join(ROOT, "lib", "sanbon")
    for name in sorted(os.listdir(sprites)):
        if name.endswith(".bmp"):
            with open(os.path.join(sprites, name), "rb") as f:
                files.append(("/app/lib/sanbon/" + name, f.read()))
    files.append(("/font.bin", font_bytes()))
    return files


def pack(files):
    out = bytearray(struct.pack("<I", len(files)))
    for name, data in files:
        raw = name.encode()
        out += struct.pack("<H", len(raw)) + raw + struct.pack("<I", len(data)) + data
    return bytes(out)


def build(out=OUT):
    """Write the page into ``out``; returns its total size in bytes."""
    for name in ("micropython.mjs", "micropython.wasm"):
        if not os.path.exists(os.path.join(MP_PACKAGE, name)):
            raise SystemExit("tools.web: %s is missing: run `npm ci` (make does) first" % name)
    if os.path.isdir(out):
        shutil.rmtree(out)
    os.makedirs(out)
    with tempfile.TemporaryDirectory() as tmp:
        data = pack(app_files(tmp))
    with open(os.path.join(out, "app.bin"), "wb") as f:
        f.write(data)
    for name in PAGE_FILES:
        shutil.copyfile(os.path.join(WEB, name), os.path.join(out, name))
    for name in ("micropython.mjs", "micropython.wasm"):
        shutil.copyfile(os.path.join(MP_PACKAGE, name), os.path.join(out, name))
    total = sum(os.path.getsize(os.path.join(out, n)) for n in os.listdir(out))
    if total > LIMIT:
        raise SystemExit("tools.web: dist/web is %d bytes, over the %d-byte limit" % (total, LIMIT))
    return total


class Handler(http.server.SimpleHTTPRequestHandler):
    extensions_map = dict(http.server.SimpleHTTPRequestHandler.extensions_map,
                          **{".mjs": "text/javascript", ".wasm": "application/wasm", ".bin": "application/octet-stream"})

    def log_message(self, format, *args):  # quiet: the address line is what matters
        pass


def serve(out=OUT, port=PORT, host="127.0.0.1"):
    """A server of ``out`` on localhost (port 0: any free one); returns it
    (call serve_forever(), or shutdown() from another thread)."""
    handler = lambda *a, **k: Handler(*a, directory=out, **k)  # noqa: E731
    return http.server.ThreadingHTTPServer((host, port), handler)


def main(argv=None):
    parser = argparse.ArgumentParser(prog="make web", description=__doc__.split("\n")[0])
    parser.add_argument("--build-only", action="store_true", help="build dist/web and stop")
    parser.add_argument("--port", type=int, default=PORT, help="the port to serve on (default %d)" % PORT)
    parser.add_argument("--out", default=OUT, help="the folder to build (default dist/web)")
    args = parser.parse_args(argv)
    total = build(args.out)
    print("built %s: %d files, %.1f MB" % (os.path.relpath(args.out, ROOT), len(os.listdir(args.out)), total / 1e6))
    if args.build_only:
        return 0
    try:
        server = serve(args.out, args.port)
    except OSError as e:
        print("make web: cannot serve on port %d (%s): try make web ARGS=\"--port 8040\"" % (args.port, e.strerror))
        return 1
    print("Sanbon in the browser: http://localhost:%d/  (Ctrl+C stops)" % server.server_address[1])
    sys.stdout.flush()
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    return 0


if __name__ == "__main__":
    sys.exit(main())
