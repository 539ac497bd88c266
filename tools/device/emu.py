"""Run a scenario on the emulated Pico (tools/device/emu.mjs) from Python.

    from tools.device import emu
    r = emu.run("tools/device/scenarios/boot.mjs", "pico_display2", "dist/CIRCUITPY")
    r.result, r.stats, r.lines, r.nvm

The firmware is not part of the repository: ``firmware()`` takes it from the
arguments or from the environment (SANBON_CP_UF2, SANBON_RP2040_BOOTROM) and
raises MissingFirmware, saying how to get it, when it is absent.
"""

import hashlib
import json
import os
import subprocess
import tempfile
from dataclasses import dataclass, field

from tools.device import fat

HERE = os.path.dirname(os.path.abspath(__file__))
EMU_MJS = os.path.join(HERE, "emu.mjs")
ROOT = os.path.dirname(os.path.dirname(HERE))

# The part of the ST7789's 320x320 panel memory each board shows, and how the
# panel is mounted: (x, y, w, h, rotation) as emu.mjs's --window takes it.
BOARDS = {
    "pico_display": (53, 40, 135, 240, "cw"),   # Pico Display Pack, 240x135
    "pico_display2": (0, 0, 240, 320, "cw"),    # Pico Display Pack 2.0, 320x240
}

HOW_TO_GET = """\
The emulated Pico needs two files that are not in this repository:
  - a CircuitPython 10 UF2 for the Raspberry Pi Pico
    (https://circuitpython.org/board/raspberry_pi_pico/), and
  - the RP2040 B1 bootrom, either as rp2040js's demo/bootrom.ts
    (https://github.com/wokwi/rp2040js) or as a 16 KiB binary dump.
Set SANBON_CP_UF2 and SANBON_RP2040_BOOTROM to their paths."""


class MissingFirmware(Exception):
    pass


def firmware(uf2=None, bootrom=None):
    """(uf2, bootrom) paths from the arguments or the environment."""
    uf2 = uf2 or os.environ.get("SANBON_CP_UF2")
    bootrom = bootrom or os.environ.get("SANBON_RP2040_BOOTROM")
    missing = [name for name, p in (("SANBON_CP_UF2", uf2), ("SANBON_RP2040_BOOTROM", bootrom))
               if not p or not os.path.isfile(p)]
    if missing:
        raise MissingFirmware(f"{', '.join(missing)}: not set or not a file.\n{HOW_TO_GET}")
    return uf2, bootrom


def boot_out(uf2, bootrom, node=None):
    """The boot_out.txt this firmware writes on the emulated Pico.

    CircuitPython writes boot_out.txt at every boot whose text differs from
    the file's: on a Pico that has run the build before (and on any drive
    `make deploy` copied to, which must hold it) the file is already there and
    nothing is written. A fresh image lacks it, and writing it cost 1.2 s of
    that boot on the emulated clock. Found once per firmware by booting an
    empty drive (no code.py), then kept in .cache/device/.
    """
    with open(uf2, "rb") as f:
        key = hashlib.sha1(f.read()).hexdigest()[:16]
    cache = os.path.join(ROOT, ".cache", "device", f"boot_out-{key}.txt")
    if os.path.exists(cache):
        with open(cache, "rb") as f:
            return f.read()
    work = tempfile.mkdtemp(prefix="sanbon-boot-out-")
    drive, after = os.path.join(work, "drive.img"), os.path.join(work, "after.img")
    with open(drive, "wb") as f:
        f.write(fat.make_image(None, ""))
    script = os.path.join(HERE, "scenarios", "boot_out.mjs")
    cmd = [node or os.environ.get("NODE", "node"), EMU_MJS, "--uf2", uf2, "--bootrom", bootrom,
           "--drive", drive, "--drive-out", after, "--script", script, "--max-emu-s", "10"]
    subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, cwd=ROOT, timeout=300)
    text = None
    if os.path.exists(after):
        with open(after, "rb") as f:
            text = fat.read_root_file(f.read(), "boot_out.txt")
    if not text:
        raise RuntimeError(f"the firmware wrote no boot_out.txt on an empty drive ({' '.join(cmd)})")
    os.makedirs(os.path.dirname(cache), exist_ok=True)
    with open(cache, "wb") as f:
        f.write(text)
    return text


def settings_toml(board, extra=""):
    text = f'SANBON_BOARD = "{board}"\nSANBON_DEBUG = 1\n'
    if extra:
        text += extra if extra.endswith("\n") else extra + "\n"
    return text


