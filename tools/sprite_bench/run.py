"""Measure sanbon.sprites' two modes on the real CircuitPython interpreter, on
an emulated Pico (rp2040js), and write docs/sprites.json:

    python -m tools.sprite_bench.run [--rp2040 DIR] [--out docs/sprites.json]

DIR ($SANBON_RP2040, else shared/rp2040 one or two folders above the project) holds the
CircuitPython 10.2.1 Pico firmware, the bootrom, a blank CIRCUITPY image,
mkimage.sh and runner.mjs (its README says what they are). Needs Node.js,
``npm install --no-save rp2040js@1.4.1`` and mtools. It builds the drive
(tools.build), puts tools/sprite_bench/code.py on it as code.py with the test
sheet (make_sheet.py) as lib/sanbon/sbench.bmp and SANBON_BOARD =
"pico_display2" (a Pico with the 320x240 Pico Display Pack 2.0: the ST7789
driver over SPI at 62.5 MHz), boots it and reads the "SPRITE" lines. Each
mode runs twice; the figures are the second run's (the first run's agree
within 1%: see "runs").
"""

import argparse
import datetime
import json
import os
import subprocess
import sys
import tempfile

from tools import art
from tools.sprite_bench import make_sheet

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
HERE = os.path.join(ROOT, "tools", "sprite_bench")


def parse(lines):
    runs = []
    info = {}
    for line in lines:
        i = line.find("SPRITE ")
        if i < 0:
            continue
        w = line[i:].split()
        if len(w) == 4 and w[1] in ("disk", "ram"):
            mode, key, val = w[1], w[2], w[3]
            if key == "heap_sheet":
                runs.append({"mode": mode})
            runs[-1][key] = float(val) if "." in val else int(val)
        elif w[1] == "board":
            info["board"] = "%s %sx%s" % (w[2], w[3], w[4])
            info["sheet_tiles"] = int(w[6])
        elif w[1] == "free_start":
            info["free_start"] = int(w[2])
    return info, runs


def main(argv=None):
    ap = argparse.ArgumentParser()
    near = [os.path.join(ROOT, *[".."] * k + ["shared", "rp2040"]) for k in (1, 2)]
    ap.add_argument("--rp2040", default=os.environ.get("SANBON_RP2040") or ([p for p in near if os.path.isdir(p)] + near)[0])
    ap.add_argument("--out", default=os.path.join(ROOT, "docs", "sprites.json"))
    a = ap.parse_args(argv)
    rp = os.path.abspath(a.rp2040)
    subprocess.run([sys.executable, "-m", "tools.build"], cwd=ROOT, check=True, stdout=subprocess.DEVNULL)
    with tempfile.TemporaryDirectory() as tmp:
        drive = os.path.join(tmp, "drive")
        subprocess.run(["cp", "-r", os.path.join(ROOT, "dist", "CIRCUITPY"), drive], check=True)
        subprocess.run(["cp", os.path.join(HERE, "code.py"), os.path.join(drive, "code.py")], check=True)
        with open(os.path.join(drive, "lib", "sanbon", "sbench.bmp"), "wb") as f:
            f.write(art.bmp(make_sheet.rows(), make_sheet.PALETTE))
        settings = os.path.join(tmp, "settings.toml")
        with open(settings, "w") as f:
            f.write('SANBON_BOARD = "pico_display2"\n')
        img = os.path.join(tmp, "drive.img")
        subprocess.run(["sh", os.path.join(rp, "mkimage.sh"), img, drive, settings, os.path.join(rp, "circuitpy-blank.img")],
                       check=True, stdout=subprocess.DEVNULL)
        env = dict(os.environ, RP2040JS_DIR=os.path.join(ROOT, "node_modules", "rp2040js"),
                   SCENARIO=os.path.join(HERE, "scenario.mjs"), CP_FS_IMAGE=img, XIP_MISS_CYCLES="60",
                   MAX_WALL_S="3000")
        p = subprocess.run(["node", os.path.join(rp, "runner.mjs")], cwd=tmp, env=env, capture_output=True, text=True)
    lines = p.stdout.splitlines()
    info, runs = parse(lines)
    if len(runs) < 4 or "row_ms" not in runs[-1]:
        sys.stdout.write(p.stdout[-3000:] + p.stderr[-2000:])
        print("sprite bench: incomplete run")
        return 1
    sheet = make_sheet.rows()
    modes = {}
    for r in runs:
        modes[r["mode"]] = r  # the last run of each mode
    out = {
        "command": "python -m tools.sprite_bench.run",
        "firmware": "CircuitPython 10.2.1 raspberry_pi_pico, rp2040js 1.4.1 (XIP_MISS_CYCLES=60)",
        "screen": "240x240 of 16x16 sprites: 225 TileGrids in a Group, plus a cursor sprite",
        "sheet": "%dx%d, %d tiles of 16x16, 4 bits a pixel (%d B of pixels)" % (
            len(sheet[0]), len(sheet), info.get("sheet_tiles", 0), len(sheet[0]) * len(sheet) // 2),
        "date": datetime.date.today().isoformat(),
        "modes": modes,
        "runs": runs,
    }
    out.update(info)
    with open(a.out, "w") as f:
        json.dump(out, f, indent=1, sort_keys=True)
        f.write("\n")
    for m in ("disk", "ram"):
        print(m, modes[m])
    return 0


if __name__ == "__main__":
    sys.exit(main())
