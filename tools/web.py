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
import contextlib
import http.server
import json
import os
import shutil
import statistics
import struct
import subprocess
import sys
import tempfile
import threading

from tools import mpyc

ROOT = mpyc.ROOT
WEB = os.path.join(ROOT, "web")
OUT = os.path.join(ROOT, "dist", "web")
MP_PACKAGE = os.path.join(ROOT, "node_modules", "@micropython", "micropython-webassembly-pyscript")
PAGE_FILES = ("index.html", "sanbon.mjs", "machine.mjs", "render.mjs", "replay.mjs", "page.css")
PORT = 8032
LIMIT = 3 * 1024 * 1024  # the whole folder, at most
TITLES = {"kyudo": 0, "kendo": 1, "okko": 2}  # the games' rows below the main menu's first
WEB_JSON = os.path.join(ROOT, "docs", "web.json")


def page_module(name):
    """One of the page's own modules (web/py: record_play, pokes), which the
    host's tools share. Their folder goes last on sys.path: the page's
    displayio there must not hide Blinka's."""
    import importlib

    folder = os.path.join(WEB, "py")
    if folder not in sys.path:
        sys.path.append(folder)
    return importlib.import_module(name)


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


@contextlib.contextmanager
def served(out):
    """The page in ``out`` served on a free localhost port while the block
    runs: its address."""
    server = serve(out, port=0)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        yield "http://127.0.0.1:%d/" % server.server_address[1]
    finally:
        server.shutdown()


def chromium():
    """Debian's Chromium (or SANBON_CHROMIUM's), or None."""
    return os.environ.get("SANBON_CHROMIUM") or shutil.which("chromium") or shutil.which("chromium-browser")


def run_checks(url, checks, out, browser=None, **extra):
    """tools/web_check.mjs's ``checks`` on the page at ``url`` in headless
    Chromium: (its results, or None, and the error text)."""
    from tools.device import plan

    config = {
        "url": url, "chromium": browser or chromium(), "checks": list(checks), "out": out,
        "plan": {"instant": [s["press"] for s in plan.INSTANT if "press" in s], "setup": dict(plan.SETUP),
                 "titles": TITLES},
    }
    config.update(extra)
    path = os.path.join(out, "web-check.json")
    with open(path, "w") as f:
        json.dump(config, f)
    proc = subprocess.run(["node", os.path.join(ROOT, "tools", "web_check.mjs"), path], cwd=ROOT,
                          capture_output=True, text=True, timeout=3600)
    if proc.returncode != 0 or not proc.stdout.strip():
        return None, (proc.stderr or proc.stdout)[-3000:]
    return json.loads(proc.stdout.strip().splitlines()[-1]), ""


def bench(out=OUT):
    """Measure the page in headless Chromium on this machine into
    docs/web.json (python -m tools.web --bench): the folder's size, page load
    to the main menu, presses answered, a computer game of each title."""
    import datetime

    total = build(out)
    with served(out) as url, tempfile.TemporaryDirectory() as tmp:
        res, err = run_checks(url, ["speed", "games", "human"], tmp)
    if res is None:
        raise SystemExit("tools.web --bench: the browser check failed:\n" + err)
    for name in ("speed", "games", "human"):
        if "error" in res[name]:
            raise SystemExit("tools.web --bench: %s failed: %s" % (name, res[name]["error"]))
    speed = res["speed"]
    in_game = [t for h in res["human"].values() for t in h["presses"]]
    commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True,
                            text=True).stdout.strip()
    doc = {
        "date": datetime.date.today().isoformat(), "commit": commit, "cpus": os.cpu_count(),
        "browser": subprocess.run([chromium(), "--version"], capture_output=True, text=True).stdout.strip(),
        "bytes": total, "files": {n: os.path.getsize(os.path.join(out, n)) for n in sorted(os.listdir(out))},
        "load_ms": [round(v, 1) for v in speed["loads"]],
        "menu_press_ms": [round(v, 1) for v in speed["presses"]],
        "game_press_ms": [round(v, 1) for v in in_game],
        "games": {g: {"wall_ms": r["wall_ms"], "virtual_ms": r["virtual_ms"], "ended": r["ended"],
                      "end": r["end"].split("\n")[0], "title": r["setup"].split("\n")[0].replace("Setup: ", ""),
                      "seats": ", ".join(l.strip() for l in r["setup"].split("\n") if l.strip()[:1] == "P" and
                                         l.strip()[1:2].isdigit())} for g, r in res["games"].items()},
    }
    with open(WEB_JSON, "w") as f:
        json.dump(doc, f, indent=1, sort_keys=True)
        f.write("\n")
    from tools import bench as benchmarks

    benchmarks.splice_section("## 13. ", lambda above: benchmarks.web_section())
    return doc


SHOTS = (  # docs/screenshots/web-*.png: (name, board, steps: button names or "choose:<row>", split by "|")
    ("web-menu-pico_display2.png", "pico_display2", ""),
    ("web-kyudo-pico_display2.png", "pico_display2", "A|choose:Start|WAIT:500|A|WAIT:300"),
    ("web-okko-picosystem.png", "picosystem", "Y,Y,A|choose:Start|WAIT:500"),
    ("web-kendo-pico_display.png", "pico_display", "Y,A|choose:Start|WAIT:500|Y"),
)


def shots(out=OUT, folder=os.path.join(ROOT, "docs", "screenshots")):
    """The page's screenshots for the README (python -m tools.web --shots)."""
    build(out)
    with served(out) as url:
        res, err = run_checks(url, ["shots"], folder, shots=[list(s) for s in SHOTS])
    os.remove(os.path.join(folder, "web-check.json"))
    if res is None or "error" in res["shots"]:
        raise SystemExit("tools.web --shots failed: %s" % (err or res["shots"]["error"]))
    return res["shots"]


def main(argv=None):
    parser = argparse.ArgumentParser(prog="make web", description=__doc__.split("\n")[0])
    parser.add_argument("--build-only", action="store_true", help="build dist/web and stop")
    parser.add_argument("--port", type=int, default=PORT, help="the port to serve on (default %d)" % PORT)
    parser.add_argument("--out", default=OUT, help="the folder to build (default dist/web)")
    parser.add_argument("--bench", action="store_true", help="measure the page in headless Chromium into "
                        "docs/web.json and section 13 of docs/BENCHMARKS.md")
    parser.add_argument("--shots", action="store_true", help="write the page's screenshots into docs/screenshots/")
    args = parser.parse_args(argv)
    if args.shots:
        print("wrote docs/screenshots/%s" % ", ".join(shots(args.out)))
        return 0
    if args.bench:
        doc = bench(args.out)
        print("page load to the menu: median %.0f ms; a press: median %.1f ms; written to docs/web.json and "
              "docs/BENCHMARKS.md" % (statistics.median(doc["load_ms"]),
                                     statistics.median(doc["menu_press_ms"] + doc["game_press_ms"])))
        return 0
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