@dataclass
class Result:
    returncode: int
    lines: list = field(default_factory=list)  # [(emulated ms, text)]
    result: object = None                      # the scenario's return value
    stats: dict = field(default_factory=dict)
    error: str = None
    nvm: bytes = None
    log: str = None                            # emu.mjs's stdout and stderr
    workdir: str = None

    @property
    def ok(self):
        return self.returncode == 0


def run(script, board, build_dir, nvm_in=None, params=None, shots=None, settings_extra="",
        timeout_s=1800, uf2=None, bootrom=None, max_emu_s=None, xip_miss_cycles=None,
        node=None, env=None, first_boot=False):
    """Boot build_dir on the emulated Pico as `board` and run a scenario.

    nvm_in: the 4 KiB microcontroller.nvm sector (bytes or a path) to start
    from; the sector at the end comes back as Result.nvm. params: dict passed
    as api.params. shots: the folder for api.screenshot(). timeout_s: the wall
    clock limit (emu.mjs stops itself then; this process waits a minute more).
    env: extra environment variables for emu.mjs (SANBON_LCD_LOG).
    first_boot: the drive lacks boot_out.txt, as on the first power-on after
    the firmware was installed (the firmware writes it then); by default it
    holds the one this firmware writes (boot_out()), as every later power-on.
    """
    uf2, bootrom = firmware(uf2, bootrom)
    if board not in BOARDS:
        raise ValueError(f"unknown board {board!r}; one of {sorted(BOARDS)}")
    work = tempfile.mkdtemp(prefix="sanbon-emu-")
    drive = os.path.join(work, "drive.img")
    with open(drive, "wb") as f:
        extra = None if first_boot else {"boot_out.txt": boot_out(uf2, bootrom, node)}
        f.write(fat.make_image(build_dir, settings_toml(board, settings_extra), extra))
    tsv = os.path.join(work, "lines.tsv")
    nvm_out = os.path.join(work, "nvm-out.bin")
    log = os.path.join(work, "emu.log")
    x, y, w, h, rot = BOARDS[board]
    cmd = [node or os.environ.get("NODE", "node"), EMU_MJS, "--uf2", uf2, "--bootrom", bootrom,
           "--drive", drive, "--script", os.path.abspath(script),
           "--window", f"{x},{y},{w},{h}" + (f",{rot}" if rot else ""),
           "--lines", tsv, "--nvm-out", nvm_out, "--max-wall-s", str(timeout_s)]
    if nvm_in is not None:
        if isinstance(nvm_in, (bytes, bytearray)):
            path = os.path.join(work, "nvm-in.bin")
            with open(path, "wb") as f:
                f.write(nvm_in)
            nvm_in = path
        cmd += ["--nvm-in", str(nvm_in)]
    if shots:
        cmd += ["--shots", str(shots)]
    if max_emu_s is not None:
        cmd += ["--max-emu-s", str(max_emu_s)]
    if xip_miss_cycles is not None:
        cmd += ["--xip-miss-cycles", str(xip_miss_cycles)]
    for k, v in (params or {}).items():
        cmd += ["--param", f"{k}={v}"]
    with open(log, "wb") as f:
        try:
            rc = subprocess.run(cmd, stdout=f, stderr=subprocess.STDOUT, cwd=ROOT,
                                timeout=timeout_s + 60, env=dict(os.environ, **(env or {}))).returncode
        except subprocess.TimeoutExpired:
            rc = -1
    res = Result(returncode=rc, log=log, workdir=work)
    if os.path.exists(tsv):
        with open(tsv, encoding="utf-8", errors="replace") as f:
            next(f, None)
            for row in f:
                ns, _, text = row.rstrip("\n").partition("\t")
                res.lines.append((int(ns) / 1e6, text))
    with open(log, encoding="utf-8", errors="replace") as f:
        for row in f:
            if row.startswith("# result "):
                out = json.loads(row[len("# result "):])
                res.result = out.get("result")
                res.stats = out.get("stats", {})
                res.error = out.get("error")
    if os.path.exists(nvm_out):
        with open(nvm_out, "rb") as f:
            res.nvm = f.read()
    return res


if __name__ == "__main__":
    import argparse
    ap = argparse.ArgumentParser(description="Run a scenario on the emulated Pico.")
    ap.add_argument("script")
    ap.add_argument("--board", default="pico_display2", choices=sorted(BOARDS))
    ap.add_argument("--build", default=os.path.join(ROOT, "dist", "CIRCUITPY"))
    ap.add_argument("--shots")
    ap.add_argument("--param", action="append", default=[])
    a = ap.parse_args()
    r = run(a.script, a.board, a.build, shots=a.shots,
            params=dict(p.split("=", 1) for p in a.param))
    print(json.dumps({"returncode": r.returncode, "result": r.result, "error": r.error,
                      "stats": r.stats, "log": r.log}, indent=1))
